import Foundation
import Testing

/// The commands on the example vault: main page, lists, note names, mv, rename, cp and
/// folders (docs/folders-and-trash.md, the README).
@Suite("Commands")
struct CommandsTests {
    /// A copy of `vault-example` whose files all carry the same modification time, so that
    /// notes without a `modified` key sort the same way on every run.
    private func example() throws -> TestVault {
        let vault = try TestVault.example()
        for (path, entry) in try vault.snapshot().entries {
            if case .file = entry, path.hasSuffix(".md") { try vault.setModificationTime(path, .past) }
        }
        return vault
    }

    private func paths(_ result: RunResult) throws -> [String] {
        try result.jsonObjects().compactMap { $0["path"] as? String }
    }

    /// The path `vault show NAME` resolves to.
    private func resolve(_ vault: TestVault, _ name: String) throws -> RunResult {
        try vault.run("show", name, "--format", "json")
    }

    static let rootNotes = ["Broken Front Matter.md", "Groceries.md", "Ideas.md", "Inbox.md", "Phone numbers.md", "Quick thought.md", "Weekend plans.md"]

    static let projectNotes = [
        "Work/Meetings/2026-09-15 Kickoff beta.md",
        "Work/Meetings/2026-11-18 Design review.md",
        "Work/Projects/Alpha launch plan.md",
        "Work/Projects/Alpha risks.md",
        "Work/Projects/Beta API design.md",
        "Work/Projects/Beta retrospective.md",
        "Work/Projects/Roadmap.md",
    ]

    /// `vault list` of the example: pinned first, then `modified`, newest first; the six
    /// notes whose `modified` is their file time (2020) last, by title.
    static let listOrder = [
        "Groceries.md",
        "Work/Standup 2026-11-20.md",
        "Work/Projects/Roadmap.md",
        "Personal/Trip to Lisbon.md",
        "Reading/Reading list 2026.md",
        "Work/Team contacts.md",
        "Reading/How to take smart notes.md",
        "Personal/Packing list.md",
        "Weekend plans.md",
        "Work/Meetings/2026-11-18 Design review.md",
        "Work/Meetings/1-1 with Dana.md",
        "Personal/Running log.md",
        "Work/Standup 2026-11-13.md",
        "Personal/Gift ideas.md",
        "Work/Projects/Alpha risks.md",
        "Ideas.md",
        "Work/Projects/Alpha launch plan.md",
        "Work/Projects/Beta retrospective.md",
        "Work/Meetings/2026-10-07 Budget sync.md",
        "Work/Projects/Beta API design.md",
        "Work/Meetings/2026-09-15 Kickoff beta.md",
        "Work/Conference talk ideas.md",
        "Personal/Journal 2026-08-02.md",
        "Reading/The Remains of the Day.md",
        "Reading/Designing Data-Intensive Applications.md",
        "Personal/Commented.md",
        "Work/Windows Line Endings.md",
        "Personal/Café Crème.md",
        "Personal/Recipes/Shakshuka.md",
        "Phone numbers.md",
        "Work/Meetings/2026-03-04 Quarterly planning.md",
        "Work/Performance review notes.md",
        "Reading/Local-first software.md",
        "Personal/Recipes/Banana bread.md",
        "Personal/Recipes/Weeknight dal.md",
        "Personal/Dentist.md",
        "Personal/Christmas Eve dinner.md",
        "Reading/Thinking in Systems.md",
        "Work/Expense report Q3.md",
        "Work/Onboarding checklist.md",
        "Reading/Plain text article.md",
        "Broken Front Matter.md",
        "Inbox.md",
        // Ties by title: "Quick thought" is named by its file, its first line being no heading.
        "Work/Projects/Migration notes.md",
        "Reading/No Front Matter.md",
        "Personal/Recipes/Pizza dough.md",
        "Quick thought.md",
    ]

    // MARK: - Main page

