/// A problem found in a file of the vault, with its place when one is known.
///
/// Printed the way compilers print, so that editors can jump to it:
/// `Work/a.md:3:7: error: expected ']'`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    /// Vault-relative path of the file.
    public var path: String
    /// 1-based line in the file, when known.
    public var line: Int?
    /// 1-based column (in characters) in the file, when known.
    public var column: Int?
    public var severity: Severity
    public var message: String

    public init(path: String, line: Int? = nil, column: Int? = nil, severity: Severity, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// `path:line:column` (or `path` alone).
    public var location: String {
        let path = VaultPath.displayed(path)
        guard let line else { return path }
        guard let column else { return "\(path):\(line)" }
        return "\(path):\(line):\(column)"
    }

    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}
