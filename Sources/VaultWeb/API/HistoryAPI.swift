import Foundation
import Hummingbird
import VaultKit

/// A note's versions from git and the notes that left the vault: the endpoints behind the
/// History tab and Recently deleted, each calling what `vault log`, `vault diff` and
/// `vault restore` call. A vault that is not a git repository is a 400 that says so.
struct HistoryAPI: Sendable {
    let live: LiveIndex
    var session: VaultSession { live.session }

    /// Adds Recently deleted's endpoints to `router`; a note's versions are `NoteRoutes`'.
    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/deleted") { request, _ in try await self.deleted(request) }
        router.post("/api/deleted/restore") { request, _ in try await self.restoreDeleted(request) }
    }

    /// `GET /api/notes/PATH/versions`: as `vault log PATH --format json`.
    func versions(_ request: Request, path: String) async throws -> Response {
        let session = self.session
        let versions = try await Blocking.run { () throws -> [NoteVersions.Version] in
            let note = try session.document(at: path).note
            do {
                return try NoteVersions(root: session.root).versions(of: note.path)
            } catch let error as VaultError {
                throw NoteVersions.explained(error)
            }
        }
        return APIResponse.json { json in VersionJSON.write(versions, to: &json) }
    }

    /// `GET /api/notes/PATH/diff?from=REV&to=REV`: as `vault diff PATH [FROM] [TO] --format
    /// json`; without `to`, against the file now.
    func diff(_ request: Request, path: String) async throws -> Response {
        let from = request.uri.queryParameters["from"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let to = request.uri.queryParameters["to"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let session = self.session
        let comparison = try await Blocking.run { () throws -> NoteComparison in
            let note = try session.document(at: path).note
            do {
                return try NoteComparison.make(path: note.path, from: from, to: to, root: session.root, timeZone: session.vault.timeZone)
            } catch let error as VaultError {
                throw NoteVersions.explained(error)
            }
        }
        return APIResponse.json { json in VersionJSON.write(comparison, to: &json) }
    }

    /// `POST /api/notes/PATH/restore` with `{"at"}`: as `vault restore PATH --at REV`, the
    /// version's bytes over the note, recorded for undo (`recordID`).
    func restore(_ request: Request, path: String) async throws -> Response {
        let at = try await request.decode(AtBody.self).at
        let session = self.session
        let report = try await Blocking.run { () throws -> RestoreVersion.Report in
            let note = try session.document(at: path).note
            do {
                return try session.write { try RestoreVersion(note, at: at).run(in: $0) }
            } catch let error as VaultError {
                throw NoteVersions.explained(error)
            }
        }
        await live.refresh([path])
        return APIResponse.json { json in
            json.beginObject()
            json.key("path"); json.string(path)
            json.key("commit"); json.string(report.version.commit)
            json.key("changed"); json.bool(report.outcome == .written)
            json.key("recordID"); json.string(report.recordID)
            json.endObject()
        }
    }

    /// `GET /api/deleted`: as `vault log --deleted --format json`, with each note's last text.
    func deleted(_ request: Request) async throws -> Response {
        let session = self.session
        let deleted = try await Blocking.run { () throws -> [NoteVersions.Deleted] in
            do {
                return try NoteVersions(root: session.root).deleted()
            } catch let error as VaultError {
                throw NoteVersions.explained(error)
            }
        }
        return APIResponse.json { json in VersionJSON.write(deleted, to: &json) }
    }

    /// `POST /api/deleted/restore` with `{"path", "at"?}`: as `vault restore PATH [--at
    /// REV]`, a note that left the vault back at its old place (or beside it), recorded for
    /// undo.
    func restoreDeleted(_ request: Request) async throws -> Response {
        let body = try await request.decode(DeletedBody.self)
        let session = self.session
        let report = try await Blocking.run { () throws -> RestoreDeletedNote.Report in
            do {
                return try session.write { try RestoreDeletedNote(body.path, at: body.at).run(in: $0) }
            } catch let error as VaultError {
                throw NoteVersions.explained(error)
            }
        }
        await live.refresh([report.restored.path, Trash.directory])
        return APIResponse.json { json in
            json.beginObject()
            json.key("path"); json.string(report.restored.path)
            json.key("deletedPath"); json.string(report.deleted.path)
            json.key("commit"); json.string(report.version.commit)
            json.key("renamed"); json.bool(report.restored.renamed)
            json.key("recordID"); json.string(report.recordID)
            json.endObject()
        }
    }

    struct AtBody: Decodable { var at: String }
    struct DeletedBody: Decodable {
        var path: String
        var at: String?
    }
}
