import Foundation
import Testing
@testable import VaultPlatform

/// Running a program and keeping what it printed, as `Git.run` does.
@Suite("Captured process") struct CapturedProcessTests {
    private var environment: [String: String] { ProcessInfo.processInfo.environment }

    @Test func bothOutputsAndTheStatus() throws {
        let output = try CapturedProcess.run("sh", ["-c", "printf out; printf err >&2; exit 3"], environment: environment)
        #expect(output.status == 3)
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "out")
        #expect(String(decoding: output.standardError, as: UTF8.self) == "err")
    }

    /// A child that fills one pipe while the other is not read would stall on a reader of
    /// one pipe at a time: both are drained as they come.
    @Test func largeOutputsOnBothPipesDoNotStall() throws {
        let script = "head -c 3000000 /dev/zero | tr '\\0' a; head -c 2000000 /dev/zero | tr '\\0' b >&2; head -c 1000000 /dev/zero | tr '\\0' c"
        let output = try CapturedProcess.run("sh", ["-c", script], environment: environment)
        #expect(output.status == 0)
        #expect(output.standardOutput.count == 4_000_000 && output.standardError.count == 2_000_000)
        #expect(output.standardOutput.first == UInt8(ascii: "a") && output.standardOutput.last == UInt8(ascii: "c"))
    }

    @Test func theInputFileTheEnvironmentGivenAndASignal() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("captured-\(UUID().uuidString)")
        try Data("from a file\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var variables = environment
        variables["CAPTURED_TEST"] = "yes"
        let output = try CapturedProcess.run("sh", ["-c", "cat; echo \"$CAPTURED_TEST\""], environment: variables, inputFile: file.path)
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "from a file\nyes\n")
        let empty = try CapturedProcess.run("sh", ["-c", "cat; echo \"${CAPTURED_TEST-unset}\""], environment: environment)
        #expect(String(decoding: empty.standardOutput, as: UTF8.self) == "unset\n", "only the environment given, and /dev/null as input")
        let killed = try CapturedProcess.run("sh", ["-c", "kill -9 $$"], environment: environment)
        #expect(killed.status == 128 + 9)
    }

    @Test func aProgramThatIsNotThereIsAnError() {
        #expect(throws: SystemError.self) {
            try CapturedProcess.run("no-such-program-\(UUID().uuidString)", [], environment: environment)
        }
    }
}
