import Foundation
import Testing
@testable import VaultKit

/// Git is run through one door (`Git.run`, issue 50): what vault writes itself is a list
/// of literals, and every value from elsewhere goes in as a checked revision (after
/// `--end-of-options`) or an operand (after `--`).
@Suite("one door to git")
struct GitDoorTests {
    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every Swift file of the package but the door itself.
    private func files() throws -> [(path: String, text: String)] {
        let walker = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        return try walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && $0.lastPathComponent != "Git.swift" }
            .map { ($0.path, try String(contentsOf: $0, encoding: .utf8)) }
    }

    @Test func noGitCallTakesAValueThatDidNotPassTheDoor() throws {
        // `git.run([`, `git.check([`, `Git(directory: …).run([`: the words must be string
        // literals without interpolation, and nothing may be added to the list.
        let call = try Regex(#"(?:git|Git\([^)]*\))\s*\.\s*(?:run|check)\s*\("#)
        // `GitLogRecord.format` is a literal of its own, named once.
        let literalWords = try Regex(#"^\[\s*(?:(?:"(?:[^"\\]|\\[^(])*"|GitLogRecord\.format)\s*,?\s*)*\]\s*(?:\)|,)"#)
        var offenders: [String] = []
        var calls = 0
        for (path, text) in try files() {
            for match in text.matches(of: call) {
                calls += 1
                let rest = text[match.range.upperBound...]
                if rest.prefixMatch(of: literalWords) == nil {
                    let line = text[..<match.range.lowerBound].filter { $0 == "\n" }.count + 1
                    offenders.append("\(path.split(separator: "/").suffix(2).joined(separator: "/")):\(line): \(rest.prefix(80))")
                }
            }
        }
        #expect(calls > 40, "the pattern finds the calls: \(calls)")
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
        // And no other way to start it.
        for (path, text) in try files() {
            #expect(!text.contains("CapturedProcess.run(\"git\"") && !text.contains("/usr/bin/git"), "\(path)")
        }
    }

    @Test func revisionsComeAfterEndOfOptionsAndPathsAfterTheDashes() {
        let git = Git(directory: "/vault")
        let line = git.arguments(["show", "-M"], revisions: [GitRevision.head.file("--output=x.md")], operands: ["*.md"])
        #expect(line == ["-C", "/vault", "--literal-pathspecs", "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null",
                         "show", "--no-ext-diff", "--no-textconv", "-M", "--end-of-options", "HEAD:--output=x.md", "--", "*.md"])
        var hooks = git
        hooks.runsHooks = true
        #expect(!hooks.arguments(["commit"], revisions: [], operands: nil).contains("core.hooksPath=/dev/null"))
        let configured = git.arguments(["-c", "merge.directoryRenames=false", "merge", "-q"], revisions: [.mergeHead], operands: nil)
        #expect(configured.suffix(6) == ["-c", "merge.directoryRenames=false", "merge", "-q", "--end-of-options", "MERGE_HEAD"])
    }

    @Test func onlyFullCommitIdsAndGitsOwnBranchNamesAreRevisions() {
        #expect(GitRevision(commit: String(repeating: "a", count: 40)) != nil)
        #expect(GitRevision(commit: String(repeating: "0", count: 64)) != nil)
        for forged in ["--output=/tmp/x", "HEAD", "abcd", String(repeating: "A", count: 40), String(repeating: "a", count: 39) + "\u{1E}"] {
            #expect(GitRevision(commit: forged) == nil, "\(forged)")
        }
        #expect(GitRevision.remoteBranch("main")?.text == "origin/main")
        #expect(GitRevision.remoteBranch("feature/notes")?.text == "origin/feature/notes")
        for bad in ["-x", "--upload-pack=evil", "a..b", "a b", "a:b", "x@{1}", ".hidden", "a/.b", "x.lock", "", "a^"] {
            #expect(GitRevision.remoteBranch(bad) == nil, "\(bad)")
        }
    }

    @Test func recordsAreSplitOnlyWhereGitPrintsThem() {
        let commit = String(repeating: "c", count: 40)
        let forged = "\n\0--output=/tmp/x\02001-01-01T00:00:00+00:00\0Eve\n"
        let output = "\0\(commit)\02026-11-28T10:00:00+00:00\0Ann \u{1E}x\u{1F}y\n\ndiff --git a/N.md b/N.md\n+text\(forged)+more\n"
        let records = GitLogRecord.records(in: Data(output.utf8))
        #expect(records.count == 1)
        #expect(records.first?.commit == commit && records.first?.author == "Ann \u{1E}x\u{1F}y")
    }

    @Test func attributesThatChangeHowNotesMergeAreFound() {
        #expect(MergeAttributes.matches("*.md", "Folder/Note.md"))
        #expect(MergeAttributes.matches("*", "Note.md"))
        #expect(MergeAttributes.matches("**/*.md", "Folder/Note.md"))
        #expect(MergeAttributes.matches("/Note.md", "Note.md"))
        #expect(!MergeAttributes.matches("*.png", "Note.md"))
        #expect(!MergeAttributes.matches("docs/*.md", "Folder/Note.md"))
    }
}
