import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("vault serve") struct ServeTests {
    /// A port nothing listens on now, on 127.0.0.1.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                guard bind(fd, raw, length) == 0, getsockname(fd, raw, &length) == 0 else { throw CLIError("cannot find a free port") }
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test func servesTheVaultPrintsItsURLLogsRequestsAndStopsOnCtrlC() throws {
        let vault = try TestVault.example()
        let port = try Self.freePort()
        let process = Process()
        process.executableURL = try CLI.binary.get()
        process.arguments = ["serve", "--vault", vault.root.path, "--port", String(port)]
        process.environment = CLI.baseEnvironment()
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The URL is printed once the server listens.
        let line = String(decoding: output.fileHandleForReading.availableLine(), as: UTF8.self)
        #expect(line == "http://127.0.0.1:\(port)/")
        let home = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/api/home")!)
        let json = try #require(try JSONSerialization.jsonObject(with: home) as? [String: Any])
        #expect(json["notes"] as? Int == 47)

        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // The log says why when it did not stop cleanly (under ASan: what leaked).
        #expect(process.terminationReason == .exit, "\(log)")
        #expect(process.terminationStatus == 0, "\(log)")
        #expect(log.contains("GET /api/home 200"))
    }

    /// A port another program listens on is said as such, not as the socket call's errno.
    @Test func aPortInUseIsSaidPlainly() throws {
        let vault = try TestVault.example()
        let port = try Self.freePort()
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        try #require(bound && listen(fd, 1) == 0)
        let result = try CLI.vault(["serve", "--port", String(port)], in: vault.root)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: 127.0.0.1:\(port) is in use by another program (another vault serve?); choose another with --port\n", "\(result)")
    }

    @Test func refusesABadPort() throws {
        let vault = try TestVault.example()
        let result = try CLI.vault(["serve", "--port", "70000"], in: vault.root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--port must be between 1 and 65535"))
    }
}

extension FileHandle {
    /// Reads up to the first newline (without it), or to the end.
    func availableLine() -> Data {
        var line = Data()
        while true {
            let byte = readData(ofLength: 1)
            if byte.isEmpty || byte == Data([0x0A]) { return line }
            line.append(byte)
        }
    }
}
