import Hummingbird

/// `/api/notes/PATH.md` and the endpoints after a note's path (`PATH.md/versions`): one
/// wildcard route per method, since a path may hold any number of folders, dispatched here
/// to the controller that answers. A note's path ends in `.md`, so a last component after
/// `.md/` is an endpoint's name, never part of the path.
struct NoteRoutes: Sendable {
    let notes: NotesAPI
    let history: HistoryAPI

    /// The note a request names and the endpoint after it, nil for the note itself.
    struct Target {
        let path: String
        let endpoint: String?

        init(_ request: Request, endpoints: Set<String>) throws {
            let raw = request.uri.path
            if let slash = raw.lastIndex(of: "/"), raw[..<slash].hasSuffix(".md") {
                let name = String(raw[raw.index(after: slash)...])
                if endpoints.contains(name) {
                    path = try URLPath.vaultPath(String(raw[..<slash]), after: NotesAPI.prefix)
                    endpoint = name
                    return
                }
            }
            path = try URLPath.vaultPath(raw, after: NotesAPI.prefix)
            endpoint = nil
        }
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        let (notes, history) = (self.notes, self.history)
        router.get("/api/notes/**") { request, _ in
            let target = try Target(request, endpoints: ["versions", "backlinks", "diff"])
            switch target.endpoint {
            case "versions": return try await history.versions(request, path: target.path)
            case "backlinks": return try await notes.backlinks(request, path: target.path)
            case "diff": return try await history.diff(request, path: target.path)
            default: return try await notes.read(request, path: target.path)
            }
        }
        router.put("/api/notes/**") { request, _ in try await notes.put(request, path: Target(request, endpoints: []).path) }
        router.patch("/api/notes/**") { request, _ in try await notes.update(request, path: Target(request, endpoints: []).path) }
        router.delete("/api/notes/**") { request, _ in try await notes.delete(request, path: Target(request, endpoints: []).path) }
        router.post("/api/notes/**") { request, _ in
            let target = try Target(request, endpoints: ["attachments", "restore", "follow-title", "duplicate"])
            switch target.endpoint {
            case "attachments": return try await notes.attach(request, path: target.path)
            case "restore": return try await history.restore(request, path: target.path)
            case "follow-title": return try await notes.followTitle(request, path: target.path)
            case "duplicate": return try await notes.duplicate(request, path: target.path)
            default: throw APIError(.notFound, "no such endpoint")
            }
        }
    }
}
