import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs the `vault` executable (and other tools, such as `git`) as a child process.
///
/// Output goes to temporary files rather than pipes, so a command that prints megabytes
/// cannot block on a full pipe while the test waits for it to exit.
enum CLI {
    /// The `vault` executable: `$VAULT_BINARY`, else next to the test runner (SwiftPM puts
    /// the products of a package in one directory), walking up a few directories for
    /// runners that live inside a bundle.
    static let binary: Result<URL, CLIError> = locateBinary()

    private static func locateBinary() -> Result<URL, CLIError> {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["VAULT_BINARY"], !override.isEmpty {
            let url = URL(fileURLWithPath: override)
            guard fileManager.isExecutableFile(atPath: url.path) else {
                return .failure(CLIError("VAULT_BINARY is set to '\(override)', which is not an executable file"))
            }
            return .success(url)
        }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        var directory = runner.deletingLastPathComponent()
        var searched: [String] = []
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("vault")
            searched.append(candidate.path)
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               fileManager.isExecutableFile(atPath: candidate.path) {
                return .success(candidate)
            }
            directory = directory.deletingLastPathComponent()
        }
        return .failure(CLIError(
            "the vault executable was not found next to the test runner '\(runner.path)' (looked at: "
                + searched.joined(separator: ", ")
                + "). Build it with 'swift build --build-tests', or set VAULT_BINARY to its path."
        ))
    }

    /// The environment every child starts from: the test's own, without the variables that
    /// would change which vault or editor `vault` uses, with `NO_COLOR=1`, and in UTC so
    /// that dates print the same on every machine (a test may set another `TZ`).
    static func baseEnvironment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["VAULT_PATH", "VISUAL", "EDITOR", "VAULT_BINARY"] {
            environment.removeValue(forKey: key)
        }
        environment["NO_COLOR"] = "1"
        // Commands run on a pseudo-terminal (script, tmux) print straight to it: the pager
        // has a test of its own.
        environment["PAGER"] = "cat"
        environment.removeValue(forKey: "VAULT_PAGER")
        environment["TZ"] = "UTC"
        return environment
    }

    /// Runs `vault` with `arguments`.
    ///
    /// - Parameters:
    ///   - directory: the working directory of the child.
    ///   - stdin: bytes for standard input; nil gives an empty, non-terminal input.
    ///   - environment: changes to `baseEnvironment()`; a nil value removes the variable.
    static func vault(
        _ arguments: [String],
        in directory: URL,
        stdin: Data? = nil,
        environment: [String: String?] = [:]
    ) throws -> RunResult {
        let executable = try binary.get()
        return try run(executable, arguments, in: directory, stdin: stdin, environment: environment)
    }

    /// Runs any executable (an absolute path, or a name looked up in `PATH`).
    static func run(
        _ executable: URL,
        _ arguments: [String],
        in directory: URL,
        stdin: Data? = nil,
        environment: [String: String?] = [:]
    ) throws -> RunResult {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("vault-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        let inURL = scratch.appendingPathComponent("stdin")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: inURL.path, contents: stdin ?? Data())

        var env = baseEnvironment()
        for (key, value) in environment {
            if let value { env[key] = value } else { env.removeValue(forKey: key) }
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = env
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        let inHandle = try FileHandle(forReadingFrom: inURL)
        defer {
            try? outHandle.close()
            try? errHandle.close()
            try? inHandle.close()
        }
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = inHandle
        try process.run()
        process.waitUntilExit()
        return RunResult(
            arguments: [executable.lastPathComponent] + arguments,
            status: process.terminationStatus,
            signalled: process.terminationReason == .uncaughtSignal,
            stdoutData: try Data(contentsOf: outURL),
            stderrData: try Data(contentsOf: errURL)
        )
    }

    /// `name` found in `PATH`, or nil.
    static func which(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// What a child process did.
struct RunResult: CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    /// True when the child was killed by a signal (`status` is then the signal number).
    var signalled: Bool
    var stdoutData: Data
    var stderrData: Data

    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    var stderr: String { String(decoding: stderrData, as: UTF8.self) }
    var stdoutLines: [String] {
        var lines = stdout.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }
    var stderrLines: [String] {
        var lines = stderr.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// For failure messages: the command and what it printed.
    var description: String {
        "$ \(arguments.joined(separator: " "))\nexit \(status)\(signalled ? " (signal)" : "")\n--- stdout\n\(stdout.prefix(4000))\n--- stderr\n\(stderr.prefix(4000))"
    }

    /// Parses stdout as JSON.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: stdoutData, options: [.fragmentsAllowed])
    }

    /// Parses stdout as a JSON array of objects (`list --format json`).
    func jsonObjects() throws -> [[String: Any]] {
        guard let array = try json() as? [[String: Any]] else {
            throw CLIError("stdout is not a JSON array of objects:\n\(description)")
        }
        return array
    }

    /// Parses stdout as one JSON object.
    func jsonObject() throws -> [String: Any] {
        guard let object = try json() as? [String: Any] else {
            throw CLIError("stdout is not a JSON object:\n\(description)")
        }
        return object
    }
}
