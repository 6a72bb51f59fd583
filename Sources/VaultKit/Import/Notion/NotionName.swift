import Foundation

/// A file or folder name of a Notion export, `Title <32-hex id>[.ext]`, taken apart.
struct NotionName {
    /// The name without its id and extension: `Home`.
    let title: String
    /// The 32 lowercase hex digits, when the name ends with them.
    let id: String?

    /// The last part of `file` (a path inside the export).
    init(file: String) {
        var name = String(file.split(separator: "/").last ?? Substring(file))
        for suffix in ["_all.csv", ".csv", ".md"] where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
            break
        }
        let characters = Array(name)
        if characters.count > 33, characters[characters.count - 33] == " ",
           characters.suffix(32).allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
            id = String(characters.suffix(32))
            title = String(characters.dropLast(33)).trimmingCharacters(in: .whitespaces)
        } else {
            id = nil
            title = name
        }
    }
}
