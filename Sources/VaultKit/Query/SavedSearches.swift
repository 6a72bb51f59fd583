/// The searches kept by name in `.vault/config.yaml` (`searches:`, name → query text), in
/// the file's order: smart folders, and `@name` terms of the query language.
///
/// Names compare ignoring case, as folder names do. A saved query is kept as text and
/// parsed where it is used, so that one that no longer parses is shown with its error
/// rather than dropped.
public struct SavedSearches: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var query: String

        public init(name: String, query: String) {
            self.name = name
            self.query = query
        }
    }

    public private(set) var entries: [Entry] = []

    public init(_ entries: [Entry] = []) {
        for entry in entries { set(entry.name, to: entry.query) }
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The entry named `name` (ignoring case), nil when none is.
    public func entry(named name: String) -> Entry? {
        let key = name.lowercased()
        return entries.first { $0.name.lowercased() == key }
    }

    /// The names nearest to `name`, for "did you mean".
    func nearest(to name: String) -> String? {
        entries.map { ($0.name, EditDistance.distance(name.lowercased(), $0.name.lowercased())) }
            .filter { $0.1 <= max(2, name.count / 3) }.min { $0.1 < $1.1 }?.0
    }

    /// Sets `name`'s query, keeping its place; a repeated name counts once, the last one.
    mutating func set(_ name: String, to query: String) {
        if let index = entries.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
            entries[index].query = query
        } else {
            entries.append(Entry(name: name, query: query))
        }
    }

    /// A name a search can have: not empty, no quote, no line break, not starting with a
    /// space; nil when it is one, else why not.
    public static func problem(withName name: String) -> String? {
        if name.trimmingCharacters(in: .whitespaces).isEmpty { return "a saved search needs a name" }
        if name.contains("\"") || name.contains(where: \.isNewline) { return "a saved search's name cannot hold a quote or a line break" }
        if name != name.trimmingCharacters(in: .whitespaces) { return "a saved search's name cannot start or end with a space" }
        return nil
    }
}
