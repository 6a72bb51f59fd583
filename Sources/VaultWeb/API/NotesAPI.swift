import Foundation
import Hummingbird
import VaultKit

/// `/api/notes`: list and search, read, save, create, organise and delete notes.
struct NotesAPI: Sendable {
    let live: LiveIndex
    var session: VaultSession { live.session }

    /// Adds the list and create endpoints to `router`; a note's own (`/api/notes/PATH…`) are `NoteRoutes`'.
    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/notes") { request, _ in try await self.list(request) }
        router.post("/api/notes") { request, _ in try await self.create(request) }
    }

    static let prefix = "/api/notes/"
    static let pageLimit = 1_000

    // MARK: - Listing

    /// `GET /api/notes?q=QUERY&offset=N&limit=N&group=month` or `&sort=relevance`.
    func list(_ request: Request) async throws -> Response {
        let parameters = request.uri.queryParameters
        let text = request.formParameter("q")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let offset = max(0, parameters["offset"].flatMap { Int($0) } ?? 0)
        let limit = min(Self.pageLimit, max(0, parameters["limit"].flatMap { Int($0) } ?? 100))
        let byMonth = parameters["group"] == "month"
        let order = try parameters["sort"].map { name in
            guard let order = SearchOrder(rawValue: String(name)) else { throw APIError(.badRequest, "sort is \(SearchOrder.names)") }
            return order
        }
        if order != nil, byMonth { throw APIError(.badRequest, "sort and group each choose the order; give one") }
        let query: Query?
        do {
            query = text.isEmpty ? nil : try Query.parse(text, saved: session.config.searches)
        } catch {
            return APIResponse.queryError(error)
        }
        let snapshot = live.snapshot
        let words = live.words
        let baseContext = session.queryContext
        // Without a query, the whole list: read in place (a page of it is what is sent),
        // not copied out of the snapshot's chunks.
        let found = try await Blocking.run { () -> [Note]? in
            guard let query else { return nil }
            let notes = snapshot.notes(matching: query, context: baseContext, words: words)
            return order.map { session.sorted(notes, by: $0, for: query) } ?? notes
        }
        let all = snapshot.sorted
        let total = found?.count ?? all.count
        let timeZone = session.vault.timeZone
        // "Did you mean": the vault's words closest to those that found nothing.
        let suggestions = found?.isEmpty == true ? query.flatMap { query in words.view?.suggestions(for: query) } ?? [] : []
        if byMonth {
            // Grouping reads every note's date on all cores: not on the server's tasks.
            let now = session.vault.now()
            let grouping = try await Blocking.run { MonthGrouping(found ?? all.array, now: now, timeZone: timeZone) }
            return page(total: grouping.notes.count, offset: offset, suggestions: suggestions) { json in
                for position in grouping.notes.indices.dropFirst(offset).prefix(limit) {
                    NoteJSON.write(grouping.notes[position], to: &json, timeZone: timeZone) { json in
                        json.key("group"); json.string(grouping.heading(at: position))
                    }
                }
            }
        }
        let window = found.map { Array($0.dropFirst(offset).prefix(limit)) } ?? Array(all.dropFirst(offset).prefix(limit))
        // Ranked for what a person typed: each row with the words in their context
        // (`match`), for the list to show them highlighted.
        let matches: [String: MatchSnippet] = try await Blocking.run { () -> [String: MatchSnippet] in
            guard let query, order == .relevance else { return [:] }
            var matches: [String: MatchSnippet] = [:]
            for note in window {
                guard let body = try? session.document(at: note.path).body, let snippet = MatchSnippet(query: query, body: body) else { continue }
                matches[note.path] = snippet
            }
            return matches
        }
        return page(total: total, offset: offset, suggestions: suggestions) { json in
            for note in window {
                guard let match = matches[note.path] else {
                    NoteJSON.write(note, to: &json, timeZone: timeZone)
                    continue
                }
                NoteJSON.write(note, to: &json, timeZone: timeZone) { json in
                    json.key("match"); json.beginObject()
                    json.key("text"); json.string(match.text)
                    json.key("ranges"); json.beginArray()
                    for range in match.ranges {
                        json.beginArray(); json.number(range.lowerBound); json.number(range.upperBound); json.endArray()
                    }
                    json.endArray()
                    json.endObject()
                }
            }
        }
    }

    private func page(total: Int, offset: Int, suggestions: [String] = [], notes: (inout JSONWriter) -> Void) -> Response {
        APIResponse.json { json in
            json.beginObject()
            json.key("total"); json.number(total)
            json.key("offset"); json.number(offset)
            json.key("notes"); json.beginArray(); notes(&json); json.endArray()
            if !suggestions.isEmpty {
                json.key("suggestions"); json.beginArray()
                for word in suggestions { json.string(word) }
                json.endArray()
            }
            json.endObject()
        }
    }

    // MARK: - One note

    /// `GET /api/notes/PATH`: fields, the whole text, the rendered body and the version.
    func read(_ request: Request, path: String) async throws -> Response {
        let session = self.session
        let document = try await Blocking.run { try session.document(at: path) }
        return try await respond(document)
    }

    /// `PUT /api/notes/PATH` with `If-Match: VERSION` and `{"text": …}`; 412 with the
    /// version on disk when the file changed since the page read it; 400 when nothing
    /// but whitespace follows the front matter.
    func put(_ request: Request, path: String) async throws -> Response {
        guard let version = request.headers[.ifMatch]?.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) else {
            throw APIError(.preconditionRequired, "a save must name the version it started from (If-Match)")
        }
        let body = try await request.decode(SaveBody.self)
        let session = self.session
        // With `base`, a change made on disk since is merged with the text (EditMerge);
        // an empty text is refused (`SaveNote`).
        let save = SaveNote(body.text, to: path, ifVersion: version, base: body.base, keepingMine: body.keep == "mine")
        do {
            let outcome = try await Blocking.run { try session.write { try save.run(in: $0) } }
            await live.refresh([outcome.document.note.path])
            return try await respond(outcome.document) { json in
                if outcome.merged { json.key("merged"); json.bool(true) }
            }
        } catch VaultError.conflict {
            let current = try await Blocking.run { try session.document(at: path) }
            return try await respond(current, status: .preconditionFailed, error: "\(current.note.path) changed on disk since it was opened; nothing was saved")
        }
    }

    /// `POST /api/notes/PATH/follow-title` with `{"before": TEXT}` (the note's text when the
    /// editing began): when the editor is left, the file follows the title where
    /// `FollowTitle` says so, as one recorded rename; `renamed` `{"from", "to", "recordID"}`
    /// says what `POST /api/undo` takes back. The note as it is, when it keeps its name.
    func followTitle(_ request: Request, path: String) async throws -> Response {
        let before = Array(try await request.decode(FollowTitleBody.self).before.utf8)
        let session = self.session
        let notes = live.snapshot.scan.notes
        let (document, report) = try await Blocking.run { () throws -> (NoteDocument, Relocation.Report?) in
            try session.write { changes in
                let note = try session.document(at: path).note
                let report = try FollowTitle(before: before, note: note, notes: notes).run(in: changes)
                if let report { try Self.check(report.failed) }
                return (try session.document(at: report?.moves.first?.to ?? path), report)
            }
        }
        await live.refresh([path, document.note.path] + (report?.linkedNotes ?? []))
        return try await respond(document) { json in
            guard let report, let move = report.moves.first else { return }
            json.key("renamed"); json.beginObject()
            json.key("from"); json.string(move.from)
            json.key("to"); json.string(move.to)
            json.key("recordID"); if let id = report.recordID { json.string(id) } else { json.null() }
            json.endObject()
        }
    }

    /// `POST /api/notes` with `{"folder", "text", "tags", "pinned"}`.
    func create(_ request: Request) async throws -> Response {
        let body = try await request.decode(CreateBody.self)
        let draft = NoteDraft(title: nil, folder: body.folder ?? "", tags: body.tags ?? [], pinned: body.pinned ?? false, body: body.text ?? "")
        let session = self.session
        let document = try await Blocking.run { () throws -> NoteDocument in
            let path = try session.write { try CreateNote(draft, recorded: false).run(in: $0) }.path
            return try session.document(at: path)
        }
        await live.refresh([document.note.path])
        return try await respond(document, status: .created)
    }

    /// `PATCH /api/notes/PATH` with any of `pinned`, `addTags`, `removeTags`, `title`
    /// (rename) and `folder` (move; `/` is Unsorted). Each change is recorded for
    /// `POST /api/undo`, also of this one note (which `vault pin` and `tag add` leave to their
    /// opposite), so that the page can offer Undo after every action: the note's JSON has
    /// `recordID`, the last change's record (the page sends one change at a time).
    func update(_ request: Request, path: String) async throws -> Response {
        let body = try await request.decode(PatchBody.self)
        let session = self.session
        let notes = live.snapshot.scan.notes
        let update = UpdateNote(path, .init(pinned: body.pinned, addTags: body.addTags, removeTags: body.removeTags, title: body.title, folder: body.folder), notes: notes)
        let report = try await Blocking.run { try session.write { try update.run(in: $0) } }
        let (document, linked, recordID) = (report.document, report.linkedNotes, report.recordID)
        await live.refresh([path, document.note.path] + linked)
        return try await respond(document, recordID: recordID)
    }

    /// `DELETE /api/notes/PATH`: to the trash, with the attachments only it uses, as
    /// `vault rm` does; `recordID` names the operation for `vault undo`.
    func delete(_ request: Request, path: String) async throws -> Response {
        let session = self.session
        let report = try await Blocking.run { () throws -> DeleteNotes.Report in
            let delete = DeleteNotes([try session.document(at: path).note]) { try session.scan().notes }
            return try session.write { changes in try delete.run(in: changes) }
        }
        if let error = report.failed.first { throw error }
        await live.refresh([path, Trash.directory])
        return APIResponse.json { json in
            json.beginObject()
            json.key("trashed"); json.string(report.trashed.first?.name ?? "")
            json.key("recordID"); json.string(report.recordID)
            json.endObject()
        }
    }

    /// `POST /api/notes/PATH/duplicate`.
    func duplicate(_ request: Request, path: String) async throws -> Response {
        let session = self.session
        let document = try await Blocking.run { () throws -> NoteDocument in
            let note = try session.document(at: path).note
            return try session.document(at: try session.write { try DuplicateNote(note).run(in: $0) }.path)
        }
        await live.refresh([document.note.path])
        return try await respond(document, status: .created)
    }

    /// `POST /api/notes/PATH/attachments?name=NAME` with the file as the body: into the
    /// attachment folder under a free name, linked at the end of the note (as `vault attach`);
    /// with `&link=caret` the note is left as it is and `link` is what the editor inserts
    /// at its caret.
    func attach(_ request: Request, path: String) async throws -> Response {
        let name = request.uri.queryParameters["name"].map(String.init) ?? "file"
        let atCaret = request.uri.queryParameters["link"] == "caret"
        let bytes = Array(try await request.body(upTo: 64 << 20).readableBytesView)
        let session = self.session
        let (document, file, link) = try await Blocking.run { () throws -> (NoteDocument, String, String) in
            try session.write { changes in
                let note = try session.document(at: path).note
                let files = try AttachFiles([.bytes(bytes, name: name)], to: note, linksAtEnd: !atCaret).run(in: changes)
                let link = AttachFiles.links(to: files, in: session.vault).first ?? ""
                return (try session.document(at: path), files.first ?? name, link)
            }
        }
        await live.refresh([path])
        var response = try await respond(document, status: .created) { json in
            json.key("link"); json.string(link)
        }
        response.headers[.location] = URLPath.fileURL(file)
        return response
    }

    // MARK: - Answers

    /// A note as the page shows it: its fields, `text`, `frontMatter` (the start of `text`
    /// the properties panel edits), `html` and `version`.
    /// The note as JSON, its body rendered off the event loop: rendering is linear, but a
    /// note of megabytes still takes a while, and other requests must not wait for it.
    func respond(
        _ document: NoteDocument, status: HTTPResponse.Status = .ok, error: String? = nil, recordID: String? = nil,
        extra: @escaping @Sendable (inout JSONWriter) -> Void = { _ in }
    ) async throws -> Response {
        try await Blocking.run { [self] in rendered(document, status: status, error: error, recordID: recordID, extra: extra) }
    }

    private func rendered(
        _ document: NoteDocument, status: HTTPResponse.Status, error: String?, recordID: String?, extra: @escaping (inout JSONWriter) -> Void
    ) -> Response {
        let attachments = Attachments(vault: session.vault)
        let notePath = document.note.path
        let links = NoteLinks(targets: LinkTargets(resolver: live.snapshot.links.value), attachments: attachments, notePath: notePath)
        let html = links.html(MarkdownRenderer(resolve: { links.note(named: $0) }, resolveFile: { kind, target in
            attachments.resolve(NoteLink(kind: kind, target: target, line: 0, column: 0, targetRange: 0..<0), from: notePath)
        }, taskRefs: document.note.frontMatterError == nil ? document.taskRefsByBodyLine : [:]).html(document.body))
        let timeZone = session.vault.timeZone
        func write(_ json: inout JSONWriter) {
            NoteJSON.write(document.note, to: &json, timeZone: timeZone) { json in
                json.key("text"); json.string(document.text)
                json.key("frontMatter"); json.string(document.frontMatter)
                json.key("html"); json.string(html)
                json.key("version"); json.string(document.version)
                if let recordID { json.key("recordID"); json.string(recordID) }
                extra(&json)
            }
        }
        var response = APIResponse.json(status) { json in
            guard let error else { return write(&json) }
            json.beginObject()
            json.key("error"); json.string(error)
            json.key("current"); write(&json)
            json.endObject()
        }
        response.headers[.eTag] = "\"\(document.version)\""
        return response
    }

    private static func check(_ failed: [VaultError]) throws {
        if let failure = failed.first { throw failure }
    }

    struct SaveBody: Decodable {
        var text: String
        /// The text the editor loaded and typed over: a change on disk since is merged.
        var base: String?
        /// `"mine"`: the conflict view's Keep mine, lines changed on both sides settled with `text`.
        var keep: String?
    }
    struct FollowTitleBody: Decodable { var before: String }
    struct CreateBody: Decodable {
        var folder: String?
        var text: String?
        var tags: [String]?
        var pinned: Bool?
    }
    struct PatchBody: Decodable {
        var pinned: Bool?
        var addTags: [String]?
        var removeTags: [String]?
        var title: String?
        var folder: String?
    }
}

