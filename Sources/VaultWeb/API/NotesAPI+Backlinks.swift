import Hummingbird
import VaultKit

extension NotesAPI {
    /// `GET /api/notes/PATH/backlinks`: as `vault backlinks PATH --format json`, each link to
    /// the note with the linking note's `title` and the `text` of the link's line, for the
    /// section under the note; 404 for no such note.
    func backlinks(_ request: Request, path: String) async throws -> Response {
        let session = self.session
        let notes = live.snapshot.sorted.array
        let lines = try await Blocking.run { () throws -> [(VaultSession.LinkPlace, String)] in
            let note = try session.document(at: path).note
            return session.backlinks(to: note.path, in: notes).map { ($0, session.line($0.link.line, of: $0.note.path) ?? "") }
        }
        return APIResponse.json { json in
            json.beginArray()
            for (place, text) in lines {
                json.beginObject()
                json.key("note"); json.string(place.note.path)
                json.key("title"); json.string(place.note.title)
                json.key("line"); json.number(place.link.line)
                json.key("column"); json.number(place.link.column)
                json.key("text"); json.string(text)
                json.endObject()
            }
            json.endArray()
        }
    }
}
