import Hummingbird
import VaultKit

/// `POST /api/share`: what another app shared with the installed app (its share target
/// opens the page at `/share`, which asks first) saved as a note or as a task.
struct ShareAPI: Sendable {
    let live: LiveIndex
    var session: VaultSession { live.session }

    /// Adds this controller's endpoint to `router`.
    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/api/share") { request, _ in try await self.receive(request) }
    }

    /// `{"as": "note"|"task", "title"?, "text"?, "url"?, "folder"?}`: a note (answered as
    /// `GET /api/notes/PATH` answers) or a task in the inbox (as `POST /api/tasks`).
    func receive(_ request: Request) async throws -> Response {
        let body = try await request.decode(Body.self)
        let shared = SharedText(title: body.title ?? "", text: body.text ?? "", url: body.url ?? "")
        let session = self.session
        switch body.as {
        case "note":
            let draft = try shared.noteDraft(folder: body.folder ?? "")
            let document = try await Blocking.run { () throws -> NoteDocument in
                let path = try session.write { try CreateNote(draft, recorded: false).run(in: $0) }.path
                return try session.document(at: path)
            }
            await live.refresh([document.note.path])
            return try await NotesAPI(live: live).respond(document, status: .created)
        case "task":
            let draft = try shared.taskDraft()
            let task = try await Blocking.run { () throws -> NoteTask in try session.write { try AddTask(draft).run(in: $0) }.task }
            await live.refresh([task.path])
            return APIResponse.json(.created) { json in TaskJSON.write(task, bucket: session.agenda.bucket(of: task), to: &json) }
        default:
            throw APIError(.badRequest, "'as' is note or task")
        }
    }

    struct Body: Decodable {
        var `as`: String
        var title: String?
        var text: String?
        var url: String?
        var folder: String?
    }
}
