import Foundation
import VaultPlatform

/// Changes `.vault/config.yaml` the way the front-matter editor changes notes: only the
/// bytes of the setting that changes, so comments and settings `vault` does not know stay.
public struct ConfigEditor: Sendable {
    public enum Kind: String, Sendable { case tags, folders }

    public let root: VaultRoot

    public init(root: VaultRoot) {
        self.root = root
    }

    static var path: String { VaultRoot.settingsDirectory + "/" + VaultConfig.fileName }

    /// Sets a tag's colour (`#work` is `work`; a palette name in any case) and returns
    /// the tag and colour as stored.
    @discardableResult
    public func setColor(_ color: String, ofTag tag: String) throws(VaultError) -> (tag: String, color: String) {
        let name = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
        if let problem = TagName.problem(with: name) { throw .invalidTagName(tag, reason: problem) }
        try setColor(color.lowercased(), of: name, kind: .tags)
        return (name, color.lowercased())
    }

    /// Sets the colour of an existing folder (a palette name in any case) and returns the
    /// folder and colour as stored.
    @discardableResult
    public func setColor(_ color: String, ofFolder folder: String) throws(VaultError) -> (folder: String, color: String) {
        let relative = try NoteOperations.existingFolder(folder, root: root)
        try setColor(color.lowercased(), of: relative, kind: .folders)
        return (relative, color.lowercased())
    }

    /// The colour that removes a colour: `vault tag color work none`.
    public static let noColor = "none"

    /// Sets `colors.<kind>.<name>` to `color` (a palette name), or removes it for `none`.
    public func setColor(_ color: String, of name: String, kind: Kind) throws(VaultError) {
        if color == Self.noColor {
            try update { (text: inout [UInt8], root: YAMLNode?) throws(VaultError) in try Self.removeColor(of: name, kind: kind, in: &text, root: root) }
            return
        }
        guard VaultConfig.palette.contains(color) else {
            throw .unknownColor(color)
        }
        try update { (text: inout [UInt8], root: YAMLNode?) throws(VaultError) in
            try Self.setColor(color, of: name, kind: kind, in: &text, root: root)
        }
    }

    /// Renames the key `old` of `colors.<kind>` to `new`, keeping its colour. Nothing
    /// happens when `old` has no colour.
    public func renameColorKey(_ old: String, to new: String, kind: Kind) throws(VaultError) {
        try update { (text: inout [UInt8], root: YAMLNode?) throws(VaultError) in
            guard let pair = Self.colorPair(old, kind: kind, root: root) else { return }
            text.replaceSubrange(pair.key.start..<pair.key.end, with: Array(YAMLScalarWriter.render(new, in: .flow).utf8))
        }
    }

