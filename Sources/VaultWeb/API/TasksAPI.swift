import Foundation
import Hummingbird
import VaultKit

/// `/api/tasks`: the agenda, and changes to tasks, as `vault tasks` and `vault task` make them.
struct TasksAPI: Sendable {
    let live: LiveIndex
    var session: VaultSession { live.session }

    /// Adds this controller's endpoints to `router`.
    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/tasks") { request, _ in try await self.agenda(request) }
        router.post("/api/tasks") { request, _ in try await self.add(request) }
        router.post("/api/tasks/change") { request, _ in try await self.change(request) }
    }

    /// `GET /api/tasks?by=due|priority|category|note&show=open|doing|done|all&q=QUERY&limit=N`:
    /// `{"groups": [{"heading", "count", "tasks": [task]}], "categories": {name: {"icon",
    /// "color"}}, "count", "today", "weekStart"}` (0 = Sunday), each task as `vault tasks --format json` writes it; at most
    /// `limit` tasks (default and most 2,000) in all, `count` says how many there are.
    func agenda(_ request: Request) async throws -> Response {
        let parameters = request.uri.queryParameters
        let grouping = parameters["by"].flatMap { TaskAgenda.Grouping(rawValue: String($0)) } ?? .due
        guard let show = TaskShow(rawValue: parameters["show"].map(String.init) ?? "open") else {
            throw APIError(.badRequest, "show must be open, doing, done or all")
        }
        let statuses = show.statuses
        let limit = min(2_000, max(0, parameters["limit"].flatMap { Int($0) } ?? 2_000))
        let text = request.formParameter("q")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let query: Query?
        do {
            query = text.isEmpty ? nil : try Query.parse(text, saved: session.config.searches)
        } catch {
            return APIResponse.queryError(error)
        }
        let session = self.session
        let snapshot = live.snapshot
        // The session's config is the file's as it is now (`CurrentSession`).
        let config = session.config
        let tasks = try await Blocking.run { () -> [NoteTask] in snapshot.tasks(matching: query, statuses: statuses, in: session) }
        let agenda = TaskAgenda(today: session.today, weekStart: config.weekStart, categoryOrder: config.taskCategoryOrder)
        let groups = show == .done ? agenda.completedPositions(tasks) : agenda.positions(tasks, by: grouping)
        return APIResponse.json { json in
            json.beginObject()
            json.key("count"); json.number(tasks.count)
            // For a move between due-date groups: which day a group's dates start from.
            json.key("today"); json.string(agenda.today.description)
            json.key("weekStart"); json.number(agenda.weekStart)
            json.key("groups"); json.beginArray()
            var left = limit
            for group in groups where left > 0 {
                json.beginObject()
                json.key("heading"); json.string(group.heading)
                json.key("count"); json.number(group.positions.count)
                json.key("tasks"); json.beginArray()
                for position in group.positions.prefix(left) { TaskJSON.write(tasks[position], bucket: agenda.bucket(of: tasks[position]), to: &json) }
                left -= min(left, group.positions.count)
                json.endArray()
                json.endObject()
            }
            json.endArray()
            json.key("categories"); json.beginObject()
            var seen = Set<String>()
            for task in tasks {
                for category in task.categories where seen.insert(TagName.key(category)).inserted {
                    let style = config.style(ofCategory: category)
                    json.key(category); json.beginObject()
                    json.key("icon"); json.string(style.icon)
                    json.key("color"); json.string(style.color)
                    json.endObject()
                }
            }
            json.endObject()
            json.endObject()
        }
    }

    /// `POST /api/tasks/change` with `{"refs": [...], "status"?, "due"?, "priority"?,
    /// "addCategory"?, "removeCategory"?, "remove"?}` (`due` a date as `vault task edit`
    /// takes it, or `none`): `{"tasks": [changed task], "failed": [{"ref", "error"}]}`.
    /// A REF whose line changed is refused (in `failed`); the others go ahead.
    func change(_ request: Request) async throws -> Response {
        let body = try await request.decode(ChangeBody.self)
        let changes = try body.changes(today: session.today)
        guard !changes.isEmpty else { throw APIError(.badRequest, "say what to change: status, due, priority, addCategory, removeCategory or remove") }
        let session = self.session
        let snapshot = live.snapshot
        let (changed, failed, paths, recordID) = try await Blocking.run { () throws -> ([NoteTask], [(String, VaultError)], [String], String?) in
            let all = snapshot.tasks(in: session)
            var failed: [(String, VaultError)] = []
            var asked: [String: String] = [:]
            var selected: [NoteTask] = []
            for ref in body.refs {
                do throws(VaultError) {
                    let task = try session.task(ref, in: all)
                    selected.append(task)
                    asked[task.fullRef] = asked[task.fullRef] ?? ref
                } catch {
                    failed.append((ref, error))
                }
            }
            var change = ChangeTasks(selected, changes)
            // Recorded also when it is one task (which `vault task` leaves to `task undo`), so
            // that the page can offer Undo.
            change.alwaysRecorded = true
            let report = try session.write { try change.run(in: $0) }
            var paths: [String] = []
            for (task, result) in report.results {
                switch result {
                case .success(let outcome): if outcome.changed { paths.append(task.path) }
                case .failure(let error): failed.append((asked[task.fullRef] ?? task.ref, error))
                }
            }
            return (report.changed, failed, paths, report.recordID)
        }
        if !paths.isEmpty { await live.refresh(Array(Set(paths))) }
        let agenda = session.agenda
        // Every REF refused (their lines changed): a conflict, as for a note saved over an edit.
        let status: HTTPResponse.Status = !failed.isEmpty && failed.count == body.refs.count ? .conflict : .ok
        return APIResponse.json(status) { json in
            json.beginObject()
            json.key("tasks"); json.beginArray()
            for task in changed { TaskJSON.write(task, bucket: agenda.bucket(of: task), to: &json) }
            json.endArray()
            json.key("failed"); json.beginArray()
            for (ref, error) in failed {
                json.beginObject()
                json.key("ref"); json.string(ref)
                json.key("error"); json.string(error.errorDescription ?? "\(error)")
                json.endObject()
            }
            json.endArray()
            json.key("recordID"); if let recordID { json.string(recordID) } else { json.null() }
            json.endObject()
        }
    }

    /// `POST /api/tasks` with `{"text", "due"?, "priority"?, "categories"?, "note"?}`: adds a
    /// task to the note (default: the inbox, `tasks.inbox`), as `vault task add`.
    func add(_ request: Request) async throws -> Response {
        let body = try await request.decode(AddBody.self)
        let text = body.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, !text.contains(where: \.isNewline) else { throw APIError(.badRequest, "a task is one line of words") }
        let today = session.today
        var draft = TaskDraft(text: text)
        if let due = body.due, !due.isEmpty { draft.due = try Self.date(due, today: today) }
        if let priority = body.priority { draft.priority = try Self.priority(priority) }
        draft.categories = try (body.categories ?? []).map(Self.category)
        let session = self.session
        let note = body.note
        let finished = draft
        let task = try await Blocking.run { () throws -> NoteTask in
            let path = try note.map { name in try session.resolve(name, in: try session.scan()).path }
            return try session.write { try AddTask(finished, to: path).run(in: $0) }.task
        }
        await live.refresh([task.path])
        return APIResponse.json(.created) { json in TaskJSON.write(task, bucket: session.agenda.bucket(of: task), to: &json) }
    }

    // MARK: - Bodies

    struct ChangeBody: Decodable {
        var refs: [String]
        var status: String?
        /// A date, `none`, or JSON null for none.
        var due: String??
        var priority: String?
        var addCategory: String?
        var removeCategory: String?
        var remove: Bool?

        func changes(today: TaskDate) throws -> [TaskChange] {
            var changes: [TaskChange] = []
            if let status {
                guard let value = NoteTask.Status(rawValue: status) else { throw APIError(.badRequest, "status must be todo, doing, done or cancelled") }
                changes.append(.status(value))
            }
            if let due {
                changes.append(.date(.due, try due.flatMap { $0.lowercased() == "none" || $0.isEmpty ? nil : try TasksAPI.date($0, today: today) }))
            }
            if let priority { changes.append(.priority(try TasksAPI.priority(priority))) }
            if let addCategory { changes.append(.addCategory(try TasksAPI.category(addCategory))) }
            if let removeCategory { changes.append(.removeCategory(try TasksAPI.category(removeCategory))) }
            if remove == true { changes = [.remove] }
            return changes
        }

        // `"due": null` means "no due date", not "leave it": keep the difference.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            refs = try container.decode([String].self, forKey: .refs)
            status = try container.decodeIfPresent(String.self, forKey: .status)
            if container.contains(.due) { due = .some(try container.decodeIfPresent(String.self, forKey: .due)) }
            priority = try container.decodeIfPresent(String.self, forKey: .priority)
            addCategory = try container.decodeIfPresent(String.self, forKey: .addCategory)
            removeCategory = try container.decodeIfPresent(String.self, forKey: .removeCategory)
            remove = try container.decodeIfPresent(Bool.self, forKey: .remove)
        }

        enum CodingKeys: String, CodingKey { case refs, status, due, priority, addCategory, removeCategory, remove }
    }

    struct AddBody: Decodable {
        var text: String
        var due: String?
        var priority: String?
        var categories: [String]?
        var note: String?
    }

    static func date(_ text: String, today: TaskDate) throws -> TaskDate {
        guard let date = TaskDateInput.parse(text, today: today) else {
            throw APIError(.badRequest, "invalid date '\(text)' (use \(TaskDateInput.forms))")
        }
        return date
    }

    static func priority(_ text: String) throws -> NoteTask.Priority {
        guard let priority = NoteTask.Priority(rawValue: text.lowercased()) else {
            throw APIError(.badRequest, "priority must be highest, high, medium, normal, low or lowest")
        }
        return priority
    }

    static func category(_ text: String) throws -> String {
        let name = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if let problem = TagName.problem(with: name) { throw VaultError.invalidTagName(text, reason: problem) }
        return name
    }
}
