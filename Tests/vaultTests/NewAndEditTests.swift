import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `vault new` (the README's "Exit status and errors": text from stdin, empty notes discarded) and `vault edit`
/// (`modified` moves only when the text changed).
@Suite("new and edit")
struct NewAndEditTests {
    // MARK: - Helpers

    /// `2026-11-20T09:15:00+01:00`: seconds and an offset, as `vault` writes dates.
    static var isoDate: Regex<AnyRegexOutput> { try! Regex(#"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$"#) }
    static var uuidLine: Regex<AnyRegexOutput> { try! Regex(#"^id: [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"#) }
    static var uuid: Regex<AnyRegexOutput> { try! Regex(#"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"#) }

    static func parseDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// Checks that `value` is an ISO 8601 date with seconds and offset between `start` and
    /// `end` (whole seconds: `vault` writes no fraction).
    static func expectWrittenBetween(_ value: String, _ start: Date, _ end: Date, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(value.wholeMatch(of: isoDate) != nil, "'\(value)' is not ISO 8601 with seconds and offset", sourceLocation: sourceLocation)
        guard let date = parseDate(value) else {
            Issue.record("'\(value)' does not parse as a date", sourceLocation: sourceLocation)
            return
        }
        #expect(date >= start.addingTimeInterval(-1) && date <= end.addingTimeInterval(1), "\(value) is not the time of the command", sourceLocation: sourceLocation)
    }

    /// A shell script outside the vault that appends a line to the file it is given.
    static func appendingEditor(in vault: TestVault, line: String = "appended by the editor") throws -> String {
        let script = vault.base.appendingPathComponent("append-editor.sh")
        try Data(utf8: "#!/bin/sh\nprintf '%s\\n' '\(line)' >> \"$1\"\n").write(to: script)
        #expect(chmod(script.path, 0o755) == 0)
        return script.path
    }

    /// The lines of a LF file (the last empty string after a final newline included).
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: - new

    @Test("new with piped text, a folder, tags and --pin writes the full front matter and prints the path")
    func newFromStdin() throws {
        let vault = try TestVault()
        try vault.createDirectory("Work")
        let start = Date()
        let result = try vault.run("new", "Title", "-f", "Work", "-t", "a", "-t", "b", "--pin",
                                   stdin: Data(utf8: "First line of the body.\nSecond line.\n"))
        let end = Date()

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Work/Title.md\n")
        #expect(result.stderr == "")
        #expect(try vault.names(in: "Work") == ["Title.md"])
        #expect(try vault.names() == [".vault", "Work"])

        let lines = Self.lines(try vault.text("Work/Title.md"))
        try #require(lines.count == 13, "\(lines)")
        #expect(lines[0] == "---")
        #expect(lines[1].hasPrefix("id: "))
        #expect(String(lines[1].dropFirst(4)).wholeMatch(of: Self.uuid) != nil, "\(lines[1])")
        #expect(lines[2] == "tags: [a, b]")
        #expect(lines[3] == "pinned: true")
        #expect(lines[4].hasPrefix("created: "))
        let created = String(lines[4].dropFirst("created: ".count))
        Self.expectWrittenBetween(created, start, end)
        #expect(lines[5] == "modified: \(created)")
        #expect(lines[6] == "sortDate: \(created)")
        #expect(Array(lines[7...]) == ["---", "# Title", "", "First line of the body.", "Second line.", ""])

        // The note is what the vault now lists.
        let listed = try vault.run("list", "--format", "json").jsonObjects()
        try #require(listed.count == 1)
        #expect(listed[0]["path"] as? String == "Work/Title.md")
        #expect(listed[0]["title"] as? String == "Title")
        #expect(listed[0]["tags"] as? [String] == ["a", "b"])
        #expect(listed[0]["pinned"] as? Bool == true)
        #expect(listed[0]["modified"] as? String == created)
    }

    @Test("new writes dates with the local offset")
    func newLocalOffset() throws {
        let vault = try TestVault()
        // India has no daylight-saving time: always +05:30.
        let result = try vault.run("new", "Offset", stdin: Data(utf8: "text\n"), environment: ["TZ": "Asia/Kolkata"])
        #expect(result.status == 0, "\(result)")
        let lines = Self.lines(try vault.text("Offset.md"))
        let created = try #require(lines.first { $0.hasPrefix("created: ") })
        #expect(created.hasSuffix("+05:30"), "\(created)")
        #expect(created.dropFirst("created: ".count).wholeMatch(of: Self.isoDate) != nil, "\(created)")
    }

    @Test("new without a title takes it from the first line and writes no tags or pinned key")
    func newTitleFromText() throws {
        let vault = try TestVault()
        let result = try vault.run("new", stdin: Data(utf8: "\n# Meeting: Q3 / planning\n\nAgenda.\n"))
        #expect(result.status == 0, "\(result)")
        // ':' and '/' are not kept in file names.
        #expect(result.stdout == "Meeting- Q3 - planning.md\n")
        let lines = Self.lines(try vault.text("Meeting- Q3 - planning.md"))
        try #require(lines.count == 10, "\(lines)")
        #expect(lines[0] == "---")
        #expect(lines[1].hasPrefix("id: "))
        #expect(lines[2].hasPrefix("created: "))
        #expect(lines[3].hasPrefix("modified: "))
        #expect(lines[4].hasPrefix("sortDate: "))
        #expect(Array(lines[5...]) == ["---", "# Meeting: Q3 / planning", "", "Agenda.", ""])
        let note = try vault.run("show", "Meeting: Q3 / planning", "--format", "json").jsonObject()
        #expect(note["path"] as? String == "Meeting- Q3 - planning.md")
        #expect(note["tags"] as? [String] == [])
        #expect(note["pinned"] as? Bool == false)
    }

    @Test("new with whitespace-only stdin and no title saves nothing", arguments: ["", "   \n\t\n  \n", "\n\n"])
    func newEmptyDiscarded(_ input: String) throws {
        let vault = try TestVault.example()
        let before = try vault.snapshot()
        let result = try vault.run("new", stdin: Data(utf8: input))
        // Nothing saved is a failure (it was 0, and a script went on as if the note existed).
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "vault: empty note discarded; nothing saved\n")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    /// Piped text that starts with front matter brings the note's front matter (importing
    /// notes): kept as written, with vault's id, dates and the `-t` tags added; it was
    /// written after vault's own block as body text, its tags lost.
    @Test func pipedFrontMatterIsTheNotesFrontMatter() throws {
        let vault = try TestVault()
        let result = try vault.run("new", "-t", "extra", stdin: Data(utf8: "---\ntags: [fm]\nsource: web\n---\nbody text\n"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "body text.md\n")
        let text = try vault.text("body text.md")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(3)) == ["---", "tags: [fm, extra]", "source: web"], "\(text)")
        #expect(lines.contains { $0.hasPrefix("id: ") } && lines.contains { $0.hasPrefix("created: ") }, "\(text)")
        #expect(text.hasSuffix("---\nbody text\n"), "\(text)")
        #expect(text.components(separatedBy: "---\n").count == 3, "one block: \(text)")
        let tagged = try vault.run("list", "--tag", "fm", "--format", "json").jsonObjects()
        #expect(tagged.map { $0["path"] as? String } == ["body text.md"])
    }

    /// A piped block that does not read is refused with its place; nothing is made.
    @Test func pipedFrontMatterThatDoesNotReadIsRefused() throws {
        let vault = try TestVault()
        let before = try vault.snapshot()
        let result = try vault.run("new", "Broken", stdin: Data(utf8: "---\ntags: [fm\n---\nbody\n"))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("new note:3:1: error: "), "\(result)")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    /// `-t '#tag'` is the tag, as `vault tag add NOTE '#tag'` takes it (it was refused).
    @Test func aTagWrittenWithItsHashIsTheTag() throws {
        let vault = try TestVault()
        let result = try vault.run("new", "Hashed", "-t", "#hashy", "-t", "plain", stdin: Data(utf8: "text\n"))
        #expect(result.status == 0, "\(result)")
        let text = try vault.text("Hashed.md")
        #expect(text.contains("tags: [hashy, plain]"), "\(text)")
    }

    /// A title is one line: the line breaks in `vault new "$(printf 'a\nb')"` become spaces in
    /// the heading as in the file name (the file was `a b.md` titled `# a` with `b` as text).
    @Test func aTitleOfSeveralLinesIsOneLine() throws {
        let vault = try TestVault()
        let result = try vault.run("new", "a\nb\r\n\tc", stdin: Data(utf8: "body\n"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "a b c.md\n")
        #expect(try vault.text("a b c.md").hasSuffix("---\n# a b c\n\nbody\n"))
        let renamed = try vault.run("rename", "a b c", "d\ne")
        #expect(renamed.status == 0, "\(renamed)")
        #expect(try vault.text("d e.md").hasSuffix("---\n# d e\n\nbody\n"))
    }

    @Test("new does not overwrite a note of the same name: 'Title 2.md', then 'Title 3.md'")
    func newNameCollision() throws {
        let vault = try TestVault()
        try vault.createDirectory("Work")
        let existing = "---\nid: old\n---\n# Title\n\nThe first one.\n"
        try vault.write("Work/Title.md", existing)

        let second = try vault.run("new", "Title", "-f", "Work", stdin: Data(utf8: "second\n"))
        #expect(second.status == 0, "\(second)")
        #expect(second.stdout == "Work/Title 2.md\n")
        let third = try vault.run("new", "Title", "-f", "Work", stdin: Data(utf8: "third\n"))
        #expect(third.stdout == "Work/Title 3.md\n")

        #expect(try vault.text("Work/Title.md") == existing)
        #expect(try vault.text("Work/Title 2.md").hasSuffix("---\n# Title\n\nsecond\n"))
        #expect(try vault.text("Work/Title 3.md").hasSuffix("---\n# Title\n\nthird\n"))
        #expect(try vault.names(in: "Work") == ["Title 2.md", "Title 3.md", "Title.md"])
    }

    @Test("new treats names that differ only in case as taken")
    func newCaseInsensitiveCollision() throws {
        let vault = try TestVault()
        try vault.write("title.md", "# title\n")
        let result = try vault.run("new", "Title", stdin: Data(utf8: "text\n"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Title 2.md\n")
        #expect(try vault.text("title.md") == "# title\n")
    }

    @Test("new into a folder that does not exist makes it, as Apple Notes does; one level of subfolders at most")
    func newMissingFolder() throws {
        let vault = try TestVault.example()
        let result = try vault.run("new", "Title", "-f", "Nowhere/Sub", stdin: Data(utf8: "text\n"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Nowhere/Sub/Title.md\n")
        #expect(try vault.text("Nowhere/Sub/Title.md").hasSuffix("# Title\n\ntext\n"))
        // An existing folder is matched as folder: matches, ignoring case.
        let again = try vault.run("new", "Other", "-f", "nowhere", stdin: Data(utf8: "text\n"))
        #expect(again.stdout == "Nowhere/Other.md\n", "\(again)")
        let before = try vault.snapshot()
        let deep = try vault.run("new", "Deep", "-f", "A/B/C", stdin: Data(utf8: "text\n"))
        #expect(deep.status == 2, "\(deep)")
        #expect(deep.stderr == "vault: error: invalid folder name 'A/B/C': folders nest one level deep (Folder/Subfolder)\n")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test("new into a subfolder")
    func newInSubfolder() throws {
        let vault = try TestVault.example()
        let result = try vault.run("new", "Sprint notes", "-f", "Work/Projects", "-t", "project/alpha", stdin: Data(utf8: "text\n"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Work/Projects/Sprint notes.md\n")
        let listed = try vault.run("list", "--tag", "project/alpha", "--format", "json").jsonObjects()
        #expect(listed.contains { $0["path"] as? String == "Work/Projects/Sprint notes.md" })
    }

    @Test("new with an invalid tag fails before writing anything")
    func newInvalidTag() throws {
        let vault = try TestVault()
        let before = try vault.snapshot()
        let result = try vault.run("new", "Title", "-t", "two words", stdin: Data(utf8: "text\n"))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: invalid tag 'two words': a tag cannot contain whitespace\n")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test("new -f / creates the note at the root (Unsorted), as mv and cp read '/'")
    func newIntoRootSlash() throws {
        let vault = try TestVault()
        let result = try vault.run("new", "Root note", "-f", "/", stdin: Data(utf8: "text\n"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Root note.md\n")
        #expect(vault.exists("Root note.md"))
    }

    // MARK: - edit

    struct EditCase: Sendable, CustomTestStringConvertible {
        var name: String
        var original: String
        /// The text after the edit with `MODIFIED` in place of the new date.
        var expected: String
        var testDescription: String { name }
    }

    static let editCases = [
        EditCase(
            name: "plain.md",
            original: "---\nid: edit-1\ntags: [a]  # tags\ncreated: 2020-01-01T10:00:00+01:00\nmodified: 2020-01-02T10:00:00+01:00  # by vault\nsortDate: 2020-01-01T10:00:00+01:00\n---\n# Plain\n\nBody.\n",
            expected: "---\nid: edit-1\ntags: [a]  # tags\ncreated: 2020-01-01T10:00:00+01:00\nmodified: MODIFIED  # by vault\nsortDate: 2020-01-01T10:00:00+01:00\n---\n# Plain\n\nBody.\nappended by the editor\n"
        ),
        EditCase(
            name: "crlf.md",
            original: "---\r\nid: edit-2\r\nmodified: 2020-01-02T10:00:00+01:00\r\npinned: true\r\n---\r\n# CRLF\r\n",
            expected: "---\r\nid: edit-2\r\nmodified: MODIFIED\r\npinned: true\r\n---\r\n# CRLF\r\nappended by the editor\n"
        ),
        EditCase(
            name: "quoted.md",
            original: "---\nid: edit-3\nmodified: '2020-01-02T10:00:00+01:00'\ncreated: \"2020-01-01T10:00:00+01:00\"\n---\n# Quoted\n",
            expected: "---\nid: edit-3\nmodified: 'MODIFIED'\ncreated: \"2020-01-01T10:00:00+01:00\"\n---\n# Quoted\nappended by the editor\n"
        ),
        EditCase(
            name: "no-modified-key.md",
            original: "---\nid: edit-4\ntags:\n  - a\n---\n# No modified key\n",
            expected: "---\nid: edit-4\ntags:\n  - a\nmodified: MODIFIED\n---\n# No modified key\nappended by the editor\n"
        ),
    ]

    @Test("edit with an editor that appends a line updates modified and nothing else", arguments: editCases)
    func editUpdatesModified(_ editCase: EditCase) throws {
        let vault = try TestVault()
        try vault.write(editCase.name, editCase.original)
        try vault.write("other.md", "---\nid: other\n---\n# Other\n")
        let editor = try Self.appendingEditor(in: vault)
        let start = Date()
        let result = try vault.run("edit", editCase.name, environment: ["EDITOR": editor])
        let end = Date()

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "vault: \(editCase.name): modified updated\n")

        let after = try vault.text(editCase.name)
        let pattern = try Regex("modified: '?([^'\\r\\n ]+)")
        let match = try #require(after.firstMatch(of: pattern), "no modified line in:\n\(after)")
        let value = String(try #require(match.output[1].substring))
        Self.expectWrittenBetween(value, start, end)
        #expect(value != "2020-01-02T10:00:00+01:00")
        expectBytes(Array(after.utf8), Array(editCase.expected.replacingOccurrences(of: "MODIFIED", with: value).utf8), editCase.name)
        #expect(try vault.text("other.md") == "---\nid: other\n---\n# Other\n")
    }

    @Test("edit of a note without front matter keeps the user's text and adds no block")
    func editWithoutFrontMatter() throws {
        let vault = try TestVault()
        try vault.write("plain.md", "# No front matter\n\ntext\n")
        let editor = try Self.appendingEditor(in: vault)
        let result = try vault.run("edit", "plain", environment: ["EDITOR": editor])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        #expect(try vault.text("plain.md") == "# No front matter\n\ntext\nappended by the editor\n")
    }

    @Test("edit with EDITOR=true changes nothing and says nothing about modified")
    func editNoChange() throws {
        let vault = try TestVault.example()
        let path = "Personal/Commented.md"
        try vault.setModificationTime(path, .past)
        let before = try vault.snapshot()
        let result = try vault.run("edit", "Notes with comments", environment: ["EDITOR": "true"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        #expect(try vault.snapshot().differences(from: before) == [])
        #expect(try vault.modificationTime(path) == .past)
    }

    @Test("edit prefers VISUAL to EDITOR")
    func editPrefersVisual() throws {
        let vault = try TestVault()
        try vault.write("note.md", "---\nid: v\n---\n# Note\n")
        let editor = try Self.appendingEditor(in: vault, line: "from visual")
        let result = try vault.run("edit", "note", environment: ["VISUAL": editor, "EDITOR": "false"])
        #expect(result.status == 0, "\(result)")
        #expect(try vault.text("note.md").hasSuffix("# Note\nfrom visual\n"))
    }

    @Test("edit with a failing editor exits 2 and leaves the note alone")
    func editFailingEditor() throws {
        let vault = try TestVault()
        let text = "---\nid: f\nmodified: 2020-01-02T10:00:00+01:00\n---\n# Note\n"
        try vault.write("note.md", text)
        let result = try vault.run("edit", "note.md", environment: ["EDITOR": "false"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: the editor 'false' exited with status 1; the note was left as it is\n")
        #expect(try vault.text("note.md") == text)
    }

    /// Without VISUAL or EDITOR, vault opens `vi`, as git does (it said "no editor: set
    /// $VISUAL or $EDITOR" and exited 2; the issue asks for git's fallback). A `vi` that
    /// fails leaves the note as it was.
    @Test("edit without VISUAL or EDITOR opens vi, as git does")
    func editWithoutEditor() throws {
        let vault = try TestVault()
        try vault.write("note.md", "# Note\n")
        let bin = try TestVault.emptyDirectory()
        try bin.write("vi", "#!/bin/sh\nprintf 'Written in vi.\\n' >> \"$1\"\n")
        chmod(bin.url("vi").path, 0o755)
        let result = try vault.run("edit", "note", environment: ["PATH": bin.root.path + ":/usr/bin:/bin"])
        #expect(result.status == 0, "\(result)")
        #expect(try vault.text("note.md") == "# Note\nWritten in vi.\n")

        try bin.write("vi", "#!/bin/sh\nexit 3\n")
        let failed = try vault.run("edit", "note", environment: ["PATH": bin.root.path + ":/usr/bin:/bin"])
        #expect(failed.status == 2, "\(failed)")
        #expect(failed.stderr == "vault: error: the editor 'vi' exited with status 3; the note was left as it is\n")
        #expect(try vault.text("note.md") == "# Note\nWritten in vi.\n")
    }

    // MARK: - .vault/.gitignore

    @Test("the vault's .gitignore keeps the cache and new's scratch files out of git; an older one gets tmp/ added")
    func gitignoreIgnoresScratchFiles() throws {
        let vault = try TestVault.example()
        // What an older vault wrote, with a line of the user's.
        try vault.write(".vault/.gitignore", "cache/\n# mine\n*.orig")
        let listed = try vault.run("list")  // writes the cache, and so checks the .gitignore
        #expect(listed.status == 0, "\(listed)")
        #expect(try vault.text(".vault/.gitignore") == "cache/\n# mine\n*.orig\ntmp/\nlock\n")

        guard let git = CLI.which("git") else { return }
        let environment: [String: String?] = ["GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "HOME": vault.base.path]
        let initialised = try CLI.run(git, ["init", "-q"], in: vault.root, environment: environment)
        try #require(initialised.status == 0, "\(initialised)")
        for path in [".vault/tmp/new-12345.md", ".vault/tmp/.new-12345.md.swp", ".vault/cache/notes.bin", ".vault/lock"] {
            let ignored = try CLI.run(git, ["check-ignore", "-q", path], in: vault.root, environment: environment)
            #expect(ignored.status == 0, "\(path) is not ignored: \(ignored)")
        }
        let config = try CLI.run(git, ["check-ignore", "-q", ".vault/config.yaml"], in: vault.root, environment: environment)
        #expect(config.status == 1, "the vault's settings must stay in git: \(config)")
    }
}
