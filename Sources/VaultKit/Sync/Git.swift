import Foundation
import VaultPlatform

/// The system `git`, run in a vault's directory: sync uses git's own engine and
/// credentials, never a reimplementation. Everything git is handed or prints is untrusted
/// (docs/confinement.md, "Git is input too"): `run` is the one door to it.
public struct Git: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    public struct Output: Sendable {
        public var status: Int32
        /// What git printed, as bytes (a file's contents need not be text).
        public var data: Data
        public var stdout: String { String(decoding: data, as: UTF8.self) }
        public var stderr: String
        public var succeeded: Bool { status == 0 }
        public var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    /// Whether git may run the repository's hooks. Off unless the user's own git
    /// configuration (never a file that travels with the vault) says `vault.hooks=true`:
    /// a hook is a program, and a file planted in `.git/hooks` must never be one vault runs.
    public var runsHooks = false

    /// Runs git and waits for it; an error only when git cannot be started. This is the one
    /// door through which vault runs git:
    /// - `words` are vault's own: the subcommand and its options, literals in the code.
    /// - `revisions` come after `--end-of-options`, so that none is read as an option.
    /// - `operands` (paths, or a command's other values: a URL, a config value) come after
    ///   `--`; paths are names, never patterns (`--literal-pathspecs`).
    /// - No hook, external diff, text conversion or file-system monitor runs.
    /// `input` is git's standard input (nothing when nil).
    @discardableResult
    public func run(_ words: [String], revisions: [GitRevision] = [], operands: [String]? = nil,
                    environment: [String: String] = [:], input: Data? = nil) throws(VaultError) -> Output {
        var variables = ProcessInfo.processInfo.environment
        // Git finds the repository from the vault's directory, never from variables that
        // name another one: GIT_DIR set in the shell (or by a hook of another repository)
        // would have made `vault sync` commit the vault into that repository, recording its
        // files as deleted. These are `git rev-parse --local-env-vars`.
        for name in Self.repositoryVariables { variables[name] = nil }
        // Never wait for a password or an editor nobody sees.
        variables["GIT_TERMINAL_PROMPT"] = "0"
        variables["GIT_EDITOR"] = "true"
        for (key, value) in environment { variables[key] = value }
        // The input comes from a file: written to a pipe, it could fill it while git's
        // answer fills the other, or end the process with SIGPIPE if git stopped reading.
        var inputFile: String?
        defer { if let inputFile { try? FileManager.default.removeItem(atPath: inputFile) } }
        if let input {
            let file = NSTemporaryDirectory() + "/vault-git-input-" + UUID().uuidString
            guard FileManager.default.createFile(atPath: file, contents: input, attributes: [.posixPermissions: 0o600]) else {
                throw .syncWriteFailed(path: file, reason: nil, consequence: "git was not run")
            }
            inputFile = file
        }
        do {
            let output = try CapturedProcess.run("git", arguments(words, revisions: revisions, operands: operands), environment: variables, inputFile: inputFile)
            return Output(status: output.status, data: Data(output.standardOutput), stderr: String(decoding: output.standardError, as: UTF8.self))
        } catch {
            throw .gitUnavailable(reason: error.reason)
        }
    }

    /// The whole command line after `git`, as `run` describes it.
    func arguments(_ words: [String], revisions: [GitRevision], operands: [String]?) -> [String] {
        // `-C`: git works in the vault's directory as if started there.
        var line = ["-C", directory, "--literal-pathspecs", "-c", "core.fsmonitor=false"]
        if !runsHooks { line += ["-c", "core.hooksPath=/dev/null"] }
        // The subcommand is the first word that is no option of git's own (`-c NAME=VALUE`).
        var index = 0
        while index < words.count, words[index].hasPrefix("-") { index += words[index] == "-c" ? 2 : 1 }
        line += words.prefix(index + 1)
        if index < words.count, Self.showsDiffs.contains(words[index]) { line += ["--no-ext-diff", "--no-textconv"] }
        line += words.dropFirst(index + 1)
        if !revisions.isEmpty { line += ["--end-of-options"] + revisions.map(\.text) }
        if let operands { line += ["--"] + operands }
        return line
    }

    /// Subcommands that print diffs, where a repository's configuration could run a program.
    private static let showsDiffs: Set<String> = ["diff", "log", "show"]

    /// The paths changed from the commit `base` to `target` (a commit, or the index when
    /// nil), each with its status letter (`A`, `M`, `D`…), renames as a delete and an add.
    public func changes(from base: GitRevision, to target: GitRevision?) throws(VaultError) -> [(status: String, path: String)] {
        let output = if let target {
            try check(["diff", "--name-status", "-z", "--no-renames"], revisions: [base, target])
        } else {
            try check(["diff", "--name-status", "-z", "--no-renames", "--cached"], revisions: [base])
        }
        let fields = output.data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        return stride(from: 0, to: fields.count - 1, by: 2).map { (fields[$0], fields[$0 + 1]) }
    }

    /// The contents of `objects` (`REV:PATH` each), read by one `git cat-file --batch`; nil
    /// for one git does not have.
    func blobs(_ objects: [GitRevision]) throws(VaultError) -> [[UInt8]?] {
        // A path with a line break cannot be asked for on a line of its own.
        let asked = objects.map(\.text).filter { !$0.contains("\n") }
        let output = try check(["cat-file", "--batch"], input: Data(asked.map { $0 + "\n" }.joined().utf8)).data
        var answers: [String: [UInt8]] = [:]
        var position = output.startIndex
        for object in asked {
            guard let lineEnd = output[position...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = String(decoding: output[position..<lineEnd], as: UTF8.self).split(separator: " ")
            position = lineEnd + 1
            // `OID blob SIZE`, then the bytes and a line break; `REV:PATH missing` alone.
            guard header.count == 3, let size = Int(header[2]), position + size <= output.endIndex else { continue }
            answers[object] = Array(output[position..<position + size])
            position += size + 1
        }
        return objects.map { answers[$0.text] }
    }

    static let repositoryVariables = [
        "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_OBJECT_DIRECTORY",
        "GIT_DIR", "GIT_WORK_TREE", "GIT_IMPLICIT_WORK_TREE", "GIT_GRAFT_FILE", "GIT_INDEX_FILE", "GIT_NO_REPLACE_OBJECTS",
        "GIT_REPLACE_REF_BASE", "GIT_PREFIX", "GIT_INTERNAL_SUPER_PREFIX", "GIT_SHALLOW_FILE", "GIT_COMMON_DIR",
    ]

    /// Runs `git ARGUMENTS` and returns its output; a failure is an error with git's message.
    @discardableResult
    public func check(_ words: [String], revisions: [GitRevision] = [], operands: [String]? = nil, input: Data? = nil) throws(VaultError) -> Output {
        let output = try run(words, revisions: revisions, operands: operands, input: input)
        guard output.succeeded else {
            let message = output.stderr.split(separator: "\n").last.map(String.init) ?? "exit \(output.status)"
            throw .gitFailed(command: words.first { !$0.hasPrefix("-") && !$0.contains("=") } ?? "", message: message.lowercased())
        }
        return output
    }
}
