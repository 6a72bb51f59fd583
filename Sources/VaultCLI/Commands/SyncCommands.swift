import ArgumentParser
import Foundation
import VaultKit

/// `vault sync`: the vault in step with its remote through git (docs/sync.md).
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Commit every change, fetch, merge notes key by key, push. Exit 1 when a conflict copy was kept.",
        discussion: "vault sync --setup [--remote URL] prepares an existing vault or a fresh clone (idempotent).")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Set the vault up for syncing: git repository, merge driver, .gitattributes, remote.") var setup = false
    @Option(help: "The remote to sync with (with --setup).") var remote: String?
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text
    /// For tests of interrupted syncs (injected here rather than read from the environment).
    @Option(name: .customLong("test-stop-at"), help: .hidden) var stopsAt: String?

    func run() throws {
        let root = try global.openSession().root
        let sync = SyncVault(root: root, program: Self.program, stopsAt: stopsAt)
        let terminal = global.terminal
        if setup {
            let done = try sync.setup(remote: remote)
            if format == .json {
                terminal.jsonObject { json in json.key("done"); json.strings(done) }
                return
            }
            for line in done { terminal.line(TerminalText.escaped(line)) }
            if done.isEmpty { terminal.line("already set up") }
            return
        }
        if remote != nil { throw ValidationError("--remote goes with --setup") }
        let report = try sync.run()
        if format == .json {
            terminal.jsonObject { json in
                json.key("lines"); json.strings(report.lines)
                json.key("noRemote"); json.bool(report.noRemote)
                json.key("conflictCopies"); json.strings(report.conflictCopies)
                json.key("tagRenameConflicts"); json.objects(report.tagRenameConflicts) { json, conflict in
                    json.key("source"); json.string(conflict.source)
                    json.key("targets"); json.strings(conflict.targets)
                    json.key("notes"); json.strings(conflict.notes)
                }
            }
        } else {
            for line in report.lines { terminal.line(TerminalText.escaped(line)) }
            if report.noRemote { terminal.line("set one with vault sync --setup --remote URL") }
        }
        for copy in report.conflictCopies {
            Terminal.standardError.line(TerminalText.escaped("vault: kept a conflict copy: \(copy) (the same lines changed on both sides)"))
        }
        for conflict in report.tagRenameConflicts {
            Terminal.standardError.line(TerminalText.escaped("vault: conflict: " + Self.describe(conflict)))
        }
        if !report.conflictCopies.isEmpty || !report.tagRenameConflicts.isEmpty { throw ExitCode(1) }
    }

    /// A tag renamed two ways, and how to keep one name.
    static func describe(_ conflict: TagRenameConflict) -> String {
        "\(conflict.summary) (keep one: vault tag rename \(conflict.targets[1]) \(conflict.targets[0]) --merge)"
    }

    /// This program's absolute path, for git to run as the merge driver.
    static var program: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    /// True for what is a remote rather than a directory to make a vault in.
    static func looksLikeRemote(_ text: String) -> Bool {
        text.contains("://") || text.hasSuffix(".git") || (text.contains("@") && text.contains(":"))
    }
}

/// `vault merge-driver BASE OURS THEIRS PATH`: what git runs to merge a note (`%O %A %B %P`).
struct MergeDriverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-driver",
        abstract: "Merge three versions of a note as git's merge driver: front matter key by key, bodies by line; the result replaces OURS.")

    @Argument(help: "The common ancestor's file (%O).") var base: String
    @Argument(help: "Our file (%A): the result is written here.") var ours: String
    @Argument(help: "Their file (%B).") var theirs: String
    @Argument(help: "The note's path in the repository (%P).") var path: String

    func run() throws {
        func read(_ file: String) throws -> [UInt8] {
            do {
                return Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            } catch {
                throw VaultError.mergeFileFailed(path: file, operation: "read", reason: error.localizedDescription.lowercased())
            }
        }
        let merge = MergeNote(base: try read(base), ours: try read(ours), theirs: try read(theirs), path: path)
        let report = try merge.run(in: FileManager.default.currentDirectoryPath)
        if report.conflict {
            FileHandle.standardError.write(Data("vault: \(path): the same lines changed on both sides; theirs becomes a conflict copy beside it at the next vault sync\n".utf8))
        }
        do {
            try Data(report.bytes).write(to: URL(fileURLWithPath: ours), options: .atomic)
        } catch {
            throw VaultError.mergeFileFailed(path: ours, operation: "write", reason: error.localizedDescription.lowercased())
        }
    }
}
