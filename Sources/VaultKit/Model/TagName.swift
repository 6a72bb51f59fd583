import Foundation

/// The rules for tag names: non-empty, no whitespace, no `,` or `#`; `/` nests.
///
/// Tags compare case-insensitively after Unicode normalisation.
public enum TagName {
    /// Why `name` is not a valid tag, or nil when it is.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "a tag cannot be empty" }
        if name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "#") }) {
            return levelProblem(name)
        }
        for scalar in name.unicodeScalars {
            if scalar.properties.isWhitespace { return "a tag cannot contain whitespace" }
            if scalar == "," { return "a tag cannot contain ','" }
            if scalar == "#" { return "a tag cannot contain '#'" }
        }
        return levelProblem(name)
    }

    private static func levelProblem(_ name: String) -> String? {
        var previous: UInt8 = UInt8(ascii: "/")
        var emptyLevel = false
        for byte in name.utf8 {
            if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/") { emptyLevel = true }
            previous = byte
        }
        if emptyLevel || previous == UInt8(ascii: "/") {
            return "a tag cannot start or end with '/' or have an empty level"
        }
        return nil
    }

    /// The form tags are compared in: NFC, lower-cased.
    public static func key(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            return name.utf8.contains(where: { (0x41...0x5A).contains($0) }) ? name.lowercased() : name
        }
        return name.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// `tag` and the levels above it: `a/b/c` gives `a`, `a/b`, `a/b/c`.
    public static func selfAndAncestors(_ tag: String) -> [String] {
        var levels: [String] = []
        var path = ""
        for part in tag.split(separator: "/") {
            path = path.isEmpty ? String(part) : path + "/" + part
            levels.append(path)
        }
        return levels
    }

    /// True when `tag` is `ancestor` or nested below it (`project/alpha` is below `project`).
    public static func isSelfOrDescendant(_ tagKey: String, of ancestorKey: String) -> Bool {
        tagKey == ancestorKey || (tagKey.hasPrefix(ancestorKey) && tagKey.utf8.dropFirst(ancestorKey.utf8.count).first == UInt8(ascii: "/"))
    }
}
