import Foundation

/// The values of the front-matter keys `vault` understands, read tolerantly.
///
/// A value that cannot be understood is left out and reported in `problems`, never guessed.
public struct NoteFields: Sendable {
    /// The values read, by field; a field absent here was absent, null or not understood.
    private var values: [(field: FrontMatterField, value: FrontMatterValue)] = []
    /// Values that could not be understood, located in the note file.
    public var problems: [FrontMatterError] = []

    public init() {}

    /// Reads the `understood` keys of `frontMatter`.
    public init(_ frontMatter: FrontMatter, understood: [FrontMatterField] = FrontMatterField.vaultKeys, timeZone: TimeZone = .current) {
        let keys = understood.map(\.matchKey)
        var firstLines: [String: Int] = [:]
        for pair in frontMatter.entries {
            guard let key = pair.key.scalar else { continue }
            let folded = key.utf8.contains(where: { (0x41...0x5A).contains($0) }) ? key.lowercased() : key
            guard let index = keys.firstIndex(of: folded) else { continue }
            let field = understood[index]
            guard FrontMatterKey.matches(key, field.key) else { continue }
            var reader = FieldReader(key: key, timeZone: timeZone)
            let value = reader.read(pair.value, as: field.kind)
            problems += reader.problems
            // A repeated key: the last one counts, as YAML readers take it, and `check` says so.
            if let first = firstLines[folded] {
                problems.append(FrontMatterError(
                    message: "'\(key)' is set twice (first on line \(first)); the last one counts",
                    line: pair.key.line + 2, column: pair.key.column + 1))
            } else {
                firstLines[folded] = pair.key.line + 2
            }
            values.removeAll { $0.field == field }
            if let value { values.append((field, value)) }
        }
    }

    /// The value of `field`, nil when it is absent or could not be understood.
    public subscript(field: FrontMatterField) -> FrontMatterValue? {
        values.last { $0.field == field }?.value
    }

    /// The lower-cased keys of `fields`, to have the YAML reader keep only those.
    public static func keys(of fields: [FrontMatterField]) -> Set<String> { Set(fields.map(\.matchKey)) }

    // The keys `vault` writes, typed.
    public var id: String? { self[.id]?.text }
    public var title: String? { self[.title]?.text }
    public var tags: [String] { self[.tags]?.list ?? [] }
    public var pinned: Bool { self[.pinned]?.flag ?? false }
    public var created: Date? { self[.created]?.date }
    public var modified: Date? { self[.modified]?.date }
    public var sortDate: Date? { self[.sortDate]?.date }
}

extension FrontMatterValue {
    public var text: String? { if case .string(let value) = self { value } else { nil } }
    public var flag: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var date: Date? { if case .date(let value) = self { value } else { nil } }
    public var list: [String]? { if case .list(let value) = self { value } else { nil } }
}

/// Reads one value of a kind, collecting what it cannot understand.
private struct FieldReader {
    let key: String
    let timeZone: TimeZone
    var problems: [FrontMatterError] = []

    mutating func read(_ node: YAMLNode, as kind: FrontMatterField.Kind) -> FrontMatterValue? {
        switch kind {
        case .text: return string(node).map(FrontMatterValue.string)
        case .flag: return .bool(bool(node))
        case .date: return date(node).map(FrontMatterValue.date)
        case .tags: return .list(tags(node))
        }
    }

    private mutating func report(_ message: String, at node: YAMLNode) {
        problems.append(FrontMatterError(message: message, line: node.line + 2, column: node.column + 1))
    }

    private mutating func string(_ node: YAMLNode) -> String? {
        if node.isNull { return nil }
        guard let value = node.scalar else {
            report("'\(key)' should be a single value", at: node)
            return nil
        }
        let trimmed = value.trimmingSpaces()
        return trimmed.isEmpty ? nil : trimmed
    }

    private mutating func bool(_ node: YAMLNode) -> Bool {
        if node.isNull { return false }
        guard let value = node.scalar else {
            report("'\(key)' should be true or false", at: node)
            return false
        }
        if let bool = YAMLBool.value(of: value) { return bool }
        report("'\(key)' should be true or false, not '\(value)'", at: node)
        return false
    }

    private mutating func date(_ node: YAMLNode) -> Date? {
        if node.isNull { return nil }
        guard let value = node.scalar else {
            report("'\(key)' should be a date", at: node)
            return nil
        }
        if let date = NoteDate.parse(value, timeZone: timeZone) { return date }
        report("'\(key)' is not a date vault understands: '\(value)' (use 2026-11-20T09:15:00+01:00)", at: node)
        return nil
    }

    private mutating func tags(_ node: YAMLNode) -> [String] {
        if node.isNull { return [] }
        var tags: [String] = []
        switch node.kind {
        case .scalar(let value, _, _):
            // One string is one tag, as Obsidian (1.9 on) reads it: `tags: work, home`
            // is no tag there, so it is none here either, and reported.
            let trimmed = value.trimmingSpaces()
            if trimmed.unicodeScalars.contains(where: { $0 == "," || $0.properties.isWhitespace }) {
                report("'\(key)' should be a list ([a, b]): the string '\(trimmed)' is not a tag", at: node)
            } else {
                addTag(value, at: node, to: &tags)
            }
        case .sequence(let items, _):
            for item in items where !item.isNull {
                guard let value = item.scalar else {
                    report("a tag should be a single name", at: item)
                    continue
                }
                addTag(value, at: item, to: &tags)
            }
        case .mapping, .alias:
            report("'\(key)' should be a list of tag names", at: node)
        }
        return tags
    }

    private mutating func addTag(_ raw: String, at node: YAMLNode, to tags: inout [String]) {
        var name = raw.trimmingSpaces()
        if name.utf8.first == UInt8(ascii: "#") { name.removeFirst() }
        if name.isEmpty { return }
        if let problem = TagName.problem(with: name) {
            report("invalid tag '\(raw)': \(problem)", at: node)
            return
        }
        guard !tags.isEmpty else {
            tags.append(name)
            return
        }
        let key = TagName.key(name)
        if !tags.contains(where: { $0 == name || TagName.key($0) == key }) {
            tags.append(name)
        }
    }
}

/// YAML 1.1's truth values, as people write them by hand.
enum YAMLBool {
    static func value(of text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on", "y": return true
        case "false", "no", "off", "n": return false
        default: return nil
        }
    }
}