/// Vault paths in URLs: each segment percent-encoded, joined by `/`.
enum URLPath {
    /// `/files/PATH`, where an attachment is served.
    static func fileURL(_ path: String) -> String {
        "/files/" + path.split(separator: "/").map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "" }.joined(separator: "/")
    }

    /// `path` as one component (as the page's `encodeURIComponent`): the page's routes
    /// (`#/note/PATH`) hold a note's whole path.
    static func component(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: unreserved) ?? path
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")

    /// The vault-relative path in `rawPath` after `prefix`. An encoded `/` (`%2F`), a NUL,
    /// `.` and `..` segments and anything not UTF-8 are refused: a URL names a path in
    /// the vault one way only.
    static func vaultPath(_ rawPath: String, after prefix: String) throws -> String {
        guard rawPath.hasPrefix(prefix) else { throw APIError(.notFound, "no such endpoint") }
        var segments: [String] = []
        for raw in rawPath.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false) {
            guard let segment = String(raw).removingPercentEncoding else {
                throw APIError(.badRequest, "the path is not valid percent-encoded UTF-8")
            }
            guard !segment.isEmpty, segment != ".", segment != "..", !segment.contains("/"), !segment.contains("\0") else {
                throw APIError(.badRequest, "invalid path '\(rawPath.dropFirst(prefix.count))': a path is its folders and file name, each encoded alone")
            }
            segments.append(segment)
        }
        guard !segments.isEmpty else { throw APIError(.badRequest, "no path given") }
        return segments.joined(separator: "/")
    }
}
