import Hummingbird
import VaultKit

/// `GET /api/query?q=QUERY`: the query as its syntax tree, for the page's query builder,
/// which shows typed text as rows and groups and writes text back as they change.
struct QueryAPI: Sendable {
    /// `{"tree": node}`, a node being `{"all": [node]}`, `{"any": [node]}`, `{"not": node}`
    /// or `{"term": "tag:work"}` (a term as the language writes it); an empty query is an
    /// empty `all`. A malformed query is 400, as `GET /api/notes` answers it.
    func tree(_ request: Request) -> Response {
        let text = request.formParameter("q")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let expression: QueryExpression
        do {
            expression = text.isEmpty ? .and([]) : try Query.parse(text).expression
        } catch {
            return APIResponse.queryError(error)
        }
        return APIResponse.json { json in
            json.beginObject()
            json.key("tree"); Self.write(expression, to: &json)
            json.endObject()
        }
    }

    private static func write(_ expression: QueryExpression, to json: inout JSONWriter) {
        json.beginObject()
        switch expression {
        case .and(let operands), .or(let operands):
            if case .and = expression { json.key("all") } else { json.key("any") }
            json.beginArray()
            for operand in operands { write(operand, to: &json) }
            json.endArray()
        case .not(let operand):
            json.key("not"); write(operand, to: &json)
        case .term(let term):
            json.key("term"); json.string(term.description)
        }
        json.endObject()
    }
}