    @Test("the main page of the example vault")
    func mainPageText() throws {
        let vault = try example()
        let result = try vault.run()
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        // The counts, then the pinned and the latest notes (issue 37: what to open next).
        let counts = result.stdout.components(separatedBy: "\nPinned\n")[0]
        #expect(counts == """
            Your notes
              All Pinned Notes   6
              Unsorted Notes     7
              Folders
                Personal        13
                  Recipes        4
                Reading          8
                Work            19
                  Meetings       5
                  Projects       6
              Tags
                baking           1
                fiction          1
                finance          2
                food             2
                health           2
                hiring           1
                holiday          1
                idea             2
                journal          2
                meeting          7
                onboarding       1
                personal         8
                pkm              1
                project          7
                  alpha          4
                  beta           3
                reading          7
                  article        2
                  book           4
                recipe           3
                retro            1
                review           1
                running          1
                travel           3
                work            18
              Trash              0

            """)
        let glance = result.stdout.dropFirst(counts.count).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(glance.count == 15, "\(result.stdout)")
        #expect(glance.prefix(2) == ["", "Pinned"] && glance[7] == "" && glance[8] == "Latest", "\(glance)")
        #expect(glance[2..<7].allSatisfy { $0.hasPrefix("  ") && $0.contains("  · ") }, "five pinned notes: \(glance)")
        #expect(glance[2] == "  Groceries  · Unsorted", "\(glance)")
    }

    @Test("the main page as JSON: counts of notes, pinned, unsorted, folders and tags")
    func mainPageJSON() throws {
        let vault = try example()
        let result = try vault.run("--format", "json")
        #expect(result.status == 0, "\(result)")
        let page = try result.jsonObject()
        #expect(page["notes"] as? Int == 47)
        #expect(page["pinned"] as? Int == 6)
        #expect(page["unsorted"] as? Int == 7)
        #expect(page["trash"] as? Int == 0)

        let folders = try #require(page["folders"] as? [[String: Any]])
        func summary(_ nodes: [[String: Any]]) -> [String] {
            nodes.flatMap { node -> [String] in
                let line = "\(node["path"] as? String ?? "?")=\(node["count"] as? Int ?? -1)"
                return [line] + summary(node["children"] as? [[String: Any]] ?? [])
            }
        }
        #expect(summary(folders) == ["Personal=13", "Personal/Recipes=4", "Reading=8", "Work=19", "Work/Meetings=5", "Work/Projects=6"])
        #expect(folders.map { $0["color"] as? String } == ["green", nil, "yellow"])

        let tags = try #require(page["tags"] as? [[String: Any]])
        let tagSummary = summary(tags)
        #expect(tagSummary.contains("project=7"))
        #expect(tagSummary.contains("project/alpha=4"))
        #expect(tagSummary.contains("project/beta=3"))
        #expect(tagSummary.contains("work=18"))
        #expect(tagSummary.contains("reading/book=4"))
        // `#hiring` is written inline only (1-1 with Dana).
        #expect(tagSummary.contains("hiring=1"))
        #expect(tagSummary.count == 25)
        let work = try #require(tags.first { $0["name"] as? String == "work" })
        #expect(work["color"] as? String == "blue")
    }

    // MARK: - list

    @Test("list: pinned first, then modified, newest first (ties by title)")
    func listOrderJSON() throws {
        let vault = try example()
        let result = try vault.run("list", "--format", "json")
        #expect(result.status == 0, "\(result)")
        let notes = try result.jsonObjects()
        #expect(notes.compactMap { $0["path"] as? String } == Self.listOrder)

        // The rule itself, whatever the notes: a pinned block, then non-increasing dates.
        let pinned = notes.map { $0["pinned"] as? Bool ?? false }
        #expect(pinned == Array(repeating: true, count: 6) + Array(repeating: false, count: 41))
        let formatter = ISO8601DateFormatter()
        let dates = try notes.map { try #require(formatter.date(from: $0["modified"] as? String ?? "")) }
        for index in 1..<notes.count where pinned[index] == pinned[index - 1] {
            #expect(dates[index] <= dates[index - 1], "\(notes[index]["path"] ?? "") is newer than the note before it")
        }
    }

    @Test("list prints one line per note, pinned ones marked with ★")
    func listText() throws {
        let vault = try example()
        let result = try vault.run("list", "--no-snippet")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        let lines = result.stdoutLines
        #expect(lines.count == 47)
        #expect(lines.prefix(6).allSatisfy { $0.hasPrefix("★ ") })
        #expect(lines.dropFirst(6).allSatisfy { $0.hasPrefix("  ") })
        #expect(lines[0].hasPrefix("★ Groceries  · "))
        #expect(lines[0].hasSuffix(" · Unsorted · #personal"))
        #expect(lines[2].hasSuffix(" · Work/Projects · #work #project/alpha"))
        #expect(lines[46] == "  Quick thought  · 02/01/20 · Unsorted")
        #expect(lines[45] == "  Pizza dough  · 02/01/20 · Personal/Recipes")

        let withSnippet = try vault.run("list", "--snippet", "--limit", "1")
        #expect(withSnippet.stdoutLines.count == 2)
        #expect(withSnippet.stdoutLines.last?.hasPrefix("    ") == true)
    }

    @Test("list --tag project includes notes tagged project/alpha and project/beta", arguments: ["project", "#project", "PROJECT"])
    func listByParentTag(_ tag: String) throws {
        let vault = try example()
        let result = try vault.run("list", "--tag", tag, "--format", "json")
        #expect(result.status == 0, "\(result)")
        #expect(try paths(result).sorted() == Self.projectNotes)
    }

    @Test("list --tag project/alpha is only the alpha notes")
    func listByChildTag() throws {
        let vault = try example()
        let result = try vault.run("list", "--tag", "project/alpha", "--format", "json")
        #expect(try paths(result) == [
            "Work/Projects/Roadmap.md",
            "Work/Meetings/2026-11-18 Design review.md",
            "Work/Projects/Alpha risks.md",
            "Work/Projects/Alpha launch plan.md",
        ])
    }

    @Test("list Work includes its subfolders")
    func listFolder() throws {
        let vault = try example()
        let result = try vault.run("list", "Work", "--format", "json")
        #expect(result.status == 0, "\(result)")
        let listed = try paths(result)
        #expect(listed == Self.listOrder.filter { $0.hasPrefix("Work/") })
        #expect(listed.count == 19)
        #expect(listed.contains("Work/Projects/Roadmap.md"))
        #expect(listed.contains("Work/Meetings/1-1 with Dana.md"))

        let projects = try paths(try vault.run("list", "Work/Projects", "--format", "json"))
        #expect(projects == Self.listOrder.filter { $0.hasPrefix("Work/Projects/") })
        #expect(projects.count == 6)
    }

    @Test("list / is only the notes at the root")
    func listRoot() throws {
        let vault = try example()
        let result = try vault.run("list", "/", "--format", "json")
        #expect(result.status == 0, "\(result)")
        #expect(try paths(result) == Self.listOrder.filter { !$0.contains("/") })
        #expect(try paths(result).sorted() == Self.rootNotes)
        #expect(try paths(try vault.run("list", "--unsorted", "--format", "json")).sorted() == Self.rootNotes)
    }

    @Test("list --pinned and --limit")
    func listPinnedAndLimit() throws {
        let vault = try example()
        #expect(try paths(try vault.run("list", "--pinned", "--format", "json")) == Array(Self.listOrder.prefix(6)))
        #expect(try paths(try vault.run("list", "--limit", "3", "--format", "json")) == Array(Self.listOrder.prefix(3)))
        let empty = try vault.run("list", "--limit", "0", "--format", "json")
        #expect(empty.stdout == "[]\n")
        // "No limit" written as the largest number lists every note.
        let all = try vault.run("list", "--limit", String(Int.max), "--format", "json")
        #expect(all.status == 0)
        #expect(try paths(all) == Self.listOrder)
    }

    @Test("list of a folder that does not exist is exit 2")
    func listMissingFolder() throws {
        let vault = try example()
        let result = try vault.run("list", "Nowhere")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: folder 'Nowhere' does not exist (create it with 'vault folder create Nowhere')\n")
    }

    @Test("list --group month: a Pinned group first, then months, newest first")
    func listGroupMonth() throws {
        let vault = try example()
        let result = try vault.run("list", "--group", "month", "--no-snippet")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.first == "Pinned")

        // Headings name the month, with the year unless it is the current one.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let currentYear = calendar.component(.year, from: Date())
        func heading(_ month: String, _ year: Int) -> String { year == currentYear ? month : "\(month) \(year)" }
        let expected: [(String, [String])] = [
            ("Pinned", ["★ Standup notes", "★ Groceries", "★ Trip to Lisbon", "★ Roadmap", "★ Reading list 2026", "★ Team contacts"]),
            (heading("November", 2026), ["Design review: Alpha onboarding flow", "Weekend plans", "Standup 2026-11-13", "How to Take Smart Notes"]),
            (heading("October", 2026), ["Beta retrospective", "Budget sync with finance"]),
            (heading("September", 2026), ["Kickoff: Project Beta", "Beta API: design notes"]),
            (heading("August", 2026), ["Journal 2026-08-02"]),
            (heading("July", 2026), ["The Remains of the Day", "Conference talk ideas"]),
            (heading("June", 2026), ["1-1 with Dana", "Notes with comments", "Windows line endings"]),
            (heading("May", 2026), ["Alpha risks", "Café Crème"]),
            (heading("April", 2026), ["Shakshuka", "Alpha launch plan"]),
            (heading("March", 2026), ["Designing Data-Intensive Applications", "Running log", "Quarterly planning"]),
            (heading("February", 2026), ["Performance review notes", "Local-first software"]),
            (heading("January", 2026), ["Weeknight dal (red lentils)", "Dentist"]),
            (heading("December", 2025), ["Christmas Eve dinner"]),
            (heading("November", 2025), ["Thinking in Systems", "Gift ideas"]),
            (heading("October", 2025), ["Banana bread", "Expense report Q3"]),
            (heading("September", 2025), ["Ideas"]),
            (heading("August", 2025), ["Onboarding checklist", "Why plain text lasts"]),
            (heading("July", 2025), ["Packing list", "Phone numbers"]),
        ]
        // Parse the output into groups: heading, then note lines up to a blank line.
        var groups: [(String, [String])] = []
        for line in result.stdoutLines where !line.isEmpty {
            if line.hasPrefix("  ") || line.hasPrefix("★ ") {
                let title = line.components(separatedBy: "  · ").first ?? line
                groups[groups.count - 1].1.append(title.hasPrefix("  ") ? String(title.dropFirst(2)) : title)
            } else {
                groups.append((line, []))
            }
        }
        try #require(groups.count == expected.count + 1, "\(groups.map(\.0))")
        for (group, want) in zip(groups, expected) {
            #expect(group.0 == want.0)
            #expect(group.1 == want.1, "in \(want.0)")
        }
        // Notes dated by their file time (2020-01-02) come last.
        #expect(groups.last?.0 == "January 2020")
        #expect(groups.last?.1.count == 6)
    }

    @Test("a note changed outside vault is read again, even with the same size and file time")
    func externalEditSeen() throws {
        let vault = try TestVault()
        try vault.write("Note.md", "---\ntags: [aaa]\n---\n# First title\n")
        try vault.setModificationTime("Note.md", .past)
        let first = try vault.run("list", "--format", "json").jsonObjects()
        #expect(first.first?["title"] as? String == "First title")
        #expect(try vault.run("list", "--format", "json").stdout == (try vault.run("list", "--format", "json").stdout))

        // Another editor rewrites it in place: same length, and the old file time put back.
        let handle = try FileHandle(forWritingTo: vault.url("Note.md"))
        try handle.write(contentsOf: Data(utf8: "---\ntags: [bbb]\n---\n# Other title\n"))
        try handle.close()
        try vault.setModificationTime("Note.md", .past)

        let second = try vault.run("list", "--format", "json").jsonObjects()
        #expect(second.first?["title"] as? String == "Other title")
        #expect(second.first?["tags"] as? [String] == ["bbb"])
    }

    // MARK: - Note names

    @Test("a note is found by its path, with or without .md, in any case", arguments: [
        "Work/Projects/Roadmap.md", "Work/Projects/Roadmap", "work/projects/roadmap.md", "./Work/Projects/Roadmap",
    ])
    func resolveByPath(_ name: String) throws {
        let vault = try example()
        let result = try resolve(vault, name)
        #expect(result.status == 0, "\(result)")
        #expect(try result.jsonObject()["path"] as? String == "Work/Projects/Roadmap.md")
    }

    @Test("a note is found by its title, case-insensitively", arguments: [
        ("ROADMAP", "Work/Projects/Roadmap.md"),
        ("standup NOTES", "Work/Standup 2026-11-20.md"),
        ("café crème", "Personal/Café Crème.md"),
        ("Notes with comments", "Personal/Commented.md"),
        ("notes without front matter", "Reading/No Front Matter.md"),
        // Typed with combining accents (NFD), as macOS file dialogs produce them.
        ("cafe\u{301} cre\u{300}me", "Personal/Café Crème.md"),
    ])
    func resolveByTitle(_ name: String, _ path: String) throws {
        let vault = try example()
        let result = try resolve(vault, name)
        #expect(result.status == 0, "\(result)")
        #expect(try result.jsonObject()["path"] as? String == path)
    }

    @Test("a note is found by a prefix of its id", arguments: [
        ("dda2", "Work/Projects/Roadmap.md"),
        ("DDA2C93C", "Work/Projects/Roadmap.md"),
        ("dda2c93c-3d78-489d-9b85-d9e622f36eac", "Work/Projects/Roadmap.md"),
        ("4c01ffa9", "Personal/Commented.md"),
    ])
    func resolveByID(_ name: String, _ path: String) throws {
        let vault = try example()
        let result = try resolve(vault, name)
        #expect(result.status == 0, "\(result)")
        #expect(try result.jsonObject()["path"] as? String == path)
    }

    @Test("an ambiguous title is exit 2 listing the candidates")
    func ambiguousTitle() throws {
        let vault = try example()
        try vault.write("Personal/Roadmap.md", "---\nid: personal-roadmap\n---\n# Roadmap\n\nMy own plans.\n")
        let before = try vault.snapshot()
        for arguments in [["show", "roadmap"], ["pin", "Roadmap"], ["mv", "ROADMAP", "Reading"]] {
            let result = try vault.run(arguments: arguments)
            #expect(result.status == 2, "\(result)")
            #expect(result.stdout == "")
            #expect(result.stderr == "vault: error: '\(arguments[1])' matches 2 notes: Personal/Roadmap.md, Work/Projects/Roadmap.md\n")
        }
        #expect(try vault.snapshot().differences(from: before) == [])
        // A path still picks one.
        #expect(try resolve(vault, "Personal/Roadmap").jsonObject()["path"] as? String == "Personal/Roadmap.md")
    }

    @Test("an ambiguous id prefix is exit 2 listing the candidates")
    func ambiguousIDPrefix() throws {
        let vault = try TestVault()
        try vault.write("One.md", "---\nid: abcd1111-0000\n---\n# One\n")
        try vault.write("Two.md", "---\nid: abcd2222-0000\n---\n# Two\n")
        let result = try vault.run("show", "abcd")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: 'abcd' matches 2 notes: One.md, Two.md\n")
        #expect(try resolve(vault, "abcd2").jsonObject()["path"] as? String == "Two.md")
    }

    // MARK: - mv

    @Test("mv onto a file of the same name is exit 2, and both files stay intact")
    func moveOntoExisting() throws {
        let vault = try example()
        try vault.write("Personal/Team contacts.md", "# My own team contacts\n")
        let before = try vault.snapshot()
        let result = try vault.run("mv", "Work/Team contacts", "Personal")
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "vault: error: 'Personal/Team contacts.md' already exists; nothing was overwritten\n")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test("mv of several notes into a subfolder, and back to Unsorted with /")
    func moveSeveral() throws {
        let vault = try example()
        let ideas = try vault.bytes("Ideas.md")
        let inbox = try vault.bytes("Inbox.md")
        let result = try vault.run("mv", "Ideas", "Inbox.md", "Work/Projects")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Ideas.md → Work/Projects/Ideas.md\nInbox.md → Work/Projects/Inbox.md\n")
        #expect(try vault.bytes("Work/Projects/Ideas.md") == ideas)
        #expect(try vault.bytes("Work/Projects/Inbox.md") == inbox)
        #expect(!vault.exists("Ideas.md") && !vault.exists("Inbox.md"))
        let home = try vault.run("--format", "json").jsonObject()
        #expect(home["unsorted"] as? Int == 5)

        let back = try vault.run("mv", "Work/Projects/Ideas", "/")
        #expect(back.stdout == "Work/Projects/Ideas.md → Ideas.md\n")
        #expect(try vault.bytes("Ideas.md") == ideas)
    }

    @Test("mv into a folder that does not exist is exit 2 and moves nothing")
    func moveToMissingFolder() throws {
        let vault = try example()
        let before = try vault.snapshot()
        let result = try vault.run("mv", "Ideas", "Archive")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: folder 'Archive' does not exist (create it with 'vault folder create Archive')\n")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    // MARK: - rename

    @Test("rename of a note titled by its heading renames the file and the heading's text only")
    func renameFile() throws {
        let vault = try example()
        let original = try vault.text("Phone numbers.md")
        let result = try vault.run("rename", "Phone numbers", "Useful numbers")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Phone numbers.md → Useful numbers.md\n")
        #expect(!vault.exists("Phone numbers.md"))
        #expect(try vault.text("Useful numbers.md") == original.replacingOccurrences(of: "\n# Phone numbers\n", with: "\n# Useful numbers\n"))
        #expect(try vault.run("show", "Useful numbers").stdout.hasPrefix("Useful numbers"))
        #expect(try vault.modificationTime("Useful numbers.md") == FileTime.past.organised())
    }

    @Test("rename follows the title where it comes from: a heading's text, a file name by the file")
    func renameTitles() throws {
        let vault = try TestVault()
        try vault.write("Heading.md", "\u{FEFF}## Old heading ##\r\n\r\nText\r\n")
        try vault.write("Line.md", "---\ntags: [a]\n---\nfirst line is the title\nmore\n")
        try vault.write("Empty.md", "")
        #expect(try vault.run("rename", "Heading", "New heading").status == 0)
        #expect(try vault.text("New heading.md") == "\u{FEFF}## New heading ##\r\n\r\nText\r\n")
        #expect(try vault.run("rename", "Line", "Named").status == 0)
        // A first line that is no heading is not the title (DESIGN 1.2): the file names it.
        #expect(try vault.text("Named.md") == "---\ntags: [a]\n---\nfirst line is the title\nmore\n")
        #expect(try vault.run("rename", "Empty", "Still empty").status == 0)
        #expect(try vault.text("Still empty.md") == "")
        // A bare file name finds a note in any folder.
        try vault.createDirectory("Work")
        try vault.write("Work/Deep name.md", "---\ntitle: Something else\n---\nx\n")
        #expect(try vault.run("show", "deep name").status == 0)
    }

    /// The tags and block id that end a heading are not its name: a rename keeps them, so
    /// the note keeps its tag and a link to the block still finds it. `#1984` is no tag.
    @Test(arguments: [
        ("# Project Alpha #active\nbody\n", "# Alpha #active\nbody\n"),
        ("## Meeting with Bob #work/team #q3 ^h1 ##\r\nbody\r\n", "## Alpha #work/team #q3 ^h1 ##\r\nbody\r\n"),
        ("# Year #1984\n", "# Alpha\n"),
        // A heading of nothing but a tag is all name: its title is "#active".
        ("# #active\n", "# Alpha\n"),
    ])
    func renameKeepsTheTagsAndBlockIDThatEndAHeading(text: String, renamed: String) throws {
        let vault = try TestVault()
        try vault.write("Old.md", text)
        let result = try vault.run("rename", "Old.md", "Alpha")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.text("Alpha.md") == renamed)
        #expect(try vault.run("list", "--format", "json").stdout.contains("\"title\":\"Alpha\""))
        // A copy is titled "… copy" before the marks too.
        #expect(try vault.run("cp", "Alpha").status == 0)
        let copied = renamed.replacingOccurrences(of: "Alpha", with: "Alpha copy")
        #expect(try vault.text("Alpha copy.md").hasSuffix("---\n" + copied) || vault.text("Alpha copy.md").hasSuffix("---\r\n" + copied))
    }

    /// A title typed as the heading reads, its tags included, is not given the tags twice.
    @Test func aTitleTypedWithTheHeadingsTagsDoesNotRepeatThem() throws {
        let vault = try TestVault()
        try vault.write("Links.md", "See [[A#A #x]].\n")
        try vault.write("A.md", "# A #x\nbody\n")
        let result = try vault.run("rename", "A.md", "B #x")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("A.md → B.md\n"), "\(result)")
        #expect(try vault.text("B.md") == "# B #x\nbody\n")
    }

    /// A `#` line in code is no title, so a rename leaves it as it is: the file is renamed
    /// and not one byte of the note changes.
    @Test(arguments: ["```\n# not a heading\n```\n\n# After code\n", "    # indented code heading\ntext\n", "~~~~\n```\n# inside\n~~~~\n"])
    func renameNeverEditsCode(text: String) throws {
        let vault = try TestVault()
        try vault.write("Code.md", text)
        let result = try vault.run("rename", "Code", "Renamed")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.text("Renamed.md") == text)
    }

    @Test("rename of a note with a title key rewrites that key in its own quoting and nothing else")
    func renameWithTitleKey() throws {
        let vault = try example()
        let original = try vault.text("Personal/Commented.md")
        let result = try vault.run("rename", "Notes with comments", "Kept comments")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Personal/Commented.md → Personal/Kept comments.md\n")
        #expect(!vault.exists("Personal/Commented.md"))
        let expected = original.replacingOccurrences(of: "title: 'Notes with comments'\n", with: "title: 'Kept comments'\n")
        #expect(expected != original)
        expectBytes(try vault.bytes("Personal/Kept comments.md"), Array(expected.utf8), "Personal/Kept comments.md")
        #expect(try vault.modificationTime("Personal/Kept comments.md") == FileTime.past.organised())
        #expect(try resolve(vault, "kept comments").jsonObject()["path"] as? String == "Personal/Kept comments.md")
    }

    @Test("rename onto an existing file name is exit 2 and changes neither file")
    func renameOntoExisting() throws {
        let vault = try example()
        let before = try vault.snapshot()
        let result = try vault.run("rename", "Ideas", "Inbox")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: 'Inbox.md' already exists; nothing was overwritten\n")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test("rename of a note with a title key onto an existing file name changes nothing")
    func renameWithTitleOntoExisting() throws {
        let vault = try example()
        let before = try vault.snapshot()
        let result = try vault.run("rename", "Notes with comments", "Dentist")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: 'Personal/Dentist.md' already exists; nothing was overwritten\n")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    // MARK: - cp

    @Test("cp of a note with a title key: new id and dates, title '… copy', every other byte kept")
    func copyWithTitleKey() throws {
        let vault = try example()
        let original = try vault.text("Personal/Commented.md")
        let start = Date()
        let result = try vault.run("cp", "Notes with comments")
        let end = Date()
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Personal/Commented copy.md\n")
        #expect(try vault.text("Personal/Commented.md") == original)

        let copy = try vault.text("Personal/Commented copy.md")
        let originalLines = original.components(separatedBy: "\n")
        let copyLines = copy.components(separatedBy: "\n")
        try #require(copyLines.count == originalLines.count, "\(copy)")
        // Only the lines of id, title, created, modified and sortDate differ.
        for (before, after) in zip(originalLines, copyLines) {
            let key = before.split(separator: ":").first.map(String.init) ?? ""
            if ["id", "title", "created", "modified", "sortDate"].contains(key) { continue }
            #expect(after == before)
        }
        let id = try #require(copyLines.first { $0.hasPrefix("id: ") })
        let idMatch = try #require(id.wholeMatch(of: try Regex(#"id: "([0-9a-f-]{36})"   # quoted on purpose"#)), "\(id)")
        let newID = String(try #require(idMatch.output[1].substring))
        #expect(newID != "4c01ffa9-6495-4246-afd6-ca02d2b4f0c9")
        #expect(copyLines.contains("title: 'Notes with comments copy'"))
        let created = try #require(copyLines.first { $0.hasPrefix("created: ") })
        let createdValue = String(created.dropFirst("created: \"".count).dropLast())
        NewAndEditTests.expectWrittenBetween(createdValue, start, end)
        #expect(created == "created: \"\(createdValue)\"")
        #expect(copyLines.contains("modified: '\(createdValue)'"))
        #expect(copyLines.contains("sortDate: \(createdValue)  # same as created"))

        let json = try resolve(vault, "Personal/Commented copy").jsonObject()
        #expect(json["title"] as? String == "Notes with comments copy")
        #expect(json["id"] as? String == newID)
        #expect(json["tags"] as? [String] == ["personal", "journal"])
    }

    @Test("cp into another folder; a title from the body heading becomes '… copy'")
    func copyToFolder() throws {
        let vault = try example()
        let result = try vault.run("cp", "Standup notes", "Personal")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Personal/Standup 2026-11-20 copy.md\n")
        let json = try resolve(vault, "Personal/Standup 2026-11-20 copy.md").jsonObject()
        #expect(json["title"] as? String == "Standup notes copy")
        #expect(json["id"] as? String != "91de9638-7779-4448-9238-f0b3332d7b5e")
        #expect((json["id"] as? String)?.count == 36)
        #expect(json["tags"] as? [String] == ["work", "meeting"])
        let second = try vault.run("cp", "Standup notes", "Personal")
        #expect(second.stdout == "Personal/Standup 2026-11-20 copy 2.md\n")
    }

    @Test("cp of a note whose heading is its file name titles the copy '… copy'")
    func copyTitleFromHeadingEqualToFileName() throws {
        let vault = try example()
        let result = try vault.run("cp", "Work/Projects/Roadmap")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Work/Projects/Roadmap copy.md\n")
        let json = try resolve(vault, "Work/Projects/Roadmap copy").jsonObject()
        #expect(json["title"] as? String == "Roadmap copy")
        #expect(try resolve(vault, "Roadmap copy").status == 0)
    }

    @Test("cp writes the new id in the style of the old one (plain stays plain)")
    func copyKeepsIDStyle() throws {
        let vault = try example()
        // Several copies, so that some new ids start with a digit.
        for _ in 0..<8 {
            let result = try vault.run("cp", "Work/Team contacts")
            #expect(result.status == 0, "\(result)")
        }
        for name in try vault.names(in: "Work") where name.hasPrefix("Team contacts copy") {
            let id = try #require(try vault.text("Work/" + name).components(separatedBy: "\n").first { $0.hasPrefix("id: ") })
            #expect(id.wholeMatch(of: NewAndEditTests.uuidLine) != nil, "\(name): \(id)")
        }
    }

    // MARK: - folders

    @Test("folder create makes a folder and a subfolder")
    func folderCreate() throws {
        let vault = try example()
        let top = try vault.run("folder", "create", "Archive")
        #expect(top.status == 0, "\(top)")
        #expect(top.stdout == "created folder Archive\n")
        let sub = try vault.run("folder", "create", "Archive/2025")
        #expect(sub.status == 0, "\(sub)")
        #expect(sub.stdout == "created folder Archive/2025\n")
        #expect(try vault.names(in: "Archive") == ["2025"])

        let list = try vault.run("folder", "list")
        #expect(list.stdout == "Archive  0\n  2025  0\nPersonal  13\n  Recipes  4\nReading  8\nWork  19\n  Meetings  5\n  Projects  6\n")
        let moved = try vault.run("mv", "Ideas", "Archive/2025")
        #expect(moved.status == 0, "\(moved)")
        #expect(try vault.run("folder", "list").stdoutLines.prefix(2) == ["Archive  1", "  2025  1"])
    }

    @Test("folder create refuses bad names and creates nothing", arguments: [
        ("A/B/C", "vault: error: invalid folder name 'A/B/C': folders nest one level deep (Folder/Subfolder)\n"),
        ("Work/Projects/Deeper", "vault: error: invalid folder name 'Work/Projects/Deeper': folders nest one level deep (Folder/Subfolder)\n"),
        (".x", "vault: error: invalid folder name '.x': a name cannot start with '.'\n"),
        ("Work/.x", "vault: error: invalid folder name 'Work/.x': a name cannot start with '.'\n"),
        ("work", "vault: error: invalid folder name 'work': 'Work' already exists\n"),
        ("PERSONAL", "vault: error: invalid folder name 'PERSONAL': 'Personal' already exists\n"),
        ("Work/projects", "vault: error: invalid folder name 'Work/projects': 'Work/Projects' already exists\n"),
        ("Work", "vault: error: invalid folder name 'Work': 'Work' already exists\n"),
        ("../x", "vault: error: invalid folder name '../x': '..' and paths outside the vault are not folder names\n"),
        ("Nope/Sub", "vault: error: folder 'Nope' does not exist (create it with 'vault folder create Nope')\n"),
    ])
    func folderCreateRefused(_ name: String, _ message: String) throws {
        let vault = try example()
        let before = try vault.snapshot()
        let result = try vault.run("folder", "create", name)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == message)
        #expect(try vault.snapshot().differences(from: before) == [])
        #expect(!FileManager.default.fileExists(atPath: vault.base.appendingPathComponent("x").path))
    }
}
