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

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: RequestLog(log: log))
        router.add(middleware: SecurityMiddleware(policy: policy))
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
        router.get("/api/status") { _, _ in self.status() }
        router.get("/api/events") { _, _ in self.eventStream() }
        // Each controller owns its endpoints and calls the use cases.
        let notes = NotesAPI(live: live)
        let history = HistoryAPI(live: live)
        notes.addRoutes(to: router)
        history.addRoutes(to: router)
        NoteRoutes(notes: notes, history: history).addRoutes(to: router)
        QueryAPI(live: live).addRoutes(to: router)
        SearchesAPI(live: live).addRoutes(to: router)
        OrganisingAPI(live: live).addRoutes(to: router)
        BulkAPI(live: live).addRoutes(to: router)
        ImportAPI(live: live).addRoutes(to: router)
        TasksAPI(live: live).addRoutes(to: router)
        TaskCategoriesAPI(live: live).addRoutes(to: router)
        ShareAPI(live: live).addRoutes(to: router)
        router.get("/files/**") { request, _ in try await self.file(request) }
        return router
    }

    /// `GET /api/status`: how many notes the index holds, and whether word searches are
    /// answered from the word index yet (`"ready"`) or by reading files (`"building"`),
    /// and, once built, the index's words and size in bytes.
    func status() -> Response {
        let notes = live.snapshot.notes.count
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
