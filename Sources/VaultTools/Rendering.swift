import Foundation
import VaultKit

/// VaultKit's values as the JSON of the tools' answers.
enum Rendering {
    static func summary(_ note: Note) -> JSONValue {
        [
            "path": .string(note.path), "title": .string(note.title), "folder": .string(note.folder),
            "tags": .array(note.tags.map(JSONValue.string)), "modified": .string(NoteDate.format(note.modified)),
            "snippet": .string(note.snippet),
        ]
    }

    static func task(_ task: NoteTask) -> JSONValue {
        [
            "ref": .string(task.ref), "text": .string(task.text), "status": .string(task.status.rawValue),
            "priority": .string(task.priority.rawValue), "due": task.due.map { .string($0.description) } ?? .null,
            "path": .string(task.path), "line": .int(task.line),
        ]
    }

    static func id(_ recordID: String?) -> JSONValue { recordID.map(JSONValue.string) ?? .null }

    static func changes(_ changed: [String], failed: [VaultError], recordID: String?) -> [String: JSONValue] {
        ["changed": .array(changed.map(JSONValue.string)), "failed": .array(failed.map { .string($0.errorDescription ?? "\($0)") }), "record_id": id(recordID)]
    }

    static func relocation(_ report: Relocation.Report) -> [String: JSONValue] {
        var answer = changes(report.moves.map(\.to), failed: report.failed, recordID: report.recordID)
        answer["moves"] = .array(report.moves.map { ["from": .string($0.from), "to": .string($0.to)] })
        answer["links_rewritten"] = .int(report.links.count)
        return answer
    }

    /// The paths a step of a recorded operation touches.
    static func paths(of step: OperationRecord.Step) -> [String] {
        switch step {
        case .edit(let path, _, _, _): [path]
        case .move(let from, let to): [from, to]
        case .trash(let path, _, _): [path]
        case .restore(_, let path, _): [path]
        case .create(let path, _), .remove(let path, _): [path]
        }
    }

    /// The characters `value` takes as JSON.
    static func size(of value: JSONValue) -> Int { value.json.count }

    /// An error as the tool's answer: the domain's words, and what to do about it.
    static func error(_ error: any Error) -> ToolResult {
        var message: String
        switch error {
        case let error as VaultError:
            message = error.errorDescription ?? "\(error)"
            if let advice = error.suggestion.flatMap(advice) { message += " (" + advice + ")" }
        case let error as QueryError:
            message = error.errorDescription ?? "\(error)"
        default:
            message = "\(error)"
        }
        return ToolResult(error: message)
    }

    /// A suggestion as an assistant acts on it: the tool to call.
    static func advice(_ suggestion: Suggestion) -> String? {
        switch suggestion {
        case .createFolder(let folder): "no such folder; list_folders shows those there are (\(folder) is not one)"
        case .listTasks: "call tasks for the current refs"
        case .listHistory, .listTagHistory: "a record_id is what a write returned; note_history lists a note's"
        case .readNoteAgain: "call read_note for its text and version now"
        case .checkVault: "run 'vault check' in a terminal"
        default: nil
        }
    }
}
