import ArgumentParser
import Foundation
import VaultKit

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Make a directory a vault; with --git, one that syncs through git.",
        discussion: "vault init --git [--remote URL] also makes it a git repository set up for vault sync (see vault sync --setup).")

    @Argument(help: "The directory (default: the current one); with --git, a remote URL here is the remote.") var path: String = "."
    @Flag(help: "Set the vault up for 'vault sync': git repository, merge driver, .gitattributes.") var git = false
    @Option(help: "The remote to sync with (with --git).") var remote: String?
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        var directory = path
        var remote = remote
        if git, remote == nil, SyncCommand.looksLikeRemote(path) {
            remote = path
            directory = "."
        }
        let root = try VaultRoot.initialize(at: directory)
        let survey = try SurveyVault().run(in: VaultSession(vault: Vault(root: root)))
        if format == .text { Self.describe(survey, at: root.path).forEach { print($0) } }
        let done = git ? try SyncVault(root: root, program: SyncCommand.program).setup(remote: remote, ownRepository: true, firstCommit: true) : []
        if format == .json {
            Terminal.standardOutput(color: .never).jsonObject { json in
                json.key("path"); json.string(root.path)
                json.key("notes"); json.number(survey.notes)
                json.key("folders"); json.number(survey.folders)
                json.key("tags"); json.number(survey.tags)
                json.key("links"); json.number(survey.links)
                json.key("brokenLinks"); json.number(survey.brokenLinks)
                json.key("attachments"); json.number(survey.attachments)
                json.key("missingAttachments"); json.number(survey.missingAttachments)
                json.key("unreadableFrontMatter"); json.strings(survey.unreadableFrontMatter)
                json.key("skipped"); json.strings(survey.skipped.map(\.path))
                json.key("done"); json.strings(done)
            }
        } else {
            for line in done { print(line) }
        }
    }

    /// What init found, in a few lines: a folder of notes is adopted as it is.
    private static func describe(_ survey: SurveyVault.Report, at path: String) -> [String] {
        guard survey.notes > 0 || !survey.skipped.isEmpty else { return ["initialised an empty vault in \(path)"] }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var lines = ["initialised a vault in \(path); no note was changed"]
        var found = "found \(count(survey.notes, "note")) in \(count(survey.folders, "folder")), \(count(survey.tags, "tag")), "
            + "\(count(survey.links, "link"))"
        if survey.brokenLinks > 0 { found += " (\(survey.brokenLinks) broken)" }
        found += ", \(count(survey.attachments, "attachment"))"
        if survey.missingAttachments > 0 { found += " (\(survey.missingAttachments) missing)" }
        lines.append(found)
        var notRead: [String] = []
        if !survey.unreadableFrontMatter.isEmpty {
            notRead.append("\(count(survey.unreadableFrontMatter.count, "note")) whose front matter does not read (listed by their text; not rewritten)")
        }
        if !survey.skipped.isEmpty { notRead.append("\(count(survey.skipped.count, "file")) skipped (binary, symbolic links, unreadable)") }
        if !notRead.isEmpty { lines.append("not read as written: " + notRead.joined(separator: "; ")) }
        if survey.brokenLinks + survey.missingAttachments + survey.unreadableFrontMatter.count + survey.skipped.count > 0 {
            lines.append("vault check lists each problem with its place")
        }
        return lines
    }
}
