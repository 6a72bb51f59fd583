import Foundation
import Hummingbird
import VaultKit

/// `/api/tasks/categories`: the task categories' icons, colours and order, as `vault task
/// category` lists and changes them. Every answer is the whole list, in order:
/// `{"categories": [{"name", "icon", "color"}]}` (a rename adds `"changed"`, the number
/// of task lines it renamed the tag on).
struct TaskCategoriesAPI: Sendable {
    let live: LiveIndex
    var session: VaultSession { live.session }

    /// Adds this controller's endpoints to `router`.
    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/tasks/categories") { request, _ in try await self.list(request) }
        router.post("/api/tasks/categories") { request, _ in try await self.set(request) }
        router.post("/api/tasks/categories/rename") { request, _ in try await self.rename(request) }
        router.post("/api/tasks/categories/move") { request, _ in try await self.move(request) }
        router.post("/api/tasks/categories/remove") { request, _ in try await self.remove(request) }
    }

    /// `GET /api/tasks/categories`.
    func list(_ request: Request) async throws -> Response {
        // The session's config is the file's as it is now (`CurrentSession`).
        let categories = TaskCategories.list(session.config)
        return answer(categories)
    }

    /// `POST /api/tasks/categories` with `{"name", "icon"?, "color"?}`: adds the category or
    /// changes it (`"none"` removes an icon or colour).
    func set(_ request: Request) async throws -> Response {
        let body = try await request.decode(SetBody.self)
        return try await run(.set(body.name, icon: body.icon, color: body.color))
    }

    /// `POST /api/tasks/categories/rename` with `{"from", "to"}`: renames the category and
    /// its tag on every task line (one operation `vault undo` takes back).
    func rename(_ request: Request) async throws -> Response {
        let body = try await request.decode(RenameBody.self)
        return try await run(.rename(body.from, to: body.to))
    }

    /// `POST /api/tasks/categories/move` with `{"name", "before"?}` (no `before`: the end).
    func move(_ request: Request) async throws -> Response {
        let body = try await request.decode(MoveBody.self)
        return try await run(.move(body.name, before: body.before))
    }

    /// `POST /api/tasks/categories/remove` with `{"name"}`: forgets its icon, colour and
    /// place; its tasks keep their tag.
    func remove(_ request: Request) async throws -> Response {
        let body = try await request.decode(NameBody.self)
        return try await run(.remove(body.name))
    }

    private func run(_ change: TaskCategories.Change) async throws -> Response {
        let session = self.session
        let snapshot = live.snapshot
        let report = try await Blocking.run { () throws -> TaskCategories.Report in
            var tasks: [NoteTask] = []
            if case .rename = change { tasks = snapshot.tasks(in: session) }
            return try session.write { try TaskCategories(change, tasks: tasks).run(in: $0) }
        }
        let categories = report.categories
        let paths = Set(report.changedTasks.map(\.path))
        if !paths.isEmpty { await live.refresh(Array(paths)) }
        if case .rename = change { return answer(categories, changed: report.changedTasks.count) }
        return answer(categories)
    }

    private func answer(_ categories: [TaskCategories.Category], changed: Int? = nil) -> Response {
        APIResponse.json { json in
            json.beginObject()
            TaskCategories.Category.writeJSON(categories, to: &json)
            if let changed { json.key("changed"); json.number(changed) }
            json.endObject()
        }
    }

    struct SetBody: Decodable {
        var name: String
        var icon: String?
        var color: String?
    }

    struct RenameBody: Decodable {
        var from: String
        var to: String
    }

    struct MoveBody: Decodable {
        var name: String
        var before: String?
    }

    struct NameBody: Decodable {
        var name: String
    }
}
