/// One inline `#tag` of a note's text: its name, and where `#name` is written.
struct InlineTag: Equatable, Sendable {
    /// The name without `#`, as written.
    let name: String
    /// The bytes of `#name` in the text it was read from.
    let range: Range<Int>
}
