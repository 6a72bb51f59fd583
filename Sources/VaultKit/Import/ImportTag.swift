/// Tags from another app made vault tags (docs/import.md): whitespace and `,` become `_`,
/// `#` is dropped, empty levels (`a//b`, a leading or trailing `/`) are closed up; a tag
/// with nothing left is dropped.
enum ImportTag {
    static func clean(_ tag: String) -> String? {
        var text = ""
        for scalar in tag.unicodeScalars {
            if scalar == "#" { continue }
            if scalar.properties.isWhitespace || scalar == "," || scalar.properties.generalCategory == .control {
                text.unicodeScalars.append("_")
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        let levels = text.split(separator: "/").filter { !$0.allSatisfy { $0 == "_" } }
        let cleaned = levels.joined(separator: "/")
        return cleaned.isEmpty || TagName.problem(with: cleaned) != nil ? nil : cleaned
    }

    /// Each of `tags` cleaned, duplicates (ignoring case) dropped, in order.
    static func clean(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        return tags.compactMap(clean).filter { seen.insert(TagName.key($0)).inserted }
    }
}
