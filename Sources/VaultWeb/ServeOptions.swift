import Foundation
import VaultKit

/// How `vault serve` listens.
public struct ServeOptions: Sendable {
    /// The address to bind: 127.0.0.1 unless told otherwise.
    public var host: String
    public var port: Int
    /// Required on every request when the server listens beyond the loopback interface;
    /// generated when not given.
    public var token: String?
    /// With `--sync N`: the sync to run every `syncInterval` seconds and after changes.
    public var sync: VaultSync?
    public var syncInterval: TimeInterval

    public init(host: String = "127.0.0.1", port: Int = 8375, token: String? = nil, sync: VaultSync? = nil, syncInterval: TimeInterval = 60) {
        self.host = host
        self.port = port
        self.token = token
        self.sync = sync
        self.syncInterval = syncInterval
    }

    /// True for 127.0.0.0/8, ::1 and `localhost`: only this machine can connect.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
