import Foundation
import Hummingbird
import VaultKit

/// `/api/searches`: the saved searches of `.vault/config.yaml` (the sidebar's smart
/// folders), each with what it finds now; added, renamed and removed through
/// `SaveSearches`, inside a write as every change is.
struct SearchesAPI: Sendable {
    let live: LiveIndex

    /// Adds this controller's endpoints to `router`.
    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/searches") { request, _ in try await self.list(request) }
        router.post("/api/searches") { request, _ in try await self.add(request) }
        router.patch("/api/searches/:name") { request, _ in try await self.rename(request, name: Self.name(request)) }
        router.delete("/api/searches/:name") { request, _ in try await self.remove(request, name: Self.name(request)) }
    }

    static let prefix = "/api/searches/"

    /// `GET /api/searches`: `{"searches": [{"name", "query", "count", "error"}]}`, in the
    /// file's order; `count` is null and `error` says why when a query no longer parses.
    func list(_ request: Request) async throws -> Response {
        let session = live.session
        let listed = try await Blocking.run { () throws -> [SaveSearches.Listed] in try SaveSearches.list(in: session) }
        return APIResponse.json { json in SaveSearches.writeJSON(listed, to: &json) }
    }

    /// `POST /api/searches {"name", "query"}`: saves (or replaces) a search; 201 with it.
    func add(_ request: Request) async throws -> Response {
        let body = try await request.decode(AddBody.self)
        return try await run(.add(body.name, query: body.query), status: .created)
    }

    /// `PATCH /api/searches/NAME {"name"}`: renames a search.
    func rename(_ request: Request, name: String) async throws -> Response {
        let body = try await request.decode(RenameBody.self)
        return try await run(.rename(name, to: body.name), status: .ok)
    }

    /// `DELETE /api/searches/NAME`: removes a search; 204.
    func remove(_ request: Request, name: String) async throws -> Response {
        try await run(.remove(name), status: .noContent)
    }

    private func run(_ change: SaveSearches.Change, status: HTTPResponse.Status) async throws -> Response {
        let session = live.session
        let entry = try await Blocking.run { () throws -> SavedSearches.Entry? in
            try session.write { changes in try SaveSearches(change).run(in: changes) }
        }
        guard let entry else { return Response(status: status) }
        return APIResponse.json(status) { json in
            json.beginObject()
            json.key("name"); json.string(entry.name)
            json.key("query"); json.string(entry.query)
            json.endObject()
        }
    }

    /// The search a path names: `/api/searches/NAME`, percent-encoded.
    static func name(_ request: Request) throws -> String {
        let raw = request.uri.path
        guard raw.hasPrefix(prefix), let name = String(raw.dropFirst(prefix.count)).removingPercentEncoding, !name.isEmpty else {
            throw APIError(.badRequest, "say which search: /api/searches/NAME")
        }
        return name
    }

    struct AddBody: Decodable {
        var name: String
        var query: String
    }

    struct RenameBody: Decodable {
        var name: String
    }
}
