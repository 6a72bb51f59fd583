import Foundation
import Hummingbird
import VaultKit

/// The main page, the trash, tags and folders: the endpoints behind the sidebar.
struct OrganisingAPI: Sendable {
    let live: LiveIndex
    var session: VaultSession { live.session }

    /// Adds this controller's endpoints to `router`.
    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/home") { request, _ in try await self.home(request) }
        router.get("/api/trash") { request, _ in try await self.trash(request) }
        router.post("/api/trash/restore") { request, _ in try await self.restore(request) }
        router.post("/api/trash/empty") { request, _ in try await self.emptyTrash(request) }
        router.post("/api/tags/rename") { request, _ in try await self.renameTag(request) }
        router.post("/api/tags/merge") { request, _ in try await self.mergeTags(request) }
        router.post("/api/tags/split") { request, _ in try await self.splitTag(request) }
        router.get("/api/tags/history") { request, _ in try await self.tagHistory(request) }
        router.post("/api/tags/color") { request, _ in try await self.colorTag(request) }
        router.post("/api/folders") { request, _ in try await self.createFolder(request) }
        router.post("/api/folders/rename") { request, _ in try await self.renameFolder(request) }
        router.post("/api/folders/delete") { request, _ in try await self.deleteFolder(request) }
        router.post("/api/folders/color") { request, _ in try await self.colorFolder(request) }
        router.post("/api/undo") { request, _ in try await self.undo(request) }
    }

    /// `GET /api/home`: as `vault --format json`.
    func home(_ request: Request) async throws -> Response {
        let snapshot = live.snapshot
        // The file's as it is now (`CurrentSession`): colours set by another `vault` or in
        // an editor show at once.
        let config = session.config
        return APIResponse.json { json in
            NoteJSON.writeOverview(snapshot.index, trash: snapshot.trashCount, config: config, to: &json)
        }
    }

    // MARK: - Trash

    /// `GET /api/trash`: as `vault trash list --format json`.
    func trash(_ request: Request) async throws -> Response {
        let session = self.session
        let items = await (try? Blocking.run { ListTrash().run(in: session) }) ?? []
        let now = session.vault.now()
        let days = session.config.trashDays
        return APIResponse.json { json in NoteJSON.writeTrash(items, now: now, trashDays: days, to: &json) }
    }

    /// `POST /api/trash/restore` with `{"name"}`: as `vault trash restore`, recorded for
    /// `vault undo` (`recordID`).
    func restore(_ request: Request) async throws -> Response {
        let name = try await request.decode(NameBody.self).name
        let session = self.session
        let report = try await Blocking.run { try session.write { try RestoreNotes([name]).run(in: $0) } }
        if let error = report.failed.first { throw error }
        guard let restored = report.restored.first?.restored else { throw VaultError.noteNotFound(name) }
        await live.refresh([restored.path, Trash.directory])
        return APIResponse.json { json in
            json.beginObject()
            json.key("path"); json.string(restored.path)
            json.key("renamed"); json.bool(restored.renamed)
            json.key("attachmentsLeft"); json.beginArray()
            for left in restored.attachmentsLeft { json.string(left) }
            json.endArray()
            json.key("recordID"); json.string(report.recordID)
            json.endObject()
        }
    }

    /// `POST /api/trash/empty`.
    func emptyTrash(_ request: Request) async throws -> Response {
        let session = self.session
        let deleted = try await Blocking.run { session.write { EmptyTrash().run(in: $0) } }.deleted
        await live.refresh([Trash.directory])
        return count("deleted", deleted)
    }

    // MARK: - Tags

    /// `POST /api/tags/rename` with `{"from", "to", "merge", "dryRun"}`; 409 with
    /// `"exists": true` when the target exists and `merge` is not set.
    func renameTag(_ request: Request) async throws -> Response {
        let body = try await request.decode(RenameBody.self)
        return try await tagOperation(dryRun: body.dryRun, .rename(body.from, to: body.to, merge: body.merge ?? false))
    }

    /// `POST /api/tags/merge` with `{"sources", "into", "dryRun"}`.
    func mergeTags(_ request: Request) async throws -> Response {
        let body = try await request.decode(MergeBody.self)
        return try await tagOperation(dryRun: body.dryRun, .merge(body.sources, into: body.into))
    }

    /// `POST /api/tags/split` with `{"id", "dryRun"}`: undoes a merge.
    func splitTag(_ request: Request) async throws -> Response {
        let body = try await request.decode(SplitBody.self)
        return try await tagOperation(dryRun: body.dryRun, .split(body.id))
    }

    /// Runs a recorded tag operation over a fresh scan (which notes it touches is decided
    /// from the files as they are now, not from the index; `RetagVault` scans holding the lock).
    private func tagOperation(dryRun: Bool?, _ change: RetagVault.Change) async throws -> Response {
        let session = self.session
        let dryRun = dryRun ?? false
        let retag = RetagVault(change)
        let report = try await Blocking.run { () throws -> RetagVault.Report in
            dryRun ? try retag.plan(in: session, over: try session.scan().notes) : try retag.run(in: session)
        }
        if !dryRun { await live.refresh(report.changed) }
        return APIResponse.json { json in ReportJSON.write(report, to: &json) }
    }

    /// `GET /api/tags/history`: renames, merges and splits, oldest first.
    func tagHistory(_ request: Request) async throws -> Response {
        let session = self.session
        let records = try await Blocking.run { session.history() }
        return APIResponse.json { json in ReportJSON.write(records, to: &json) }
    }

    /// `POST /api/tags/color` with `{"tag", "color"}`.
    func colorTag(_ request: Request) async throws -> Response {
        let body = try await request.decode(TagColorBody.self)
        let session = self.session
        let notes = live.snapshot.scan.notes
        let stored = try await Blocking.run { try session.write { try SetColor(.tag(body.tag, among: notes), to: body.color).run(in: $0) } }
        return pair("tag", stored.name, stored.named)
    }

    // MARK: - Folders

    /// `POST /api/folders` with `{"name"}` (`Folder` or `Folder/Subfolder`).
    func createFolder(_ request: Request) async throws -> Response {
        let name = try await request.decode(NameBody.self).name
        let session = self.session
        let path = try await Blocking.run { try session.write { try CreateFolder(name).run(in: $0) } }.path
        await live.refresh()
        return self.path(path)
    }

    /// `POST /api/folders/rename` with `{"from", "to"}`; the colour goes with it, and links
    /// to its notes are rewritten.
    func renameFolder(_ request: Request) async throws -> Response {
        let body = try await request.decode(FolderRenameBody.self)
        let session = self.session
        let notes = live.snapshot.scan.notes
        let path = try await Blocking.run { () throws -> String in
            try session.write { changes in
                let report = try Relocate(.renameFolder(body.from, to: body.to), notes: notes).run(in: changes)
                if let failure = report.failed.first { throw failure }
                return report.moves.first?.to ?? body.from
            }
        }
        await live.refresh()
        return self.path(path)
    }

    /// `POST /api/folders/delete` with `{"folder"}`: as `vault folder delete`, its notes to
    /// the trash with the attachments only they use, the emptied directories removed;
    /// `recordID` names the operation for `vault undo`.
    func deleteFolder(_ request: Request) async throws -> Response {
        let folder = try await request.decode(FolderBody.self).folder
        let session = self.session
        let report = try await Blocking.run { () throws -> DeleteFolder.Report in
            let deletion = try DeleteFolder(folder, in: session)
            return try session.write(after: deletion.scan) { try deletion.run(in: $0) }
        }
        await live.refresh()
        if let error = report.failed.first { throw error }
        return APIResponse.json { json in
            json.beginObject()
            json.key("trashed"); json.number(report.trashed.count)
            json.key("kept"); json.beginArray()
            for directory in report.kept { json.string(directory) }
            json.endArray()
            json.key("recordID"); json.string(report.recordID)
            json.endObject()
        }
    }

    /// `POST /api/folders/color` with `{"folder", "color"}`.
    func colorFolder(_ request: Request) async throws -> Response {
        let body = try await request.decode(FolderColorBody.self)
        let session = self.session
        let stored = try await Blocking.run { try session.write { try SetColor(.folder(body.folder), to: body.color).run(in: $0) } }
        return pair("folder", stored.name, stored.named)
    }

    // MARK: - History

    /// `POST /api/undo` with `{"id", "dryRun", "partial"}`: as `vault undo`, the same report
    /// as `vault undo --format json`; what it left alone is in `failed`, and `refused` is
    /// true when that kept it from changing anything.
    func undo(_ request: Request) async throws -> Response {
        let body = try await request.decode(UndoBody.self)
        let session = self.session
        let undo = UndoOperation(body.id, partial: body.partial ?? false)
        let dryRun = body.dryRun ?? false
        let report = try await Blocking.run { () throws -> UndoOperation.Report in
            // `UndoOperation` scans holding the lock: a tag operation is taken back over the notes as they are.
            dryRun ? try undo.plan(in: session, over: try session.scan().notes) : try undo.run(in: session)
        }
        if !dryRun { await live.refresh() }
        return APIResponse.json { json in ReportJSON.write(report, to: &json) }
    }

    // MARK: - Answers

    private func count(_ key: String, _ value: Int) -> Response {
        APIResponse.json { json in
            json.beginObject()
            json.key(key); json.number(value)
            json.endObject()
        }
    }

    private func path(_ path: String) -> Response {
        APIResponse.json { json in
            json.beginObject()
            json.key("path"); json.string(path)
            json.endObject()
        }
    }

    private func pair(_ key: String, _ name: String, _ color: String) -> Response {
        APIResponse.json { json in
            json.beginObject()
            json.key(key); json.string(name)
            json.key("color"); json.string(color)
            json.endObject()
        }
    }

    struct NameBody: Decodable { var name: String }
    struct UndoBody: Decodable {
        var id: String
        var dryRun: Bool?
        var partial: Bool?
    }
    struct FolderBody: Decodable { var folder: String }
    struct RenameBody: Decodable {
        var from: String
        var to: String
        var merge: Bool?
        var dryRun: Bool?
    }
    struct MergeBody: Decodable {
        var sources: [String]
        var into: String
        var dryRun: Bool?
    }
    struct SplitBody: Decodable {
        var id: String
        var dryRun: Bool?
        var partial: Bool?
    }
    struct TagColorBody: Decodable {
        var tag: String
        var color: String
    }
    struct FolderRenameBody: Decodable {
        var from: String
        var to: String
    }
    struct FolderColorBody: Decodable {
        var folder: String
        var color: String
    }
}
