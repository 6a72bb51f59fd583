/// Why `vault serve` could not start, in the words a user needs (not the socket call's).
public enum ServeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another program listens at the address already.
    case addressInUse(host: String, port: Int)

    public var description: String {
        switch self {
        case .addressInUse(let host, let port):
            "\(host):\(port) is in use by another program (another vault serve?)"
        }
    }
}
