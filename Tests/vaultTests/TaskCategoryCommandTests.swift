import Foundation
import Testing

/// `vault task category`: icons, colours and order of task categories, written to
/// `.vault/config.yaml` by minimal edits (docs/tasks.md).
@Suite("vault task category")
struct TaskCategoryCommandTests {
    static let config = """
        trashDays: 30   # keep a month
        tasks:
          inbox: Tasks.md   # where quick adds go
          categories:
            work:   # the job
              icon: "💼"
              color: blue
            home: { icon: "🏠" }
        # colours of tags
        colors:
          tags: {}

        """

    private func vault() throws -> TestVault {
        let vault = try TestVault()
        try vault.write(".vault/config.yaml", Self.config)
        try vault.write("Tasks.md", "# Tasks\n\n- [ ] ship it #work 📅 2026-12-01\n- [ ] sweep #home\n")
        return vault
    }

    private func config(_ vault: TestVault) throws -> String { try vault.text(".vault/config.yaml") }

    private func ok(_ vault: TestVault, _ arguments: String...) throws -> RunResult {
        let result = try vault.run(arguments: arguments)
        #expect(result.status == 0, "\(result)")
        return result
    }

    @Test func eachChangeEditsOnlyItsBytes() throws {
        let vault = try vault()
        var expected = Self.config
        #expect(try ok(vault, "task", "category", "list").stdout == "💼 work blue\n🏠 home -\n")

        let added = try ok(vault, "task", "category", "icon", "#errand", "🛒")
        #expect(added.stdout == "🛒 errand -\n")
        expected = expected.replacingOccurrences(of: "    home: { icon: \"🏠\" }\n", with: "    home: { icon: \"🏠\" }\n    errand: { icon: \"🛒\" }\n")
        expectBytes(Array(try config(vault).utf8), Array(expected.utf8), "after adding errand")
        #expect(try ok(vault, "task", "category", "color", "errand", "Green").stdout == "🛒 errand green\n")
        expected = expected.replacingOccurrences(of: "errand: { icon: \"🛒\" }", with: "errand: { icon: \"🛒\", color: green }")
        expectBytes(Array(try config(vault).utf8), Array(expected.utf8), "after set errand")

        _ = try ok(vault, "task", "category", "color", "home", "teal")
        expected = expected.replacingOccurrences(of: "home: { icon: \"🏠\" }", with: "home: { icon: \"🏠\", color: teal }")
        expectBytes(Array(try config(vault).utf8), Array(expected.utf8), "after recolouring home")

        _ = try ok(vault, "task", "category", "color", "work", "red")
        _ = try ok(vault, "task", "category", "icon", "work", "🧑‍💻")
        expected = expected.replacingOccurrences(of: "      icon: \"💼\"\n      color: blue\n", with: "      icon: \"🧑‍💻\"\n      color: red\n")
        expectBytes(Array(try config(vault).utf8), Array(expected.utf8), "after changing work")

        let moved = try ok(vault, "task", "category", "move", "errand", "--before", "work")
        #expect(moved.stdout == "🛒 errand green\n🧑‍💻 work red\n🏠 home teal\n")
        expected = expected.replacingOccurrences(of: "    errand: { icon: \"🛒\", color: green }\n", with: "")
            .replacingOccurrences(of: "    work:   # the job\n", with: "    errand: { icon: \"🛒\", color: green }\n    work:   # the job\n")
        expectBytes(Array(try config(vault).utf8), Array(expected.utf8), "after moving errand first")

        _ = try ok(vault, "task", "category", "move", "work")
        let workLines = "    work:   # the job\n      icon: \"🧑‍💻\"\n      color: red\n"
        expected = expected.replacingOccurrences(of: workLines, with: "")
            .replacingOccurrences(of: "    home: { icon: \"🏠\", color: teal }\n", with: "    home: { icon: \"🏠\", color: teal }\n" + workLines)
        expectBytes(Array(try config(vault).utf8), Array(expected.utf8), "after moving work last")
        // The category view follows the order.
        let agenda = try ok(vault, "tasks", "--by", "category")
        let headings = agenda.stdoutLines.filter { $0.hasPrefix("#") }
        #expect(headings.map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["#home", "#work"], "\(agenda)")

        _ = try ok(vault, "task", "category", "color", "home", "none")
        expected = expected.replacingOccurrences(of: "home: { icon: \"🏠\", color: teal }", with: "home: { icon: \"🏠\" }")
        expectBytes(Array(try config(vault).utf8), Array(expected.utf8), "after removing home's colour")

        _ = try ok(vault, "task", "category", "rm", "errand")
        expected = expected.replacingOccurrences(of: "    errand: { icon: \"🛒\", color: green }\n", with: "")
        expectBytes(Array(try config(vault).utf8), Array(expected.utf8), "after removing errand")
    }

