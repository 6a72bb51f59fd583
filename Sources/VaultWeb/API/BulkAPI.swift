import Foundation
import Hummingbird
import VaultKit

/// `POST /api/bulk`: one change to several notes at once (the page's select mode), as one
/// operation that `vault undo` takes back: `{"paths"}` and one of `"pinned"`, `"addTags"`,
/// `"removeTags"`, `"folder"` (a move; `/` is Unsorted) or `"delete": true`. Each change is
/// the use case the command line runs for it (`pin`, `tag add`/`remove`, `mv`, `rm` with
/// several notes); a note that cannot be changed is reported and the others are changed.
/// Answers `{"changed": [paths], "failed": [messages], "recordID"}`.
struct BulkAPI: Sendable {
    let live: LiveIndex
    var session: VaultSession { live.session }

    /// Adds this controller's endpoints to `router`.
    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/api/bulk") { request, _ in try await self.change(request) }
        router.post("/api/properties") { request, _ in try await self.setProperties(request) }
    }

    func change(_ request: Request) async throws -> Response {
        let body = try await request.decode(Body.self)
        guard !body.paths.isEmpty else { throw APIError(.badRequest, "say which notes: paths") }
        let asked = [body.pinned != nil, body.addTags != nil, body.removeTags != nil, body.folder != nil, body.delete == true]
        guard asked.filter({ $0 }).count == 1 else {
            throw APIError(.badRequest, "say one change: pinned, addTags, removeTags, folder or delete")
        }
        let session = self.session
        let scanned = live.snapshot.scan.notes
        let outcome = try await Blocking.run { () throws -> ChangeNotes.Report in
            let notes = try body.paths.map { path throws(VaultError) in try session.document(at: path).note }
            return try session.write { try ChangeNotes(body.change, to: notes, among: scanned).run(in: $0) }
        }
        await live.refresh(outcome.touched)
        let status: HTTPResponse.Status = outcome.changed.isEmpty && !outcome.failed.isEmpty ? .conflict : .ok
        return APIResponse.json(status) { json in
            json.beginObject()
            json.key("changed"); json.strings(outcome.changed)
            json.key("failed"); json.strings(outcome.failed.map { $0.errorDescription ?? "\($0)" })
            json.key("recordID"); if let id = outcome.recordID { json.string(id) } else { json.null() }
            json.endObject()
        }
    }

    /// `POST /api/properties {"paths", "set": {"key": "value"}, "remove": ["key"]}`: sets
    /// and removes front-matter properties of several notes, as `vault set`/`unset` do
    /// (`SetProperties`: each value read as the YAML it would be, vault's own keys
    /// refused), as one operation for Undo. Answers as `POST /api/bulk` does.
    func setProperties(_ request: Request) async throws -> Response {
        let body = try await request.decode(PropertiesBody.self)
        guard !body.paths.isEmpty else { throw APIError(.badRequest, "say which notes: paths") }
        // A JSON object has no order: by key, for the same file whatever the client.
        let values = try (body.set ?? [:]).sorted { $0.key < $1.key }.map { (key, text) throws(VaultError) in
            (key: key, value: try PropertyValue.read(text, key: key))
        }
        let session = self.session
        let report = try await Blocking.run { () throws -> SetProperties.Report in
            let notes = try body.paths.map { path throws(VaultError) in try session.document(at: path).note }
            let change = try SetProperties(notes, set: values, remove: body.remove ?? [])
            return try session.write { changes in try change.run(in: changes) }
        }
        await live.refresh(report.changed)
        let status: HTTPResponse.Status = report.changed.isEmpty && !report.failed.isEmpty ? .conflict : .ok
        return APIResponse.json(status) { json in
            json.beginObject()
            json.key("changed"); json.strings(report.changed)
            json.key("failed"); json.strings(report.failed.map { $0.errorDescription ?? "\($0)" })
            json.key("recordID"); if let id = report.recordID { json.string(id) } else { json.null() }
            json.endObject()
        }
    }

    struct PropertiesBody: Decodable {
        var paths: [String]
        var set: [String: String]?
        var remove: [String]?
    }

    struct Body: Decodable {
        var paths: [String]
        var pinned: Bool?
        var addTags: [String]?
        var removeTags: [String]?
        var folder: String?
        var delete: Bool?

        /// The one change asked for (checked to be one before).
        var change: ChangeNotes.Change {
            if let pinned { return .pin(pinned) }
            if let addTags { return .addTags(addTags) }
            if let removeTags { return .removeTags(removeTags) }
            if let folder { return .move(to: folder) }
            return .delete
        }
    }
}
