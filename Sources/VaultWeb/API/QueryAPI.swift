import Hummingbird
import VaultKit

/// `GET /api/query?q=QUERY`: the query as its syntax tree, for the page's query builder,
/// which shows typed text as rows and groups and writes text back as they change.
struct QueryAPI: Sendable {
    let live: LiveIndex

    /// Adds this controller's endpoint to `router`.
    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/query") { request, _ in self.tree(request) }
    }

    /// `{"tree": node}`, a node being `{"all": [node]}`, `{"any": [node]}`, `{"not": node}`
    /// or `{"term": "tag:work"}` (a term as the language writes it; `@name` is kept a term,
    /// not the query it stands for); an empty query is an empty `all`. A malformed query is
    /// 400, as `GET /api/notes` answers it, `@name` read with the saved searches of now.
    func tree(_ request: Request) -> Response {
        let text = request.formParameter("q")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let saved = live.session.config.searches
        let names = saved.entries.map(\.name)
        let expression: QueryExpression
        do {
            // Errors as the list says them (an unknown `@x` among them); the tree keeps each
            // `@name` a term of its own, not the query it stands for, so that the builder
            // writes back what was typed: each saved search stands in as a phrase no one types.
            if !text.isEmpty { _ = try Query.parse(text, saved: saved) }
            let standIns = SavedSearches(names.indices.map { SavedSearches.Entry(name: names[$0], query: "\"\(Self.standIn)\($0)\"") })
            expression = text.isEmpty ? .and([]) : try Query.parse(text, saved: standIns).expression
        } catch {
            return APIResponse.queryError(error)
        }
        return APIResponse.json { json in
            json.beginObject()
            json.key("tree"); Self.write(expression, names: names, to: &json)
            json.endObject()
        }
    }

    /// What a saved search's stand-in phrase starts with: a private-use character.
    private static let standIn = "\u{E000}"

    /// `@name`, or `@"name"` when the name is more than letters, digits, `-` and `_`.
    static func savedTerm(_ name: String) -> String {
        let plain = !name.isEmpty && name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_".unicodeScalars.contains($0) }
        return plain ? "@" + name : "@\"" + name + "\""
    }

    private static func write(_ expression: QueryExpression, names: [String], to json: inout JSONWriter) {
        json.beginObject()
        switch expression {
        case .and(let operands), .or(let operands):
            if case .and = expression { json.key("all") } else { json.key("any") }
            json.beginArray()
            for operand in operands { write(operand, names: names, to: &json) }
            json.endArray()
        case .not(let operand):
            json.key("not"); write(operand, names: names, to: &json)
        case .term(.phrase(let phrase)) where phrase.hasPrefix(standIn):
            let index = Int(phrase.dropFirst(standIn.count)).flatMap { names.indices.contains($0) ? $0 : nil }
            json.key("term"); json.string(index.map { savedTerm(names[$0]) } ?? QueryTerm.phrase(phrase).description)
        case .term(let term):
            json.key("term"); json.string(term.description)
        }
        json.endObject()
    }
}
