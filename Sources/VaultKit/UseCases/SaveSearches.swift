import Foundation

/// Keeps searches by name in `.vault/config.yaml` (`vault saved add|rename|remove`, the
/// app's "Save this search"): only the lines of that search change, and a query is kept
/// only when it parses, `@name` terms included.
public struct SaveSearches: Sendable {
    /// What a change asks for.
    public enum Change: Sendable {
        case add(String, query: String)
        case rename(String, to: String)
        case remove(String)
    }

    /// A saved search with what it finds now.
    public struct Listed: Sendable {
        public var name: String
        public var query: String
        /// How many notes it finds; nil when its query does not parse.
        public var count: Int?
        /// Why its query does not parse (`query:1:5: …`), nil when it does.
        public var error: String?
    }

    /// `{"searches": [{"name", "query", "count", "error"}]}`, for every front end.
    public static func writeJSON(_ listed: [Listed], to json: inout JSONWriter) {
        json.beginObject()
        json.key("searches"); json.objects(listed) { json, search in
            json.key("name"); json.string(search.name)
            json.key("query"); json.string(search.query)
            json.key("count"); if let count = search.count { json.number(count) } else { json.null() }
            json.key("error"); if let error = search.error { json.string(error) } else { json.null() }
        }
        json.endObject()
    }

    public let change: Change

    public init(_ change: Change) {
        self.change = change
    }

    /// The saved searches of `session`'s vault, in their order, each with its count: one
    /// that no longer parses is listed with its error, not dropped.
    public static func list(in session: VaultSession) throws(VaultError) -> [Listed] {
        let saved = session.config.searches
        return try saved.entries.map { (entry) throws(VaultError) -> Listed in
            do {
                let query = Query(try QueryParser.parse(entry.query, saved: saved, expanding: [entry.name]))
                return Listed(name: entry.name, query: entry.query, count: try session.scan(matching: query).notes.count)
            } catch let error as QueryError {
                return Listed(name: entry.name, query: entry.query, error: error.errorDescription)
            } catch let error as VaultError {
                throw error
            } catch {
                throw .invalidArgument(String(describing: error))
            }
        }
    }

    /// Does it, inside a write; returns the search as stored (nil after a removal).
    @discardableResult
    public func run(in changes: VaultChanges) throws(VaultError) -> SavedSearches.Entry? {
        let root = changes.vault.root
        let config = VaultConfig.load(from: root)
        if let problem = config.problems.first(where: { $0.severity == .error }) { throw .located(problem) }
        var searches = config.searches
        let editor = ConfigEditor(root: root)
        switch change {
        case .add(let name, let query):
            try Self.check(name)
            let existing = searches.entry(named: name)?.name ?? name
            searches.set(existing, to: query)
            do {
                // As the search itself: its errors point into the query given.
                _ = try QueryParser.parse(query, saved: searches, expanding: [existing])
            } catch {
                throw .invalidQuery(error.rendered)
            }
            try editor.setSearch(existing, to: query)
            return SavedSearches.Entry(name: existing, query: query)
        case .rename(let old, let new):
            guard let entry = searches.entry(named: old) else { throw .savedSearchNotFound(old) }
            try Self.check(new)
            if let taken = searches.entry(named: new), taken.name.lowercased() != entry.name.lowercased() { throw .savedSearchExists(taken.name) }
            try editor.renameSearch(entry.name, to: new)
            return SavedSearches.Entry(name: new, query: entry.query)
        case .remove(let name):
            guard let entry = searches.entry(named: name) else { throw .savedSearchNotFound(name) }
            try editor.removeSearch(entry.name)
            return nil
        }
    }

    private static func check(_ name: String) throws(VaultError) {
        if let problem = SavedSearches.problem(withName: name) { throw .invalidSearchName(name, reason: problem) }
    }
}
