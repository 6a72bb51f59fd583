import Foundation
import VaultPlatform

/// The system `git`, run in a vault's directory: sync uses git's own engine and
/// credentials, never a reimplementation.
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

    /// Runs `git ARGUMENTS` and waits for it; an error only when git cannot be started.
    /// `input` is git's standard input (nothing when nil).
    @discardableResult
    public func run(_ arguments: [String], environment: [String: String] = [:], input: Data? = nil) throws(VaultError) -> Output {
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
                throw .invalidArgument("cannot write git's input to \(file)")
            }
            inputFile = file
        }
        do {
            // `-C`: git works in the vault's directory as if started there.
            let output = try CapturedProcess.run("git", ["-C", directory] + arguments, environment: variables, inputFile: inputFile)
            return Output(status: output.status, data: Data(output.standardOutput), stderr: String(decoding: output.standardError, as: UTF8.self))
        } catch {
            throw .invalidArgument("cannot run git: \(error.reason) (install git)")
        }
    }

    /// The paths changed from the commit `base` to `target` (a commit, or the index when
    /// nil), each with its status letter (`A`, `M`, `D`…), renames as a delete and an add.
    public func changes(from base: String, to target: String?) throws(VaultError) -> [(status: String, path: String)] {
        let output = try check(["diff", "--name-status", "-z", "--no-renames"] + (target.map { [base, $0] } ?? ["--cached", base]))
        let fields = output.data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        return stride(from: 0, to: fields.count - 1, by: 2).map { (fields[$0], fields[$0 + 1]) }
    }

    /// The contents of `objects` (`REV:PATH` each), read by one `git cat-file --batch`; nil
    /// for one git does not have.
    func blobs(_ objects: [String]) throws(VaultError) -> [[UInt8]?] {
        // A path with a line break cannot be asked for on a line of its own.
        let asked = objects.filter { !$0.contains("\n") }
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
        return objects.map { answers[$0] }
    }

    static let repositoryVariables = [
        "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_OBJECT_DIRECTORY",
        "GIT_DIR", "GIT_WORK_TREE", "GIT_IMPLICIT_WORK_TREE", "GIT_GRAFT_FILE", "GIT_INDEX_FILE", "GIT_NO_REPLACE_OBJECTS",
        "GIT_REPLACE_REF_BASE", "GIT_PREFIX", "GIT_INTERNAL_SUPER_PREFIX", "GIT_SHALLOW_FILE", "GIT_COMMON_DIR",
    ]

    /// Runs `git ARGUMENTS` and returns its output; a failure is an error with git's message.
    @discardableResult
    public func check(_ arguments: [String], input: Data? = nil) throws(VaultError) -> Output {
        let output = try run(arguments, input: input)
        guard output.succeeded else {
            let message = output.stderr.split(separator: "\n").last.map(String.init) ?? "exit \(output.status)"
            throw .invalidArgument("git \(arguments.first ?? "") failed: \(message.lowercased())")
        }
        return output
    }
}
