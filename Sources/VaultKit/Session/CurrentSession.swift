import VaultPlatform

/// The session of a long-lived front end (a server, an assistant): the settings of
/// `.vault/config.yaml` as the file is now, read again whenever its stamp changed, so that
/// every request is answered under the settings in force (an attachment folder set while
/// `vault serve` runs is where the next upload goes).
public final class CurrentSession: Sendable {
    private let current: Locked<(session: VaultSession, stamp: FileStamp?)>

    public init(_ session: VaultSession) {
        current = Locked((session, session.vault.configStamp))
    }

    /// The session with the settings the file has now.
    public var session: VaultSession {
        current.withLock { current in
            let stamp = current.session.vault.configStamp
            if current.stamp != stamp { current = (current.session.reloadingConfig(), stamp) }
            return current.session
        }
    }
}
