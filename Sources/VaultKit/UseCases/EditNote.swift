import Foundation
import VaultPlatform

/// Changing a note's text by a precise edit, the version it was read at named: refused,
/// nothing written, when the note changed since (its version is another) or when the text
/// to replace is not in it exactly once. Recorded as one operation for `vault undo`.
public struct EditNote: Sendable {
    /// The edit.
    public enum Change: Sendable, Equatable {
        /// `old`, found exactly once in the note, becomes `new`.
        case replace(old: String, new: String)
        /// Text added at the end of the note.
        case append(String)
        /// Text added at the start of the body (after the front matter).
        case prepend(String)
        /// The text under the heading `heading`, up to the next heading of its level or
        /// above, becomes `text`.
        case section(heading: String, text: String)
    }

    /// What an edit did.
    public struct Report: Sendable {
        public var path: String
        /// The note's version now.
        public var version: String
        /// The operation in `.vault/history/`; nil when the edit changed nothing.
        public var recordID: String?
    }

    public let path: String
    public let version: String
    public let change: Change

    public init(_ path: String, version: String, _ change: Change) {
        self.path = path
        self.version = version
        self.change = change
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws -> Report {
        let root = changes.vault.root
        let (report, recordID) = try changes.recorded(.edit, summary: path) { changes throws(VaultError) -> Report in
            let (before, status) = try root.read(path)
            let current = VaultSession.version(of: status.stamp)
            guard current == version else { throw .staleVersion(path: path, current: current) }
            try EditorText.requireUTF8(before, path: path)
            if status.isReadOnly {
                throw .located(Diagnostic(path: path, severity: .error, message: "note is read-only; vault leaves it unchanged (chmod u+w to allow)"))
            }
            var after = Array(try Self.edited(String(decoding: before, as: UTF8.self), path: path, by: change).utf8)
            guard after != before else { return Report(path: path, version: current) }
            // As a save from the app: the text changed, so `modified` is now.
            if var editor = try? FrontMatterEditor(bytes: after, timeZone: changes.vault.timeZone), editor.frontMatter != nil,
               (try? editor.set(FrontMatterKey.modified, to: .date(changes.vault.now()))) != nil {
                after = editor.bytes
            }
            let step = try changes.vault.journal?.intend(.edit(path, NoteWriter.Change(before: before, after: after)))
            try root.write(after, to: path, mode: status.mode, replacing: .unchanged(status.stamp), crashTestPoint: true)
            if let step { changes.vault.journal?.made(step) }
            let now = root.status(path).map { VaultSession.version(of: $0.stamp) } ?? current
            return Report(path: path, version: now)
        }
        var result = report
        result.recordID = recordID
        return result
    }

    /// `text` with `change` made; the rules of an edit (the replaced text there once, the
    /// heading there) refuse it otherwise, naming `path`.
    public static func edited(_ text: String, path: String, by change: Change) throws(VaultError) -> String {
        switch change {
        case .replace(let old, let new):
            guard !old.isEmpty else { throw .replacedTextNotUnique(path: path, count: 0) }
            let found = occurrences(of: old, in: text)
            guard found.count == 1, let range = found.first else { throw .replacedTextNotUnique(path: path, count: found.count) }
            return text.replacingCharacters(in: range, with: new)
        case .append(let addition):
            guard !addition.isEmpty else { return text }
            let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
            return text + separator + addition + (addition.hasSuffix("\n") ? "" : "\n")
        case .prepend(let addition):
            guard !addition.isEmpty else { return text }
            let bodyStart = Array(text.utf8).withUnsafeBytes { NoteReader.bodyStart(of: $0) }
            let index = text.utf8.index(text.utf8.startIndex, offsetBy: bodyStart)
            return String(text[..<index]) + addition + (addition.hasSuffix("\n") ? "" : "\n") + String(text[index...])
        case .section(let heading, let replacement):
            return try replacingSection(heading, with: replacement, in: text, path: path)
        }
    }

    /// Every place `needle` is in `text`, not overlapping.
    static func occurrences(of needle: String, in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var from = text.startIndex
        while let range = text.range(of: needle, range: from..<text.endIndex) {
            found.append(range)
            from = range.upperBound
        }
        return found
    }

    /// The ATX heading a line is (`## Plan` is level 2, text `Plan`), nil for any other line.
    static func heading(_ line: Substring) -> (level: Int, text: String)? {
        let level = line.prefix { $0 == "#" }.count
        guard (1...6).contains(level) else { return nil }
        let rest = line.dropFirst(level)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = rest.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("#") { text.removeLast() }
        return (level, text.trimmingCharacters(in: .whitespaces))
    }

    /// The lines of the section under `wanted` in `lines`: its heading's index and the index
    /// past its last line (the next heading of its level or above, or the end).
    private static func section(_ wanted: String, in lines: [Substring], path: String) throws(VaultError) -> (heading: Int, end: Int) {
        var fenced = false
        var start: (index: Int, level: Int)?
        var end = lines.count
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") || line.hasPrefix("~~~") { fenced.toggle(); continue }
            guard !fenced, let found = heading(line) else { continue }
            if let start {
                if found.level <= start.level { end = index; break }
            } else if found.text.lowercased() == wanted.trimmingCharacters(in: .whitespaces).lowercased() {
                start = (index, found.level)
            }
        }
        guard let start else { throw .headingNotFound(path: path, heading: wanted) }
        return (start.index, end)
    }

    /// The section under the heading `wanted`, its heading line included (what a reader asks
    /// for instead of the whole note).
    public static func sectionText(_ wanted: String, in text: String, path: String) throws(VaultError) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let (start, end) = try section(wanted, in: lines, path: path)
        let result = lines[start..<end].joined(separator: "\n")
        return end < lines.count ? result + "\n" : result
    }

    private static func replacingSection(_ wanted: String, with replacement: String, in text: String, path: String) throws(VaultError) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let (start, end) = try section(wanted, in: lines, path: path)
        var body = replacement.split(separator: "\n", omittingEmptySubsequences: false)
        if body.last == "" { body.removeLast() }
        // A blank line before the next heading, as the section had one.
        if end < lines.count, body.last.map({ !$0.isEmpty }) ?? true { body.append("") }
        lines.replaceSubrange((start + 1)..<end, with: body)
        let result = lines.joined(separator: "\n")
        return text.hasSuffix("\n") && !result.hasSuffix("\n") ? result + "\n" : result
    }
}
