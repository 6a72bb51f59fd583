import Testing
@testable import VaultKit

@Suite struct FileNamingTests {
    /// A file name a `[[wiki link]]` can name: what a link cannot hold is dropped, what file
    /// systems dislike becomes a dash or a space; the title itself is kept in the note.
    @Test(arguments: [
        ("C# tips [draft]", "C tips draft"),
        ("Q3 #goals ^x", "Q3 goals x"),
        ("a|b", "ab"),
        ("Work/Plan: v2", "Work-Plan- v2"),
        ("line\u{85}break", "line break"),
        ("...hidden", "hidden"),
        ("[[]]", "Untitled"),
    ])
    func baseNames(_ title: String, _ expected: String) {
        #expect(FileNaming.baseName(for: title) == expected)
    }
}
