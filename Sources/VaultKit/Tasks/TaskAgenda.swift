/// The agenda of DESIGN 12: tasks grouped by due date (Overdue, Today, Tomorrow, This
/// Week, Later, No Due Date), by priority, by category or by note, and ordered inside a
/// group by priority, then due date, then creation.
public struct TaskAgenda: Sendable {
    public enum Grouping: String, Sendable, CaseIterable {
        case due, priority, category, note
    }

    /// Where a task's due date falls, seen from `today`.
    public enum Bucket: String, Sendable, CaseIterable {
        case overdue = "Overdue", today = "Today", tomorrow = "Tomorrow", thisWeek = "This Week", later = "Later", none = "No Due Date"
    }

    public struct Group: Sendable {
        public var heading: String
        public var tasks: [NoteTask]
    }

    public let today: TaskDate
    /// 0 = Sunday … 6 = Saturday; weeks start on Monday unless the config says otherwise.
    public let weekStart: Int

    /// Days from today to the last day of this week.
    private let daysToWeekEnd: Int

    public init(today: TaskDate, weekStart: Int = 1) {
        self.today = today
        self.weekStart = weekStart
        // The rest of this week: up to the day before the next week starts.
        daysToWeekEnd = (weekStart - today.weekday + 6) % 7
    }

    /// The bucket of `task`'s due date.
    public func bucket(of task: NoteTask) -> Bucket {
        guard let due = task.due else { return .none }
        let days = due.dayNumber - today.dayNumber
        if days < 0 { return .overdue }
        if days == 0 { return .today }
        if days == 1 { return .tomorrow }
        return days <= daysToWeekEnd ? .thisWeek : .later
    }

    /// `tasks` in groups, in agenda order; empty groups are left out.
    public func groups(_ tasks: [NoteTask], by grouping: Grouping) -> [Group] {
        switch grouping {
        case .due:
            return Self.grouped(tasks, into: Bucket.allCases.map(\.rawValue)) { Bucket.allCases.firstIndex(of: bucket(of: $0)) ?? 0 }
        case .priority:
            let priorities = NoteTask.Priority.allCases
            return Self.grouped(tasks, into: priorities.map { $0.rawValue.capitalized }) { priorities.firstIndex(of: $0.priority) ?? 0 }
        case .category:
            let ordered = Self.inAgendaOrder(tasks)
            var groups: [String: [NoteTask]] = [:]
            for task in ordered {
                for category in task.categories.isEmpty ? [""] : task.categories { groups[TagName.key(category), default: []].append(task) }
            }
            return groups.keys.sorted { ($0.isEmpty ? 1 : 0, $0) < ($1.isEmpty ? 1 : 0, $1) }.map { key in
                let tasks = groups[key] ?? []
                let heading = key.isEmpty ? "No Category" : "#" + (tasks.first?.categories.first { TagName.key($0) == key } ?? key)
                return Group(heading: heading, tasks: tasks)
            }
        case .note:
            var order: [String] = []
            var groups: [String: [NoteTask]] = [:]
            for task in tasks.sorted(by: { ($0.path, $0.line) < ($1.path, $1.line) }) {
                if groups[task.path] == nil { order.append(task.path) }
                groups[task.path, default: []].append(task)
            }
            return order.map { Group(heading: $0, tasks: groups[$0] ?? []) }
        }
    }

    /// Completed tasks, most recently done first, in one group.
    public func completed(_ tasks: [NoteTask]) -> [Group] {
        let done = tasks.map { $0.done?.dayNumber ?? .min }
        let ordered = tasks.indices.sorted { a, b in done[a] != done[b] ? done[a] > done[b] : a < b }.map { tasks[$0] }
        return ordered.isEmpty ? [] : [Group(heading: "Done", tasks: ordered)]
    }

    /// `tasks` in agenda order, in the groups `group` numbers (`headings` in order);
    /// each task is copied once, as there can be hundreds of thousands.
    private static func grouped(_ tasks: [NoteTask], into headings: [String], by group: (NoteTask) -> Int) -> [Group] {
        var members = Array(repeating: [Int](), count: headings.count)
        for index in agendaOrder(tasks) { members[group(tasks[index])].append(index) }
        return headings.indices.compactMap { number in
            members[number].isEmpty ? nil : Group(heading: headings[number], tasks: members[number].map { tasks[$0] })
        }
    }

    /// Priority, then due date (none last), then created, then the order they were given
    /// in (notes in list order, lines in order): sorted by integer keys, as a vault can
    /// hold hundreds of thousands of tasks.
    static func inAgendaOrder(_ tasks: [NoteTask]) -> [NoteTask] {
        agendaOrder(tasks).map { tasks[$0] }
    }

    /// The positions of `tasks` in agenda order.
    private static func agendaOrder(_ tasks: [NoteTask]) -> [Int] {
        let priorities = NoteTask.Priority.allCases
        let keys = tasks.map { task in
            (priorities.firstIndex(of: task.priority) ?? 0, task.due?.dayNumber ?? .max, task.created?.dayNumber ?? .max)
        }
        return tasks.indices.sorted { a, b in
            let keyA = keys[a], keyB = keys[b]
            if keyA != keyB { return keyA < keyB }
            return a < b
        }
    }
}
