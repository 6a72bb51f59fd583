import Foundation
import VaultKit

/// Each tool call: its arguments parsed, a VaultKit use case called under the assistant's
/// scope, and its report as structured content (the text copy is made by the server).
package struct VaultTools: Sendable {
    let sessions: CurrentSession
    /// What the assistant may see and change.
    package let scope: AssistantScope
    /// The vault as a running `vault serve` holds it, when it answers this call: the
    /// reading tools take their notes from it instead of a scan.
    var live: SettledVault? = nil

    /// The tools for an assistant given `scope` in the vault `sessions` opens.
    package init(sessions: CurrentSession, scope: AssistantScope, live: SettledVault? = nil) {
        self.sessions = sessions
        self.scope = scope
        self.live = live
    }

    /// The tools that only read: all that a read-only scope offers and runs. A tool that is
    /// not here is refused under a read-only scope, whatever it does.
    package static let readingTools: Set<String> = ["search_notes", "read_note", "list_notes", "list_tags", "list_folders", "tasks", "note_history"]

    /// The tools that change the vault.
    package static let writingTools: Set<String> = [
        "create_note", "edit_note", "set_properties", "tag_notes", "move_notes", "rename_note", "delete_notes", "complete_task", "undo",
    ]

    /// The tools whose answers a running `vault serve` can give: they read, and read nothing
    /// the server's vault lacks (a note's history is git's).
    static let servedTools = readingTools.subtracting(["note_history"])

    /// The answer to one call: structured content and its text copy, or an error's words.
    package func answer(_ name: String, _ arguments: [String: JSONValue]?) -> ToolResult {
        do {
            return ToolResult(report: try call(name, ToolArguments(arguments)))
        } catch {
            return Rendering.error(error)
        }
    }

    /// The tool `name` with `arguments`: its answer, or the domain's error.
    func call(_ name: String, _ arguments: ToolArguments) throws -> [String: JSONValue] {
        let session = sessions.session
        if scope.readOnly, !Self.readingTools.contains(name) {
            throw Self.writingTools.contains(name) ? VaultError.readOnlyScope : VaultError.invalidArgument("no tool is called '\(name)'")
        }
        switch name {
        case "search_notes": return try search(arguments, session)
        case "read_note": return try read(arguments, session)
        case "list_notes": return try list(arguments, session)
        case "list_tags": return try tags(session)
        case "list_folders": return try folders(session)
        case "tasks": return try tasks(arguments, session)
        case "note_history": return try history(arguments, session)
        case "create_note": return try create(arguments, session)
        case "edit_note": return try edit(arguments, session)
        case "set_properties": return try setProperties(arguments, session)
        case "tag_notes": return try tag(arguments, session)
        case "move_notes": return try move(arguments, session)
        case "rename_note": return try rename(arguments, session)
        case "delete_notes": return try delete(arguments, session)
        case "complete_task": return try completeTask(arguments, session)
        case "undo": return try undo(arguments, session)
        default: throw VaultError.invalidArgument("no tool is called '\(name)'")
        }
    }

    // MARK: - Reading

    private func search(_ arguments: ToolArguments, _ session: VaultSession) throws -> [String: JSONValue] {
        let text = try arguments.required("query")
        let query = text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try Query.parse(text)
        let notes = try session.visibleNotes(matching: query, in: scope, ranked: true, from: live)
        return try page(notes, arguments)
    }

    private func list(_ arguments: ToolArguments, _ session: VaultSession) throws -> [String: JSONValue] {
        let notes = try session.visibleNotes(inFolder: try arguments.string("folder"), tagged: try arguments.string("tag"), in: scope, from: live)
        return try page(notes, arguments)
    }

    /// A page of `notes` from the cursor: at most the limit, and no more than fit the bounds.
    private func page(_ notes: [Note], _ arguments: ToolArguments) throws -> [String: JSONValue] {
        let start = min(try AssistantBounds.position(ofCursor: try arguments.string("cursor")), notes.count)
        let limit = AssistantBounds.limit(try arguments.int("limit"))
        let candidates = notes[start..<min(notes.count, start + limit)].map(Rendering.summary)
        let count = AssistantBounds.fitting(candidates[...]) { Rendering.size(of: $0) }
        let next = start + count < notes.count ? JSONValue.string(String(start + count)) : .null
        return ["notes": .array(Array(candidates.prefix(count))), "next_cursor": next, "total": .int(notes.count)]
    }

    private func read(_ arguments: ToolArguments, _ session: VaultSession) throws -> [String: JSONValue] {
        let note = try session.resolveVisible(try arguments.required("note"), in: scope, from: live)
        let document = try session.document(at: note.path)
        var text = document.text
        if let heading = try arguments.string("section") { text = try EditNote.sectionText(heading, in: document.body, path: note.path) }
        let page = try TextPage(text, offset: try arguments.int("offset") ?? 0)
        var properties: [String: JSONValue] = [:]
        var budget = AssistantBounds.perCopy - AssistantBounds.textPage - 1_000
        for (key, value) in document.properties {
            budget -= key.count + value.count + 8
            properties[key] = .string(budget >= 0 ? value : "…")
        }
        return [
            "path": .string(note.path), "title": .string(document.note.title), "version": .string(document.version),
            "properties": .object(properties), "text": .string(page.text), "offset": .int(page.offset),
            "next_offset": page.nextOffset.map(JSONValue.int) ?? .null, "total_characters": .int(page.total),
        ]
    }

    private func tags(_ session: VaultSession) throws -> [String: JSONValue] {
        var counts: [String: (name: String, count: Int)] = [:]
        for note in try session.visibleNotes(matching: nil, in: scope, from: live) {
            for tag in note.tags { counts[TagName.key(tag), default: (tag, 0)].count += 1 }
        }
        let rows: [JSONValue] = counts.values.sorted { $0.name.lowercased() < $1.name.lowercased() }.map { ["name": .string($0.name), "count": .int($0.count)] }
        let count = AssistantBounds.fitting(rows[...]) { Rendering.size(of: $0) }
        return ["tags": .array(Array(rows.prefix(count))), "total": .int(rows.count), "complete": .bool(count == rows.count)]
    }

    private func folders(_ session: VaultSession) throws -> [String: JSONValue] {
        let notes = try session.visibleNotes(matching: nil, in: scope, from: live)
        let folders = try session.visibleFolders(in: scope, from: live).sorted()
        let rows: [JSONValue] = folders.map { folder in
            ["path": .string(folder), "count": .int(notes.count { $0.folder == folder || $0.folder.hasPrefix(folder + "/") })]
        }
        let count = AssistantBounds.fitting(rows[...]) { Rendering.size(of: $0) }
        return ["folders": .array(Array(rows.prefix(count))), "total": .int(rows.count), "complete": .bool(count == rows.count)]
    }

    private func tasks(_ arguments: ToolArguments, _ session: VaultSession) throws -> [String: JSONValue] {
        let query = try arguments.string("query").flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }.map { try Query.parse($0) }
        let notes = try session.visibleNotes(matching: query, in: scope, from: live)
        let found = session.tasks(matching: nil, in: notes, statuses: TaskShow.open.statuses).tasks
        let rows = found.map(Rendering.task)
        let count = AssistantBounds.fitting(rows[...]) { Rendering.size(of: $0) }
        return ["tasks": .array(Array(rows.prefix(count))), "total": .int(rows.count), "complete": .bool(count == rows.count)]
    }

    private func history(_ arguments: ToolArguments, _ session: VaultSession) throws -> [String: JSONValue] {
        let note = try session.resolveVisible(try arguments.required("note"), in: scope)
        let operations = OperationHistory(vault: session.vault).entries().compactMap { _, entry -> JSONValue? in
            guard case .files(let record) = entry, record.steps.contains(where: { Rendering.paths(of: $0).contains(note.path) }) else { return nil }
            return ["record_id": .string(record.id), "kind": .string(record.kind.rawValue), "time": .string(NoteDate.format(record.time, timeZone: session.vault.timeZone)), "summary": .string(record.summary)]
        }
        let versions: [JSONValue] = ((try? NoteVersions(root: session.root).versions(of: note.path)) ?? []).prefix(50).map { version in
            ["commit": version.commit.map(JSONValue.string) ?? .null, "date": .string(NoteDate.format(version.date, timeZone: session.vault.timeZone)),
             "author": .string(version.author), "path": .string(version.path), "kinds": .array(version.kinds.map(JSONValue.string))]
        }
        return ["path": .string(note.path), "operations": .array(Array(operations.suffix(50))), "versions": .array(versions)]
    }

    // MARK: - Writing

    /// The notes a writing tool names, or those its query chooses (one of the two).
    private func selection(_ arguments: ToolArguments, _ session: VaultSession) throws -> (notes: [Note], query: String?) {
        let names = try arguments.strings("notes"), query = try arguments.string("query")
        switch (names, query) {
        case (let names?, nil):
            guard !names.isEmpty else { throw VaultError.invalidArgument("'notes' is empty: name at least one note") }
            return (try session.resolveVisible(names, in: scope), nil)
        case (nil, let query?):
            let notes = try session.visibleNotes(matching: try Query.parse(query), in: scope)
            guard !notes.isEmpty else { throw VaultError.noteNotFound(query) }
            return (notes, query)
        default:
            throw VaultError.invalidArgument("give either 'notes' or 'query'")
        }
    }

    private func create(_ arguments: ToolArguments, _ session: VaultSession) throws -> [String: JSONValue] {
        let title = try arguments.required("title")
        let folder = try arguments.string("folder") ?? session.config.newFolder
        try scope.requireWritable(folder: folder)
        var draft = try session.draft(title: title, folder: folder, tags: try arguments.strings("tags") ?? [])
        if let text = try arguments.string("text") { draft.body = text }
        try session.validate(draft)
        let report = try session.write { try CreateNote(draft).run(in: $0) }
        let version = try session.document(at: report.path).version
        return ["path": .string(report.path), "version": .string(version), "record_id": Rendering.id(report.recordID)]
    }

    private func edit(_ arguments: ToolArguments, _ session: VaultSession) throws -> [String: JSONValue] {
        let note = try session.resolveVisible(try arguments.required("note"), in: scope)
        var changes: [EditNote.Change] = []
        if let replace = try arguments.object("replace") {
            let inner = ToolArguments(replace)
            changes.append(.replace(old: try inner.required("old"), new: try inner.required("new")))
        }
        if let text = try arguments.string("append") { changes.append(.append(text)) }
        if let text = try arguments.string("prepend") { changes.append(.prepend(text)) }
        if let section = try arguments.object("section") {
            let inner = ToolArguments(section)
            changes.append(.section(heading: try inner.required("heading"), text: try inner.required("text")))
        }
        guard changes.count == 1, let change = changes.first else {
            throw VaultError.invalidArgument("give exactly one of 'replace', 'append', 'prepend' and 'section'")
        }
        let report = try session.write { try EditNote(note.path, version: try arguments.required("version"), change).run(in: $0) }
        return ["path": .string(report.path), "version": .string(report.version), "record_id": Rendering.id(report.recordID)]
    }

    private func setProperties(_ arguments: ToolArguments, _ session: VaultSession) throws -> [String: JSONValue] {
        let (notes, _) = try selection(arguments, session)
        var values: [(key: String, value: PropertyValue)] = []
        for (key, value) in (try arguments.object("set") ?? [:]).sorted(by: { $0.key < $1.key }) {
            values.append((key, try ToolArguments.propertyValue(value, key: key)))
        }
        let change = try SetProperties(notes, set: values, remove: try arguments.strings("remove") ?? [])
        let report = try arguments.bool("dry_run") ? change.plan(in: session) : try session.write { try change.run(in: $0) }
        var answer = Rendering.changes(report.changed, failed: report.failed, recordID: report.recordID)
        answer["values"] = .object(Dictionary(uniqueKeysWithValues: values.map { ($0.key, ["yaml": .string($0.value.yaml), "reads_as": .string($0.value.kind.rawValue)]) }))
        return answer
    }

    private func tag(_ arguments: ToolArguments, _ session: VaultSession) throws -> [String: JSONValue] {
        let (notes, query) = try selection(arguments, session)
        let add = try arguments.strings("add") ?? [], remove = try arguments.strings("remove") ?? []
        guard !add.isEmpty || !remove.isEmpty else { throw VaultError.invalidArgument("give tags to 'add' or 'remove'") }
        let among = try session.visibleNotes(matching: nil, in: scope)
        var changed: [String] = [], failed: [VaultError] = [], ids: [String] = []
        for change in [add.isEmpty ? nil : TagNotes.Change.add(add), remove.isEmpty ? nil : .remove(remove)].compactMap({ $0 }) {
            let tagging = TagNotes(change, to: notes, among: among, chosenBy: query, alwaysRecorded: true)
            let (report, id) = try session.write { try tagging.runRecorded(in: $0) }
            changed += report.changed
            failed += report.failed
            if let id { ids.append(id) }
        }
        var answer = Rendering.changes(Array(Set(changed)).sorted(), failed: failed, recordID: ids.last)
        answer["record_ids"] = .array(ids.map(JSONValue.string))
        return answer
    }

    private func move(_ arguments: ToolArguments, _ session: VaultSession) throws -> [String: JSONValue] {
        let (notes, _) = try selection(arguments, session)
        let folder = try session.folder(try arguments.required("folder"), in: try session.scan())
        try scope.requireWritable(folder: folder)
        // Links are rewritten in every note of the vault, and reported only where visible.
        let all = try session.scan().notes
        let report = try session.write { try Relocate(.move(notes, to: folder.isEmpty ? "/" : folder), notes: all).run(in: $0) }
        return Rendering.relocation(report.visible(to: scope, among: all))
    }

    private func rename(_ arguments: ToolArguments, _ session: VaultSession) throws -> [String: JSONValue] {
        let note = try session.resolveVisible(try arguments.required("note"), in: scope)
        try scope.requireWritable(folder: note.folder)
        let title = try arguments.required("title")
        let all = try session.scan().notes
        let report = try session.write { try Relocate(.rename(note, to: title), notes: all).run(in: $0) }
        return Rendering.relocation(report.visible(to: scope, among: all))
    }

    private func delete(_ arguments: ToolArguments, _ session: VaultSession) throws -> [String: JSONValue] {
        let (notes, _) = try selection(arguments, session)
        // Every note of the vault: an attachment a note outside the scope uses stays.
        let delete = DeleteNotes(notes) { try session.scan().notes }
        let report = try session.write { try delete.run(in: $0) }
        var answer = Rendering.changes(report.trashed.map(\.path), failed: report.failed, recordID: report.recordID)
        answer["trashed"] = .array(report.trashed.map { ["path": .string($0.path), "name": .string($0.name)] })
        return answer
    }

    private func completeTask(_ arguments: ToolArguments, _ session: VaultSession) throws -> [String: JSONValue] {
        let notes = try session.visibleNotes(matching: nil, in: scope)
        let all = session.tasks(matching: nil, in: notes, statuses: Set(NoteTask.Status.allCases)).tasks
        let task = try session.task(try arguments.required("ref"), in: all)
        var change = ChangeTasks([task], [.status(.done)])
        change.alwaysRecorded = true
        let report = try session.write { try change.run(in: $0) }
        if let error = report.failed.first { throw error }
        return ["tasks": .array(report.changed.map(Rendering.task)), "record_id": Rendering.id(report.recordID)]
    }

    private func undo(_ arguments: ToolArguments, _ session: VaultSession) throws -> [String: JSONValue] {
        let id = try arguments.required("record_id")
        try session.requireUndoable(id, in: scope)
        let undo = UndoOperation(id)
        let report = try arguments.bool("dry_run") ? try undo.plan(in: session, over: try session.scan().notes) : try session.write { try undo.run(in: $0) }
        switch report.outcome {
        case .files(let files):
            if files.refused, let first = files.leftAlone.first { throw first }
            var answer = Rendering.changes(files.changed, failed: files.leftAlone, recordID: files.recordID)
            answer["undid"] = .string(report.undid)
            return answer
        case .tags(let tags):
            var answer = Rendering.changes(tags.changed, failed: tags.failed, recordID: tags.recordID)
            answer["undid"] = .string(report.undid)
            return answer
        }
    }
}
