import Foundation
import Hummingbird
import Logging
import NIOCore
import VaultKit
import VaultPlatform

/// `vault serve`: the notes app in a browser, over the same files (docs/web-app.md).
///
/// One scan at start (through the cache), then the index is kept live by watching every
/// directory of the vault; pages hear about changes through Server-Sent Events. Every
/// change goes through VaultKit's session, exactly as the command line's do.
public struct VaultServer: Sendable {
    public let session: VaultSession
    public let options: ServeOptions
    /// The page's CSRF token, and the access token when listening beyond loopback.
    let csrfToken: String
    public let accessToken: String?

    public init(session: VaultSession, options: ServeOptions) {
        self.session = session
        var options = options
        if !options.isLoopback, options.token == nil { options.token = Self.randomToken() }
        self.options = options
        accessToken = options.isLoopback ? nil : options.token
        csrfToken = Self.randomToken()
    }

    /// The address to open: with the token when one is needed.
    public var url: String {
        let host = options.host.contains(":") && !options.host.hasPrefix("[") ? "[\(options.host)]" : options.host
        return "http://\(host):\(options.port)/" + (accessToken.map { "?token=\($0)" } ?? "")
    }

    /// Serves until SIGINT or SIGTERM. `log` gets a line per request; `onReady` is called
    /// once the server listens, with the live vault that commands can be answered from.
    public func run(log: @escaping @Sendable (String) -> Void, onReady: @escaping @Sendable (LiveVault) -> Void) async throws {
        let events = EventHub()
        let session = self.session
        let options = self.options
        let live = try await Blocking.run {
            try LiveIndex(session: session, settleTime: options.settleTime) { events.publish(change: $0) }
        }
        try live.startWatching()
        defer { live.stopWatching() }
        PhaseTimer.mark("watch directories")
        var logger = Logger(label: "vault.serve") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .warning
        let app = Application(
            router: WebApp(live: live, events: events, policy: policy, log: log).router(),
            // A connection that sends no request, or only part of its headers, for this
            // long is closed: slow clients cannot hold the server's connections.
            server: .http1(configuration: .init(idleTimeout: Self.idleTimeout)),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: nil),
            onServerRunning: { _ in
                PhaseTimer.mark("start serving")
                onReady(LiveVault(live: live))
                if let sync = options.sync {
                    let scheduler = SyncScheduler(sync: sync, every: options.syncInterval, log: log)
                    scheduler.start()
                    Task {
                        for await _ in events.subscribe() { scheduler.changed() }
                    }
                }
                // Once the server answers: reading every note takes seconds on a large vault.
                DispatchQueue.global().async { live.indexText() }
            },
            logger: logger
        )
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ServeError.addressInUse(host: options.host, port: options.port)
        }
    }

    var policy: AccessPolicy { AccessPolicy(options: options, csrfToken: csrfToken) }

    /// How long a connection may be idle, or be sending its request's headers.
    static let idleTimeout: TimeAmount = .seconds(10)

    /// The routes over an index of the vault, for tests that drive them without a socket;
    /// `events` gets the index's changes.
    func makeRouter(events: EventHub = EventHub(), log: @escaping @Sendable (String) -> Void = { _ in }) throws -> (Router<BasicRequestContext>, LiveIndex) {
        let live = try LiveIndex(session: session) { events.publish(change: $0) }
        live.indexText()
        return (WebApp(live: live, events: events, policy: policy, log: log).router(), live)
    }

    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(16) }.joined()
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
