import Foundation

/// The values of the keys `vault` understands, read tolerantly from front matter.
///
/// A value that cannot be understood is left out and reported in `problems`, never guessed.
public struct NoteFields: Sendable {
    public var id: String?
    public var title: String?
    public var tags: [String] = []
    public var pinned = false
    public var created: Date?
    public var modified: Date?
    public var sortDate: Date?
    /// Values that could not be understood, located in the note file.
    public var problems: [FrontMatterError] = []

    public init() {}

    /// The keys this type reads, lower-cased.
    public static let keys: Set<String> = ["id", "title", "tags", "pinned", "created", "modified", "sortdate"]

    /// Reads the understood keys of `frontMatter`. `bytes` is the whole note, for positions.
    public init(_ frontMatter: FrontMatter, timeZone: TimeZone = .current) {
        for pair in frontMatter.entries {
            guard let key = pair.key.scalar, key.utf8.count <= 8 else { continue }
            let value = pair.value
            switch key.utf8.contains(where: { (0x41...0x5A).contains($0) }) ? key.lowercased() : key {
            case "id":
                id = string(value, key: key)
            case "title":
                title = string(value, key: key)
            case "tags":
                tags = readTags(value)
            case "pinned":
                pinned = readBool(value, key: key)
            case "created":
                created = readDate(value, key: key, timeZone: timeZone)
            case "modified":
                modified = readDate(value, key: key, timeZone: timeZone)
            case "sortdate":
                sortDate = readDate(value, key: key, timeZone: timeZone)
            default:
                continue
            }
        }
    }

    private mutating func report(_ message: String, at node: YAMLNode) {
        problems.append(FrontMatterError(message: message, line: node.line + 2, column: node.column + 1))
    }

    private mutating func string(_ node: YAMLNode, key: String) -> String? {
        if node.isNull { return nil }
        guard let value = node.scalar else {
            report("'\(key)' should be a single value", at: node)
            return nil
        }
        let trimmed = value.trimmingSpaces()
        return trimmed.isEmpty ? nil : trimmed
    }

    private mutating func readBool(_ node: YAMLNode, key: String) -> Bool {
        if node.isNull { return false }
        guard let value = node.scalar else {
            report("'\(key)' should be true or false", at: node)
            return false
        }
        if let bool = YAMLBool.value(of: value) { return bool }
        report("'\(key)' should be true or false, not '\(value)'", at: node)
        return false
    }

    private mutating func readDate(_ node: YAMLNode, key: String, timeZone: TimeZone) -> Date? {
        if node.isNull { return nil }
        guard let value = node.scalar else {
            report("'\(key)' should be a date", at: node)
            return nil
        }
        if let date = NoteDate.parse(value, timeZone: timeZone) { return date }
        report("'\(key)' is not a date vault understands: '\(value)' (use 2026-11-20T09:15:00+01:00)", at: node)
        return nil
    }

    private mutating func readTags(_ node: YAMLNode) -> [String] {
        if node.isNull { return [] }
        var tags: [String] = []
        switch node.kind {
        case .scalar(let value, _, _):
            // A single string may hold several tags: "work, home" or "work home".
            let byComma = value.utf8.contains(UInt8(ascii: ","))
            for part in value.split(whereSeparator: { byComma ? $0 == "," : ($0 == " " || $0 == "\t") }) {
                addTag(String(part), at: node, to: &tags)
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
            report("'tags' should be a list of tag names", at: node)
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
