import Foundation
import Hummingbird
import ServiceLifecycle
import VaultKit

/// The routes of `vault serve`: the page and its assets, the JSON API, the event stream
/// and attachments.
struct WebApp: Sendable {
    let live: LiveIndex
    /// The live index's changes, for the pages' event streams.
    let events: EventHub
    let policy: AccessPolicy
    let log: @Sendable (String) -> Void

    var notes: NotesAPI { NotesAPI(live: live) }
    var organising: OrganisingAPI { OrganisingAPI(live: live) }
    var tasks: TasksAPI { TasksAPI(live: live) }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: RequestLog(log: log))
        router.add(middleware: SecurityMiddleware(policy: policy))
        let notes = self.notes
        let organising = self.organising
        let policy = self.policy

        let vaultKey = Assets.vaultKey(path: live.session.root.path)
        router.get("/") { _, _ in Assets.page(csrfToken: policy.csrfToken, vaultKey: vaultKey) }
        // The share target (the manifest's): the page, which asks what to make of what
        // was shared before anything is written (`POST /api/share`).
        router.get("/share") { _, _ in Assets.page(csrfToken: policy.csrfToken, vaultKey: vaultKey) }
        router.get("/manifest.webmanifest") { _, _ in Assets.response(Assets.manifest, type: "application/manifest+json") }
        router.get("/icons/:name") { _, context in try Assets.icon(named: context.parameters.require("name")) }
        router.get("/js/:name") { _, context in try Assets.module(named: context.parameters.require("name")) }
        router.get("/app.css") { _, _ in Assets.response(Assets.style, type: "text/css; charset=utf-8") }
        router.get("/codemirror.css") { _, _ in Assets.response(Assets.editorStyle, type: "text/css; charset=utf-8") }
        router.get("/api/csrf") { _, _ in
            APIResponse.json { json in
                json.beginObject()
                json.key("token"); json.string(policy.csrfToken)
                json.endObject()
            }
        }

        // The words the page offers (colours, priorities): vault's, not copies in the script.
        let dateFormat = live.session.config.listDateFormat.rawValue
        router.get("/api/vocabulary") { _, _ in
            APIResponse.json { json in
                json.beginObject()
                json.key("palette"); json.strings(VaultConfig.palette)
                json.key("dateFormat"); json.string(dateFormat)
                json.key("priorities"); json.objects(NoteTask.Priority.allCases) { json, priority in
                    json.key("name"); json.string(priority.rawValue)
                    json.key("sign"); json.string(priority.sign ?? "")
                }
                // The query language's fields, for the query builder.
                json.key("fields"); json.objects(QueryField.all) { json, field in
                    json.key("name"); json.string(field.name)
                    json.key("form"); json.string(field.form)
                    json.key("meaning"); json.string(field.meaning)
                }
                json.endObject()
            }
        }
        let query = QueryAPI(live: live)
        router.get("/api/query") { request, _ in query.tree(request) }
        let searches = SearchesAPI(live: live)
        router.get("/api/searches") { request, _ in try await searches.list(request) }
        router.post("/api/searches") { request, _ in try await searches.add(request) }
        router.patch("/api/searches/:name") { request, _ in try await searches.rename(request, name: SearchesAPI.name(request)) }
        router.delete("/api/searches/:name") { request, _ in try await searches.remove(request, name: SearchesAPI.name(request)) }
        router.get("/api/home") { request, _ in try await organising.home(request) }
        router.get("/api/status") { _, _ in self.status() }
        router.get("/api/notes") { request, _ in try await notes.list(request) }
        router.post("/api/notes") { request, _ in try await notes.create(request) }
        let history = HistoryAPI(live: live)
        router.get("/api/notes/**") { request, _ in
            // A note's path ends in `.md`: what follows it is one of its endpoints.
            let raw = request.uri.path
            if raw.hasSuffix(".md/versions") {
                return try await history.versions(request, path: URLPath.vaultPath(String(raw.dropLast("/versions".count)), after: NotesAPI.prefix))
            }
            if raw.hasSuffix(".md/backlinks") {
                return try await notes.backlinks(request, path: URLPath.vaultPath(String(raw.dropLast("/backlinks".count)), after: NotesAPI.prefix))
            }
            if raw.hasSuffix(".md/diff") {
                return try await history.diff(request, path: URLPath.vaultPath(String(raw.dropLast("/diff".count)), after: NotesAPI.prefix))
            }
            return try await notes.read(request, path: Self.notePath(request))
        }
        router.put("/api/notes/**") { request, _ in try await notes.put(request, path: Self.notePath(request)) }
        router.patch("/api/notes/**") { request, _ in try await notes.update(request, path: Self.notePath(request)) }
        router.delete("/api/notes/**") { request, _ in try await notes.delete(request, path: Self.notePath(request)) }
        router.post("/api/notes/**") { request, _ in
            let raw = request.uri.path
            if raw.hasSuffix("/attachments") {
                return try await notes.attach(request, path: URLPath.vaultPath(String(raw.dropLast("/attachments".count)), after: NotesAPI.prefix))
            }
            if raw.hasSuffix("/restore") {
                return try await history.restore(request, path: URLPath.vaultPath(String(raw.dropLast("/restore".count)), after: NotesAPI.prefix))
            }
            if raw.hasSuffix("/follow-title") {
                return try await notes.followTitle(request, path: URLPath.vaultPath(String(raw.dropLast("/follow-title".count)), after: NotesAPI.prefix))
            }
            guard raw.hasSuffix("/duplicate") else { throw APIError(.notFound, "no such endpoint") }
            return try await notes.duplicate(request, path: URLPath.vaultPath(String(raw.dropLast("/duplicate".count)), after: NotesAPI.prefix))
        }
        let bulk = BulkAPI(live: live)
        router.post("/api/bulk") { request, _ in try await bulk.change(request) }
        router.post("/api/properties") { request, _ in try await bulk.setProperties(request) }
        router.get("/api/events") { _, _ in self.eventStream() }

        router.get("/api/trash") { request, _ in try await organising.trash(request) }
        router.post("/api/trash/restore") { request, _ in try await organising.restore(request) }
        router.get("/api/deleted") { request, _ in try await history.deleted(request) }
        router.post("/api/deleted/restore") { request, _ in try await history.restoreDeleted(request) }
        router.post("/api/trash/empty") { request, _ in try await organising.emptyTrash(request) }
        router.post("/api/tags/rename") { request, _ in try await organising.renameTag(request) }
        router.post("/api/tags/merge") { request, _ in try await organising.mergeTags(request) }
        router.post("/api/tags/split") { request, _ in try await organising.splitTag(request) }
        router.get("/api/tags/history") { request, _ in try await organising.tagHistory(request) }
        router.post("/api/tags/color") { request, _ in try await organising.colorTag(request) }
        router.post("/api/folders") { request, _ in try await organising.createFolder(request) }
        router.post("/api/folders/rename") { request, _ in try await organising.renameFolder(request) }
        router.post("/api/folders/delete") { request, _ in try await organising.deleteFolder(request) }
        router.post("/api/folders/color") { request, _ in try await organising.colorFolder(request) }
        router.post("/api/undo") { request, _ in try await organising.undo(request) }
        let imports = ImportAPI(live: live)
        router.post("/api/import") { request, _ in try await imports.upload(request) }

        router.get("/api/tasks") { request, _ in try await tasks.agenda(request) }
        router.post("/api/tasks") { request, _ in try await tasks.add(request) }
        router.post("/api/tasks/change") { request, _ in try await tasks.change(request) }
        let categories = TaskCategoriesAPI(live: live)
        router.get("/api/tasks/categories") { request, _ in try await categories.list(request) }
        router.post("/api/tasks/categories") { request, _ in try await categories.set(request) }
        router.post("/api/tasks/categories/rename") { request, _ in try await categories.rename(request) }
        router.post("/api/tasks/categories/move") { request, _ in try await categories.move(request) }
        router.post("/api/tasks/categories/remove") { request, _ in try await categories.remove(request) }
        let share = ShareAPI(live: live)
        router.post("/api/share") { request, _ in try await share.receive(request) }
        router.get("/files/**") { request, _ in try await self.file(request) }
        return router
    }

    /// `GET /api/status`: how many notes the index holds, and whether word searches are
    /// answered from the word index yet (`"ready"`) or by reading files (`"building"`),
    /// and, once built, the index's words and size in bytes.
    func status() -> Response {
        let notes = live.snapshot.scan.notes.count
        let ready = live.isTextIndexed
        return APIResponse.json { json in
            json.beginObject()
            json.key("notes"); json.number(notes)
            json.key("textSearch"); json.string(ready ? "ready" : "building")
            if let words = live.words.contents {
                json.key("wordIndex"); json.beginObject()
                json.key("words"); json.number(words.wordCount)
                json.key("bytes"); json.number(words.estimatedBytes)
                json.endObject()
            }
            json.endObject()
        }
    }

    static func notePath(_ request: Request) throws -> String {
        try URLPath.vaultPath(request.uri.path, after: NotesAPI.prefix)
    }

    /// `GET /api/events`: a `hello`, then a `change` event after each rescan that found
    /// one, and a comment every 15 seconds so that proxies and browsers keep the stream.
    func eventStream() -> Response {
        let stream = events.subscribe()
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 1000\nevent: hello\ndata: {}\n\n"))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    let (heartbeats, tick) = AsyncStream<String>.makeStream()
                    group.addTask {
                        while !Task.isCancelled {
                            try await Task.sleep(for: .seconds(15))
                            tick.yield(": keep-alive\n\n")
                        }
                    }
                    defer { group.cancelAll() }
                    // Ended when the server shuts down (SIGTERM, Ctrl-C): an open page's
                    // stream never ends by itself, and the shutdown waited for it.
                    for await event in merge(stream, heartbeats).cancelOnGracefulShutdown() {
                        try await writer.write(ByteBuffer(string: event))
                    }
                }
                try await writer.finish(nil)
            }
        )
    }

    /// `GET /files/PATH`: an attachment, with its content type and `nosniff`; SVG and HTML
    /// (which could run script) only as downloads.
    func file(_ request: Request) async throws -> Response {
        let path = try URLPath.vaultPath(request.uri.path, after: "/files/")
        let session = live.session
        let bytes = try await Blocking.run { try session.fileContents(at: path) }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let (type, download) = Assets.contentType(ofFile: name)
        var headers: HTTPFields = [.contentType: type]
        if download {
            let quoted = name.replacingOccurrences(of: "\"", with: "")
            headers[.contentDisposition] = "attachment; filename=\"\(quoted)\""
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// The events of two streams as they come.
private func merge(_ a: AsyncStream<String>, _ b: AsyncStream<String>) -> AsyncStream<String> {
    AsyncStream { continuation in
        let tasks = [a, b].map { stream in
            Task {
                for await element in stream { continuation.yield(element) }
                continuation.finish()
            }
        }
        continuation.onTermination = { _ in tasks.forEach { $0.cancel() } }
    }
}