    /// Moves the colours of tag `old` and of the tags below it (`old/x`) to `new` and
    /// `new/x`, as a tag rename moves the tags. A colour the new name already has stays,
    /// and the old entry with it.
    public func renameTagColors(_ old: String, to new: String) throws(VaultError) {
        let oldKey = TagName.key(old)
        let depth = old.split(separator: "/").count
        try update { (text: inout [UInt8], root: YAMLNode?) throws(VaultError) in
            let colors = Self.pair("colors", in: root, matching: { $0.lowercased() == $1 })
            let group = Self.pair(Kind.tags.rawValue, in: colors?.value, matching: { $0.lowercased() == $1 })
            var edits: [(range: Range<Int>, name: String)] = []
            for pair in Self.pairs(group?.value) {
                guard let name = pair.key.scalar, TagName.isSelfOrDescendant(TagName.key(name), of: oldKey) else { continue }
                let renamed = ([new] + name.split(separator: "/").dropFirst(depth).map(String.init)).joined(separator: "/")
                guard Self.colorPair(renamed, kind: .tags, root: root) == nil else { continue }
                edits.append((pair.key.start..<pair.key.end, renamed))
            }
            for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                text.replaceSubrange(edit.range, with: Array(YAMLScalarWriter.render(edit.name, in: .flow).utf8))
            }
        }
    }

    // MARK: - Editing

    func update(_ edit: (inout [UInt8], YAMLNode?) throws(VaultError) -> Void) throws(VaultError) {
        var text: [UInt8] = []
        var mode: UInt32 = 0o644
        if let (bytes, status) = try? root.read(Self.path) {
            text = bytes
            mode = status.mode
        }
        let parsed = try Self.parse(text)
        var edited = text
        try edit(&edited, parsed)
        guard edited != text else { return }
        // The result must still read as the same YAML with the one change.
        _ = try Self.parse(edited)
        try root.write(edited, to: Self.path, mode: mode)
    }

    static func parse(_ text: [UInt8]) throws(VaultError) -> YAMLNode? {
        do {
            return try text.withUnsafeBytes { raw in
                Result { () throws(YAMLParseError) in try YAMLReader.parse(raw) }
            }.get()
        } catch {
            throw .located(Diagnostic(path: path, line: error.line + 1, column: error.column + 1, severity: .error, message: error.message))
        }
    }

    static func pairs(_ node: YAMLNode?) -> [YAMLPair] {
        if case .mapping(let pairs, _)? = node?.kind { return pairs }
        return []
    }

    static func pair(_ name: String, in node: YAMLNode?, matching: (String, String) -> Bool) -> YAMLPair? {
        pairs(node).first { $0.key.scalar.map { matching($0, name) } ?? false }
    }

    private static func sameKey(kind: Kind) -> (String, String) -> Bool {
        switch kind {
        case .tags: return { TagName.key($0) == TagName.key($1) }
        case .folders: return { $0.lowercased() == $1.lowercased() }
        }
    }

    static func colorPair(_ name: String, kind: Kind, root: YAMLNode?) -> YAMLPair? {
        let colors = pair("colors", in: root, matching: { $0.lowercased() == $1 })
        let group = pair(kind.rawValue, in: colors?.value, matching: { $0.lowercased() == $1 })
        return pair(name, in: group?.value, matching: sameKey(kind: kind))
    }

    private static func setColor(_ color: String, of name: String, kind: Kind, in text: inout [UInt8], root: YAMLNode?) throws(VaultError) {
        let key = YAMLScalarWriter.render(name, in: .flow)
        let entry = "\(key): \(color)"
        if let existing = colorPair(name, kind: kind, root: root) {
            let value = existing.value
            if value.isNull, value.start == value.end {
                text.insert(contentsOf: Array(" \(color)".utf8), at: existing.key.end + 1)
            } else {
                text.replaceSubrange(value.start..<value.end, with: Array(color.utf8))
            }
            return
        }
        let colors = pair("colors", in: root, matching: { $0.lowercased() == $1 })
        let group = pair(kind.rawValue, in: colors?.value, matching: { $0.lowercased() == $1 })
        if let group {
            try insert(entry, into: group, text: &text)
        } else if let colors {
            try insert("\(kind.rawValue): { \(entry) }", into: colors, text: &text)
        } else {
            if let last = text.last, last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
            text += Array("colors:\n  \(kind.rawValue): { \(entry) }\n".utf8)
        }
    }

    /// Removes the entry of `name` from `colors.<kind>`: in a flow mapping with its comma,
    /// in a block mapping its line; the rest of the file is left as it is.
    private static func removeColor(of name: String, kind: Kind, in text: inout [UInt8], root: YAMLNode?) throws(VaultError) {
        guard let entry = colorPair(name, kind: kind, root: root) else { return }
        let colors = pair("colors", in: root, matching: { $0.lowercased() == $1 })
        guard let group = pair(kind.rawValue, in: colors?.value, matching: { $0.lowercased() == $1 }) else { return }
        removeEntry(entry, from: group.value, in: &text)
    }

    /// Removes `entry` from `mapping`: in a flow mapping with its comma, in a block
    /// mapping its lines; the rest of the file is left as it is.
    static func removeEntry(_ entry: YAMLPair, from mapping: YAMLNode, in text: inout [UInt8]) {
        guard case .mapping(let entries, let flow) = mapping.kind,
              let index = entries.firstIndex(where: { $0.key.start == entry.key.start }) else { return }
        let range: Range<Int>
        if !flow {
            range = text.withUnsafeBytes { raw in
                startOfLine(containing: entry.key.start, in: raw)..<endOfLine(containing: max(entry.key.end, entry.value.contentEnd - 1), in: raw)
            }
        } else if entries.count == 1 {
            range = (mapping.start + 1)..<(mapping.end - 1)
        } else if index + 1 < entries.count {
            range = entry.key.start..<entries[index + 1].key.start
        } else {
            range = entries[index - 1].value.end..<entry.value.end
        }
        text.replaceSubrange(range, with: [])
    }

    /// Adds `entry` (`key: value`) to the mapping that is `pair`'s value.
    static func insert(_ entry: String, into pair: YAMLPair, text: inout [UInt8]) throws(VaultError) {
        let value = pair.value
        switch value.kind {
        case .mapping(let pairs, true):
            let close = value.end - 1
            text.insert(contentsOf: Array((pairs.isEmpty ? " \(entry) " : ", \(entry)").utf8), at: pairs.isEmpty ? close : lastContentEnd(before: close, in: text))
        case .mapping(let pairs, false):
            guard let first = pairs.first, let last = pairs.last else { return }
            let lineEnd = text.withUnsafeBytes { endOfLine(containing: max(last.value.contentEnd - 1, last.key.start), in: $0) }
            let indent = String(repeating: " ", count: first.key.column)
            var insertion = Array((indent + entry + "\n").utf8)
            if lineEnd == text.count, text.last != UInt8(ascii: "\n") { insertion.insert(UInt8(ascii: "\n"), at: 0) }
            text.insert(contentsOf: insertion, at: lineEnd)
        default:
            guard value.isNull else {
                throw .located(Diagnostic(path: path, line: pair.key.line + 1, column: pair.key.column + 1, severity: .error,
                                          message: "'\(pair.key.scalar ?? "")' is not a mapping; fix it by hand"))
            }
            // `colors:` with nothing after it.
            let lineEnd = text.withUnsafeBytes { endOfLine(containing: pair.key.end, in: $0) }
            let indent = String(repeating: " ", count: pair.key.column + 2)
            text.insert(contentsOf: Array((indent + entry + "\n").utf8), at: lineEnd)
        }
    }

    /// The offset just past the last non-space byte before `offset` (before `}`).
    private static func lastContentEnd(before offset: Int, in text: [UInt8]) -> Int {
        var index = offset
        while index > 0, text[index - 1] == UInt8(ascii: " ") || text[index - 1] == UInt8(ascii: "\n") { index -= 1 }
        return index
    }
}
