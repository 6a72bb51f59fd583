import Foundation

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
    @discardableResult
    public func run(_ arguments: [String], environment: [String: String] = [:]) throws(VaultError) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
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
        process.environment = variables
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .invalidArgument("cannot run git: \(error.localizedDescription.lowercased()) (install git)")
        }
        // stderr is read on a thread of its own: a full stderr pipe must not stall git.
        let errors = PipeReader(stderr.fileHandleForReading)
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, data: out, stderr: String(decoding: errors.wait(), as: UTF8.self))
    }

    static let repositoryVariables = [
        "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_OBJECT_DIRECTORY",
        "GIT_DIR", "GIT_WORK_TREE", "GIT_IMPLICIT_WORK_TREE", "GIT_GRAFT_FILE", "GIT_INDEX_FILE", "GIT_NO_REPLACE_OBJECTS",
        "GIT_REPLACE_REF_BASE", "GIT_PREFIX", "GIT_INTERNAL_SUPER_PREFIX", "GIT_SHALLOW_FILE", "GIT_COMMON_DIR",
    ]

    /// Runs `git ARGUMENTS` and returns its output; a failure is an error with git's message.
    @discardableResult
    public func check(_ arguments: [String]) throws(VaultError) -> Output {
        let output = try run(arguments)
        guard output.succeeded else {
            let message = output.stderr.split(separator: "\n").last.map(String.init) ?? "exit \(output.status)"
            throw .invalidArgument("git \(arguments.first ?? "") failed: \(message.lowercased())")
        }
        return output
    }
}

/// Reads a pipe to its end on another thread.
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let finished = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.finished.signal()
        }
    }

    func wait() -> Data {
        finished.wait()
        return data
    }
}
