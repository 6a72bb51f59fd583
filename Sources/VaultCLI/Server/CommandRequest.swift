import VaultPlatform

/// What `vault` sends a running `vault serve` to have a command answered: the arguments,
/// and everything else the answer depends on, so that the server can tell when it would
/// answer differently from a scan (another vault, another build, another time zone) and
/// decline.
///
/// On the wire: a 4-byte little-endian length, then NUL-terminated strings (no argument
/// can hold a NUL): the protocol's name, the vault's root, the working directory, the
/// executable's identity, the number of environment variables, each name and value, and
/// the arguments.
struct CommandRequest: Equatable {
    static let protocolName = "vault-command-1"
    /// The environment variables an answer can depend on, and `VAULT_SERVER` (how long the
    /// client waits); the client sends those it has.
    static let environmentNames = ["TZ", "NO_COLOR", "VAULT_PATH", "LANG", "LC_ALL", "VAULT_SERVER"]
    /// The longest request read (arguments of a shell's command line are far shorter).
    static let sizeLimit = 1 << 20

    var root: String
    var workingDirectory: String
    var executable: String
    var environment: [String: String]
    var arguments: [String]

    /// This build of `vault`: its path and its file's identity, so that a server left
    /// running across an upgrade declines.
    static var executableIdentity: String { identity(of: Syscalls.executablePath()) }

    /// The identity of the executable at `path` (empty when it has none).
    static func identity(of path: String?) -> String {
        guard let path, let stamp = Syscalls.status(path, in: Syscalls.currentDirectory)?.stamp else { return "" }
        return "\(path):\(stamp.size):\(stamp.inode):\(stamp.mtimeSeconds).\(stamp.mtimeNanoseconds)"
    }

    /// The variables of `environmentNames` that `environment` sets.
    static func relevant(_ environment: [String: String]) -> [String: String] {
        environment.filter { environmentNames.contains($0.key) }
    }

    func encoded() -> [UInt8] {
        var fields = [Self.protocolName, root, workingDirectory, executable, String(environment.count)]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { fields += [name, value] }
        fields += arguments
        var body: [UInt8] = []
        for field in fields {
            body += field.utf8
            body.append(0)
        }
        let length = UInt32(body.count)
        return withUnsafeBytes(of: length.littleEndian) { Array($0) } + body
    }

    /// The length a request's first four bytes announce.
    static func length(of header: ArraySlice<UInt8>) -> Int? {
        guard header.count >= 4 else { return nil }
        return header.prefix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// Reads a request's body (what follows the length); nil when it is not one.
    init?(body: ArraySlice<UInt8>) {
        guard body.last == 0 else { return nil }
        var fields = body.dropLast().split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }[...]
        guard fields.count >= 5, fields.removeFirst() == Self.protocolName else { return nil }
        root = fields.removeFirst()
        workingDirectory = fields.removeFirst()
        executable = fields.removeFirst()
        guard let count = Int(fields.removeFirst()), count >= 0, fields.count >= 2 * count else { return nil }
        environment = [:]
        for _ in 0..<count { environment[fields.removeFirst()] = fields.removeFirst() }
        arguments = Array(fields)
    }

    init(root: String, workingDirectory: String, executable: String, environment: [String: String], arguments: [String]) {
        self.root = root
        self.workingDirectory = workingDirectory
        self.executable = executable
        self.environment = environment
        self.arguments = arguments
    }
}
