import Foundation
import VaultKit
import VaultPlatform

/// How `vault serve` listens.
public struct ServeOptions: Sendable {
    /// The address to bind: 127.0.0.1 unless told otherwise.
    public var host: String
    public var port: Int
    /// Required on every request when the server listens beyond the loopback interface;
    /// generated when not given.
    public var token: String?
    /// With `--sync N`: the sync to run every `syncInterval` seconds and after changes.
    public var sync: SyncVault?
    public var syncInterval: TimeInterval
    /// More names the server answers to (`--allow-host`): a DNS name of the machine, or the
    /// name a proxy in front of it gives.
    public var allowedNames: [String]
    /// How long the live index waits for more changes to join a report before it reads them.
    public var settleTime: DispatchTimeInterval = LiveIndex.defaultSettleTime

    public init(host: String = "127.0.0.1", port: Int = 8375, token: String? = nil, sync: SyncVault? = nil, syncInterval: TimeInterval = 60,
                allowedNames: [String] = []) {
        self.host = host
        self.port = port
        self.allowedNames = allowedNames
        self.token = token
        self.sync = sync
        self.syncInterval = syncInterval
    }

    /// True for 0.0.0.0 and `::`: every interface of the machine.
    public var isEveryInterface: Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return Syscalls.parseAddress(bare).map { $0.allSatisfy { $0 == 0 } } ?? false
    }

    /// True for 127.0.0.0/8, ::1 (and ::ffff:127.x.y.z) and `localhost`: only this machine
    /// can connect. The address is parsed: `127.0.0.1.example` is a name, not loopback.
    public var isLoopback: Bool {
        if host.lowercased() == "localhost" { return true }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard let address = Syscalls.parseAddress(bare) else { return false }
        if address.count == 4 { return address[0] == 127 }
        if address == [UInt8](repeating: 0, count: 15) + [1] { return true }
        return address[0..<10].allSatisfy { $0 == 0 } && address[10] == 0xFF && address[11] == 0xFF && address[12] == 127
    }
}
