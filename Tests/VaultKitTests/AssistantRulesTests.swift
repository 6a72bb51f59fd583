import Foundation
import Testing
@testable import VaultKit

/// The rules an assistant (`vault mcp`) works under, each in VaultKit: its scope and private
/// notes, the bounds of an answer, stale versions, replace uniqueness, property values and
/// the keys vault keeps itself.
@Suite struct AssistantRulesTests {
    func makeVault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("Work/Plan.md", "---\nid: 1111\ntags: [work]\n---\n# Plan\n\nShip it.\n\n## Steps\n\nOne.\n\n## Later\n\nTwo.\n")
        try vault.write("Work/Secret.md", "---\nprivate: true\n---\n# Secret\n\nPlan the surprise.\n")
        try vault.write("Home/List.md", "# List\n\nMilk.\n")
        return vault
    }

    func session(_ vault: TemporaryVault) -> VaultSession {
        var opened = vault.vault
        opened.usesCache = false
        return VaultSession(vault: opened)
    }

    // MARK: - Scope and private notes

    @Test func aPrivateNoteIsInvisibleAndNamedByNoSearch() throws {
        let vault = try makeVault()
        let session = session(vault)
        let scope = AssistantScope()
        let found = try session.visibleNotes(matching: try Query.parse("plan"), in: scope)
        #expect(found.map(\.path) == ["Work/Plan.md"])
        #expect(throws: VaultError.noteNotFound("Secret")) { try session.resolveVisible("Secret", in: scope) }
        #expect(throws: VaultError.noteNotFound("Work/Secret.md")) { try session.resolveVisible("Work/Secret.md", in: scope) }
    }

    @Test func foldersLimitWhatIsSeenAndWhereNotesGo() throws {
        let vault = try makeVault()
        let session = session(vault)
        let scope = AssistantScope(folders: ["work"])
        #expect(try session.visibleNotes(matching: nil, in: scope).map(\.path) == ["Work/Plan.md"])
        #expect(throws: VaultError.noteNotFound("List")) { try session.resolveVisible("List", in: scope) }
        #expect(throws: VaultError.outsideScope("Home", allowed: ["work"])) { try scope.requireWritable(folder: "Home") }
        try scope.requireWritable(folder: "Work/Sub")
        #expect(throws: VaultError.readOnlyScope) { try AssistantScope(readOnly: true).requireWritable(folder: "Work") }
    }

    /// A folder that climbs out of the scope's (`Work/../Personal`), or an absolute path
    /// whose parts begin with the scope's name, is refused before any resolution can
    /// carry it elsewhere: an assistant names folders by their plain vault path.
    @Test(arguments: ["Work/../Personal", "Work/./../Personal", "/tmp/Work/../Personal", "/Work", "./Work", "Work/.."])
    func aFolderThatIsNoPlainVaultPathIsRefused(folder: String) {
        let scope = AssistantScope(folders: ["Work"])
        #expect(throws: VaultError.self) { try scope.requireWritable(folder: folder) }
        #expect(throws: VaultError.self) { try AssistantScope().requireWritable(folder: folder) }
    }

    @Test func theCommandNarrowsTheConfiguredScope() {
        var config = VaultConfig()
        config.assistantFolders = ["Work"]
        #expect(AssistantScope.configured(config, folders: [], readOnly: false).folders == ["Work"])
        #expect(AssistantScope.configured(config, folders: ["Work/Projects"], readOnly: false).folders == ["Work/Projects"])
        #expect(AssistantScope.configured(config, folders: ["Home"], readOnly: false).folders == [])
        config.assistantReadOnly = true
        #expect(AssistantScope.configured(config, folders: [], readOnly: false).readOnly)
        #expect(AssistantScope.configured(VaultConfig(), folders: [], readOnly: false).folders == nil)
    }

    @Test func theConfigurationReadsTheMcpSection() throws {
        let vault = try makeVault()
        try vault.write(".vault/config.yaml", "mcp:\n  folders: [Work, Home/Lists]\n  readOnly: true\n")
        let config = VaultConfig.load(from: vault.root)
        #expect(config.assistantFolders == ["Work", "Home/Lists"])
        #expect(config.assistantReadOnly)
    }

    @Test func anUndoOutsideTheScopeIsRefused() throws {
        let vault = try makeVault()
        let session = session(vault)
        let note = try session.resolve("List", in: try session.scan())
        let report = try session.write { try TagNotes(.add(["x"]), to: [note], among: [note], alwaysRecorded: true).runRecorded(in: $0) }
        let id = try #require(report.recordID)
        #expect(throws: VaultError.outsideScope("Home", allowed: ["Work"])) { try session.requireUndoable(id, in: AssistantScope(folders: ["Work"])) }
        try session.requireUndoable(id, in: AssistantScope())
    }

    @Test func aFolderOfNotesTheAssistantCannotSeeIsNotListed() throws {
        let vault = try makeVault()
        try vault.write("Hidden/Only.md", "---\nprivate: true\n---\n# Only\n\nMine.\n")
        try FileManager.default.createDirectory(atPath: vault.path + "/Empty", withIntermediateDirectories: true)
        let session = session(vault)
        let listed = try session.visibleFolders(in: AssistantScope())
        #expect(listed.contains("Work") && listed.contains("Home") && listed.contains("Empty"), "\(listed)")
        #expect(!listed.contains("Hidden"), "\(listed)")
        #expect(try session.visibleFolders(in: AssistantScope(folders: ["Work"])) == ["Work"])
    }

    @Test func aRenameRewritesLinksTheAssistantCannotSeeAndDoesNotNameThem() throws {
        let vault = try makeVault()
        try vault.write("Work/Secret.md", "---\nprivate: true\n---\n# Secret\n\nSee [[Plan]].\n")
        try vault.write("Home/Log.md", "# Log\n\nSee [[Plan]].\n")
        let session = session(vault)
        let all = try session.scan().notes
        let plan = try session.resolveVisible("Plan", in: AssistantScope(folders: ["Work"]))
        let report = try session.write { try Relocate(.rename(plan, to: "Plan B"), notes: all).run(in: $0) }
        #expect(vault.read("Work/Secret.md").contains("[[Plan B]]"))
        #expect(vault.read("Home/Log.md").contains("[[Plan B]]"))
        let seen = report.visible(to: AssistantScope(folders: ["Work"]), among: all)
        #expect(seen.linkedNotes.isEmpty && seen.links.isEmpty, "\(seen.linkedNotes)")
        #expect(report.visible(to: AssistantScope(), among: all).linkedNotes == ["Home/Log.md"])
        // Taken back whole by the assistant that made it, the hidden links with it.
        let id = try #require(report.recordID)
        try session.requireUndoable(id, in: AssistantScope(folders: ["Work"]))
    }

    // MARK: - Bounds

    @Test func aLongTextIsReadPageByPage() throws {
        let line = String(repeating: "word ", count: 19) + "\n"
        let text = String(repeating: line, count: 2_000)
        var offset = 0
        var read = ""
        var pages = 0
        while true {
            let page = try TextPage(text, offset: offset)
            #expect(page.text.count <= AssistantBounds.textPage)
            read += page.text
            pages += 1
            guard let next = page.nextOffset else { break }
            #expect(page.text.hasSuffix("\n"), "pages end at a line break")
            offset = next
        }
        #expect(read == text)
        #expect(pages == 13)
        #expect(throws: VaultError.self) { try TextPage(text, offset: text.count + 1) }
    }

    @Test func aListTakesNoMoreThanFitsAndAtLeastOne() throws {
        #expect(AssistantBounds.fitting([Int](repeating: 0, count: 500)[...], budget: 1_000) { _ in 100 } == 10)
        #expect(AssistantBounds.fitting([0][...], budget: 10) { _ in 1_000 } == 1)
        #expect(AssistantBounds.limit(nil) == 20)
        #expect(AssistantBounds.limit(1_000) == 100)
        #expect(throws: VaultError.self) { try AssistantBounds.position(ofCursor: "x") }
        #expect(try AssistantBounds.position(ofCursor: "40") == 40)
    }

    // MARK: - Edits

    @Test func aStaleVersionChangesNothing() throws {
        let vault = try makeVault()
        let session = session(vault)
        let version = try session.document(at: "Work/Plan.md").version
        try vault.write("Work/Plan.md", vault.read("Work/Plan.md") + "Edited elsewhere.\n")
        let before = vault.read("Work/Plan.md")
        #expect(throws: VaultError.self) {
            try session.write { try EditNote("Work/Plan.md", version: version, .append("Mine.")).run(in: $0) }
        }
        #expect(vault.read("Work/Plan.md") == before)
    }

    /// An assistant reads a note that is not UTF-8 with U+FFFD in place of its bad bytes:
    /// an edit elsewhere in it would write the substitutes back, so it is refused.
    @Test func anEditOfANoteThatIsNotUTF8IsRefused() throws {
        let vault = try makeVault()
        let original: [UInt8] = Array("# Plan\n\nLatin1 caf".utf8) + [0xE9] + Array(" here\n".utf8)
        try vault.write("Work/Plan.md", bytes: original)
        let session = session(vault)
        let version = try session.document(at: "Work/Plan.md").version
        #expect(throws: VaultError.located(Diagnostic(path: "Work/Plan.md", line: 3, column: 11, severity: .error,
                                                       message: "the note is not valid UTF-8 here, which an editor cannot show; vault leaves it unchanged"))) {
            try session.write { try EditNote("Work/Plan.md", version: version, .append("Mine.")).run(in: $0) }
        }
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: vault.path + "/Work/Plan.md"))) == original)
    }

    @Test func aReplaceNeedsItsTextExactlyOnce() throws {
        #expect(throws: VaultError.replacedTextNotUnique(path: "P.md", count: 0)) { try EditNote.edited("a b a", path: "P.md", by: .replace(old: "c", new: "d")) }
        #expect(throws: VaultError.replacedTextNotUnique(path: "P.md", count: 2)) { try EditNote.edited("a b a", path: "P.md", by: .replace(old: "a", new: "d")) }
        #expect(try EditNote.edited("a b a", path: "P.md", by: .replace(old: "b", new: "c")) == "a c a")
    }

    @Test func aSectionIsReplacedUpToTheNextHeadingOfItsLevel() throws {
        let text = "# Plan\n\n## Steps\n\nOne.\n\n### Detail\n\nx\n\n## Later\n\nTwo.\n"
        #expect(try EditNote.edited(text, path: "P.md", by: .section(heading: "steps", text: "New.\n")) == "# Plan\n\n## Steps\nNew.\n\n## Later\n\nTwo.\n")
        #expect(try EditNote.sectionText("Later", in: text, path: "P.md") == "## Later\n\nTwo.\n")
        #expect(throws: VaultError.headingNotFound(path: "P.md", heading: "Nope")) { try EditNote.edited(text, path: "P.md", by: .section(heading: "Nope", text: "")) }
    }

    @Test func anEditIsRecordedAndUndoneByteForByte() throws {
        let vault = try makeVault()
        let session = session(vault)
        let before = vault.read("Work/Plan.md")
        let version = try session.document(at: "Work/Plan.md").version
        let report = try session.write { try EditNote("Work/Plan.md", version: version, .replace(old: "Ship it.", new: "Ship it now.")).run(in: $0) }
        #expect(vault.read("Work/Plan.md").contains("Ship it now."))
        let id = try #require(report.recordID)
        _ = try session.write { try UndoOperation(id).run(in: $0) }
        #expect(vault.read("Work/Plan.md") == before)
    }

    @Test func aCreatedNoteIsUndoneToTheTrash() throws {
        let vault = try makeVault()
        let session = session(vault)
        var draft = try session.draft(title: "Idea", folder: "Work")
        draft.body = "A thought.\n"
        let report = try session.write { try CreateNote(draft).run(in: $0) }
        #expect(report.path == "Work/Idea.md")
        #expect(vault.read("Work/Idea.md").contains("A thought."))
        let id = try #require(report.recordID)
        _ = try session.write { try UndoOperation(id).run(in: $0) }
        #expect(!FileManager.default.fileExists(atPath: vault.path + "/Work/Idea.md"))
        #expect(session.trash.items().contains { $0.info.originalPath == "Work/Idea.md" })
    }

    // MARK: - Properties

    @Test func aValueIsReadAsTheYAMLItWouldBe() throws {
        #expect(try PropertyValue.read("true", key: "k").kind == .bool)
        #expect(try PropertyValue.read("2026-12-01", key: "k").kind == .date)
        #expect(try PropertyValue.read("3", key: "k").kind == .number)
        #expect(try PropertyValue.read("[a, b]", key: "k").items == ["a", "b"])
        #expect(try PropertyValue.read("\"3\"", key: "k").kind == .string)
        #expect(try PropertyValue.read("hello world", key: "k").kind == .string)
        #expect(throws: VaultError.self) { try PropertyValue.read("a: b", key: "k") }
        #expect(throws: VaultError.self) { try PropertyValue.read("[a, b", key: "k") }
        #expect(throws: VaultError.self) { try PropertyValue.read("one\ntwo", key: "k") }
    }

    @Test func theKeysVaultKeepsAreRefusedWithTheReason() {
        for key in ["id", "created", "modified", "sortDate", "title", "ID"] {
            #expect(throws: VaultError.self) { try SetProperties.check(key) }
        }
        #expect(throws: VaultError.self) { try SetProperties.check("a: b") }
        #expect(throws: VaultError.self) { try SetProperties([], set: [("pinned", try PropertyValue.read("soon", key: "pinned"))], remove: []) }
    }

    @Test func propertiesChangeOnlyTheirLinesAndUndoByteForByte() throws {
        let vault = try makeVault()
        let session = session(vault)
        let before = vault.read("Work/Plan.md")
        let note = try session.resolve("Plan", in: try session.scan())
        let change = try SetProperties([note], set: [
            ("due", try PropertyValue.read("2026-12-01", key: "due")), ("tags", PropertyValue.list(["work", "q4"])),
            ("pinned", try PropertyValue.read("true", key: "pinned")),
        ], remove: [])
        #expect(change.plan(in: session).changed == ["Work/Plan.md"])
        #expect(vault.read("Work/Plan.md") == before, "a plan writes nothing")
        let report = try session.write { try change.run(in: $0) }
        let after = vault.read("Work/Plan.md")
        #expect(after.hasPrefix("---\nid: 1111\ntags: [work, q4]\n"))
        #expect(after.contains("due: 2026-12-01\n"))
        #expect(after.contains("pinned: true\n"))
        #expect(after.hasSuffix("# Plan\n\nShip it.\n\n## Steps\n\nOne.\n\n## Later\n\nTwo.\n"))
        let id = try #require(report.recordID)
        _ = try session.write { try UndoOperation(id).run(in: $0) }
        #expect(vault.read("Work/Plan.md") == before)
    }

    @Test func aPropertyIsRemovedWithItsLine() throws {
        let vault = try makeVault()
        try vault.write("Home/Trip.md", "---\nstatus: draft\nrating: 3\n---\nBags.\n")
        let session = session(vault)
        let note = try session.resolve("Home/Trip.md", in: try session.scan())
        _ = try session.write { try SetProperties([note], set: [("rating", try PropertyValue.read("4", key: "rating"))], remove: ["status"]).run(in: $0) }
        #expect(vault.read("Home/Trip.md") == "---\nrating: 4\n---\nBags.\n")
    }

    // MARK: - The session's settings

    @Test func aLongLivedSessionFollowsTheConfigFile() throws {
        let vault = try makeVault()
        let current = CurrentSession(VaultSession(vault: vault.vault))
        #expect(current.session.config.attachmentFolder == "attachments")
        try vault.write(".vault/config.yaml", "attachments: {folder: files}\n")
        #expect(current.session.config.attachmentFolder == "files")
    }

    @Test func aFailedGitCommandIsTypedAndWordedAsBefore() {
        #expect(VaultError.gitFailed(command: "push", message: "rejected").errorDescription == "git push failed: rejected")
    }

    @Test func anAmbiguousOperationIdSaysOperations() {
        let error = VaultError.ambiguousOperation("2", candidates: ["2a2043b9", "2b5c732a"])
        #expect(error.errorDescription == "'2' is the start of 2 operation ids: 2a2043b9, 2b5c732a; give more of it")
    }
}
