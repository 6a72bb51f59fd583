import Foundation

/// A path or URL written as a Markdown link's destination by an import: what would end it
/// or change what it names (spaces, `()<>`, `%`, `#`, `?`, `^`, controls) percent-encoded,
/// letters of every script kept as they are, so that the link stays readable.
enum MarkdownDestination {
    private static let kept = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "()"))
        .union(CharacterSet(charactersIn: Unicode.Scalar(0xA0)!...Unicode.Scalar(0x10FFFF)!))

    /// `path` (a vault path, `/` kept) or a URL (`:` `/` `?` `&` `=` `#` kept where `isURL`).
    static func encoded(_ text: String, isURL: Bool = false) -> String {
        text.addingPercentEncoding(withAllowedCharacters: isURL ? kept.union(CharacterSet(charactersIn: "?#&=%")) : kept) ?? text
    }
}
