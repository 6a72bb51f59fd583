import Foundation

/// The rules for tag names: non-empty, no whitespace, no `,` or `#`; `/` nests.
///
/// Tags compare case-insensitively after Unicode normalisation.
public enum TagName {
    /// Why `name` is not a valid tag, or nil when it is.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "a tag cannot be empty" }
        for scalar in name.unicodeScalars {
            if scalar.properties.isWhitespace { return "a tag cannot contain whitespace" }
            if scalar == "," { return "a tag cannot contain ','" }
            if scalar == "#" { return "a tag cannot contain '#'" }
        }
        if name.hasPrefix("/") || name.hasSuffix("/") || name.contains("//") {
            return "a tag cannot start or end with '/' or have an empty level"
        }
        return nil
    }

    /// The form tags are compared in: NFC, lower-cased.
    public static func key(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return name.lowercased() }
        return name.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// True when `tag` is `ancestor` or nested below it (`project/alpha` is below `project`).
    public static func isSelfOrDescendant(_ tagKey: String, of ancestorKey: String) -> Bool {
        tagKey == ancestorKey || (tagKey.hasPrefix(ancestorKey) && tagKey.utf8.dropFirst(ancestorKey.utf8.count).first == UInt8(ascii: "/"))
    }
}
