/// A note's front matter: where it is, and its YAML as libyaml read it.
public struct FrontMatter: Sendable {
    /// Where the block sits in the file.
    public var block: FrontMatterBlock
    /// The top-level mapping; a null (`~`) when the block holds only that; nil when the
    /// block is empty.
    public var root: YAMLNode?

    /// The top-level entries.
    public var entries: [YAMLPair] {
        if case .mapping(let pairs, _)? = root?.kind { return pairs }
        return []
    }

    /// True when the mapping is written in flow style: `{title: x, tags: [a]}`.
    public var isFlowMapping: Bool {
        if case .mapping(_, true)? = root?.kind { return true }
        return false
    }

    /// The entries whose key matches `name` (`FrontMatterKey.matches`).
    public func entries(named name: String) -> [YAMLPair] {
        entries.filter { $0.key.scalar.map { FrontMatterKey.matches($0, name) } ?? false }
    }

    /// Reads the front matter at the start of `bytes`.
    ///
    /// - Returns: nil when the note has no front matter.
    /// - Throws: a `FrontMatterError` located in the file (1-based line and column).
    /// - Parameter keys: read only these top-level keys (lower-cased); the others are
    ///   checked for errors but left out of `entries`.
    public static func read(_ bytes: UnsafeRawBufferPointer, keys: Set<String>? = nil) throws(FrontMatterError) -> FrontMatter? {
        switch FrontMatterBlock.locate(in: bytes) {
        case .none:
            return nil
        case .unterminated:
            throw FrontMatterError(message: "front matter is not closed: no line '---' follows the opening '---'", line: 1, column: 1)
        case .carriageReturnOnly:
            throw FrontMatterError(message: "front matter uses carriage returns alone as line breaks, which vault cannot edit safely", line: 1, column: 4)
        case .block(let block):
            let yaml = UnsafeRawBufferPointer(rebasing: bytes[block.yamlRange])
            let root: YAMLNode?
            do {
                root = try YAMLReader.parse(yaml, base: block.yamlRange.lowerBound, keys: keys)
            } catch {
                var message = error.message
                if let context = error.context {
                    message += " started at \(block.yamlFirstLine + context.line + 1):\(context.column + 1)"
                }
                throw FrontMatterError(
                    message: message,
                    line: block.yamlFirstLine + error.line + 1,
                    column: error.column + 1
                )
            }
            if let root {
                guard case .mapping = root.kind else {
                    if root.isNull { return FrontMatter(block: block, root: root.start == root.end ? nil : root) }
                    throw FrontMatterError(
                        message: "front matter is not a mapping of keys to values",
                        line: block.yamlFirstLine + root.line + 1,
                        column: root.column + 1
                    )
                }
            }
            return FrontMatter(block: block, root: root)
        }
    }
}

/// Why a note's front matter cannot be read, with its 1-based place in the note file.
public struct FrontMatterError: Error, Sendable, Equatable {
    public var message: String
    public var line: Int
    public var column: Int

    /// The diagnostic for the note at `path`.
    public func diagnostic(path: String) -> Diagnostic {
        Diagnostic(path: path, line: line, column: column, severity: .error, message: message)
    }
}

/// The front-matter keys `vault` understands.
public enum FrontMatterKey {
    public static let id = "id"
    public static let title = "title"
    public static let tags = "tags"
    public static let pinned = "pinned"
    public static let created = "created"
    public static let modified = "modified"
    public static let sortDate = "sortDate"
    /// `private: true` hides the note from an assistant (`vault mcp`).
    public static let `private` = "private"

    /// Keys match case-insensitively (`Title` is `title`), except `tags`: Obsidian reads
    /// tags only under `tags` as written, and a `Tags` key is a property of its own there.
    static func matches(_ key: String, _ name: String) -> Bool {
        guard key.utf8.count == name.utf8.count else { return false }
        if key == tags || name == tags { return key == name }
        return key.lowercased() == name.lowercased()
    }
}