    @Test func aFirstCategoryMakesItsMappings() throws {
        let vault = try TestVault()
        try vault.write(".vault/config.yaml", "trashDays: 30 # a comment\n")
        _ = try ok(vault, "task", "category", "color", "work", "blue")
        #expect(try config(vault) == "trashDays: 30 # a comment\ntasks:\n  categories:\n    work: { color: blue }\n")
        _ = try ok(vault, "task", "category", "icon", "work", "💼")
        #expect(try config(vault) == "trashDays: 30 # a comment\ntasks:\n  categories:\n    work: { color: blue, icon: \"💼\" }\n")
        _ = try ok(vault, "task", "category", "icon", "home", "none")
        _ = try ok(vault, "task", "category", "move", "home", "--before", "work")
        #expect(try config(vault) == "trashDays: 30 # a comment\ntasks:\n  categories:\n    home: {}\n    work: { color: blue, icon: \"💼\" }\n")
        #expect(try ok(vault, "task", "category", "list", "--format", "json").stdout
                    == #"{"categories":[{"name":"home","icon":null,"color":null},{"name":"work","icon":"💼","color":"blue"}]}"# + "\n")
    }

    @Test(arguments: [
        (["icon", "work", "ab"], "invalid icon 'ab': an icon is one emoji, such as 💼, or none"),
        (["icon", "work", "💼💼"], "invalid icon '💼💼': an icon is one emoji, such as 💼, or none"),
        (["color", "work", "mauve"], "unknown colour 'mauve'"),
        (["color", "two words", "red"], "invalid tag 'two words'"),
        (["move", "nope"], "no task category 'nope'; nothing changed"),
        (["move", "work", "--before", "nope"], "no task category 'nope'; nothing changed"),
        (["rm", "nope"], "no task category 'nope'; nothing changed"),
        (["rename", "nope", "other"], "no task category 'nope'; nothing changed"),
        (["rename", "work", "home"], "task category 'home' already exists; nothing changed"),
    ])
    func badInputChangesNothing(_ arguments: [String], _ message: String) throws {
        let vault = try vault()
        let before = try vault.snapshot()
        let result = try vault.run(arguments: ["task", "category"] + arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("vault: error: " + message), "\(result)")
        #expect(result.stdout == "")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    /// The tag is renamed where it stands on each line, whatever its case was.
    @Test func renameRenamesTheTagOnTaskLinesAndUndoTakesThemBack() throws {
        let vault = try vault()
        try vault.write("More.md", "- [ ] plan #work\n- [x] done already #Work ✅ 2026-11-01\n")
        let notes = (try vault.text("Tasks.md"), try vault.text("More.md"))
        let renamed = try ok(vault, "task", "category", "rename", "#work", "job")
        #expect(renamed.stdout == "renamed #work → job on 3 tasks\n")
        #expect(try vault.text("Tasks.md") == "# Tasks\n\n- [ ] ship it #job 📅 2026-12-01\n- [ ] sweep #home\n")
        #expect(try vault.text("More.md") == "- [ ] plan #job\n- [x] done already #job ✅ 2026-11-01\n")
        #expect(try config(vault) == Self.config.replacingOccurrences(of: "    work:   # the job", with: "    job:   # the job"))
        let id = String(try #require(try vault.run("history").stdoutLines.last).prefix(8))
        _ = try ok(vault, "undo", id)
        #expect((try vault.text("Tasks.md"), try vault.text("More.md")) == notes)
    }
}
