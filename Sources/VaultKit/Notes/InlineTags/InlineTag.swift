/// One inline `#tag` of a note's text: its name, and where `#name` is written.
package struct InlineTag: Equatable, Sendable {
    /// The name without `#`, as written.
    let name: String
    /// The bytes of `#name` in the text it was read from.
    let range: Range<Int>
    /// True when its line is a task (`- [ ] call mom #family`): there it is the task's
    /// category, and it does not pass to the note's other tasks.
    var onTaskLine = false
}
