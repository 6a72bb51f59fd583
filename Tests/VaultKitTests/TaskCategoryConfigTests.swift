import Foundation
import Testing
@testable import VaultKit

/// The minimal edits of `tasks.categories` (ConfigEditor+TaskCategories) in a flow
/// mapping, and the checks of `TaskCategories` on what is asked.
@Suite struct TaskCategoryConfigTests {
    @Test func aFlowMappingKeepsItsEntriesBytes() throws {
        let vault = try TemporaryVault()
        let path = ".vault/config.yaml"
        try vault.write(path, "tasks:\n  inbox: X.md  # mine\n")
        let editor = ConfigEditor(root: vault.root)
        try editor.setCategory("work", fields: [("icon", "\"💼\"")])
        #expect(vault.read(path) == "tasks:\n  inbox: X.md  # mine\n  categories: { work: { icon: \"💼\" } }\n")
        try editor.setCategory("home", fields: [])
        #expect(vault.read(path) == "tasks:\n  inbox: X.md  # mine\n  categories: { work: { icon: \"💼\" }, home: {} }\n")
        try editor.moveCategory("home", before: "work")
        #expect(vault.read(path) == "tasks:\n  inbox: X.md  # mine\n  categories: { home: {}, work: { icon: \"💼\" } }\n")
        try editor.moveCategory("home", before: nil)
        #expect(vault.read(path) == "tasks:\n  inbox: X.md  # mine\n  categories: { work: { icon: \"💼\" }, home: {} }\n")
        try editor.setCategory("home", fields: [("color", "blue")])
        #expect(vault.read(path) == "tasks:\n  inbox: X.md  # mine\n  categories: { work: { icon: \"💼\" }, home: { color: blue } }\n")
        try editor.removeCategory("work")
        #expect(vault.read(path) == "tasks:\n  inbox: X.md  # mine\n  categories: { home: { color: blue } }\n")
        let config = VaultConfig.load(from: vault.root)
        #expect(TaskCategories.list(config) == [TaskCategories.Category(name: "home", icon: nil, color: "blue")])
    }

    @Test func anIconIsOneEmoji() throws {
        for good in ["💼", "✈️", "👩‍💻", "🇫🇷", "👍🏽"] { #expect(try TaskCategories.icon(good) == good) }
        #expect(try TaskCategories.icon("none") == nil)
        for bad in ["a", "1", "ab", "💼💼", "", "#"] {
            #expect(throws: VaultError.self) { try TaskCategories.icon(bad) }
        }
    }
}
