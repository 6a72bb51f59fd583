/// The agenda of docs/tasks.md: tasks grouped by due date (Overdue, Today, Tomorrow, This
/// Week, Later, No Due Date), by priority, by category or by note, and ordered inside a
/// group by priority, then due date, then creation.
///
/// Groups are made as positions in the task list (`positions(_:by:)`), so that a vault's
/// hundreds of thousands of tasks are sorted and grouped without being copied.
public struct TaskAgenda: Sendable {
    public enum Grouping: String, Sendable, CaseIterable {
        case due, priority, category, note
    }

    /// Where a task's due date falls, seen from `today`.
    public enum Bucket: String, Sendable, CaseIterable {
        case overdue = "Overdue", today = "Today", tomorrow = "Tomorrow", thisWeek = "This Week", later = "Later", none = "No Due Date"

        /// Its place in `allCases`, the agenda's order. (A switch: asked once per task of
        /// the vault, where `allCases.firstIndex(of:)` compared through a witness each time.)
        fileprivate var number: Int {
            switch self {
            case .overdue: return 0
            case .today: return 1
            case .tomorrow: return 2
            case .thisWeek: return 3
            case .later: return 4
            case .none: return 5
            }
        }
    }

    public struct Group: Sendable {
        public var heading: String
        public var tasks: [NoteTask]
    }

    /// A group as the positions of its tasks in the list it was made from.
    public struct Positions: Sendable {
        public var heading: String
        public var positions: [Int]
    }

    public let today: TaskDate
    /// 0 = Sunday … 6 = Saturday; weeks start on Monday unless the config says otherwise.
    public let weekStart: Int
    /// The order of the category groups: these tag keys first, as `tasks.categories`
    /// lists them, then the others by name, then No Category.
    public let categoryOrder: [String]
    /// Days from today to the last day of this week.
    private let daysToWeekEnd: Int

    public init(today: TaskDate, weekStart: Int = 1, categoryOrder: [String] = []) {
        self.today = today
        self.weekStart = weekStart
        self.categoryOrder = categoryOrder.map(TagName.key)
        // The rest of this week: up to the day before the next week starts.
        daysToWeekEnd = (weekStart - today.weekday + 6) % 7
    }

    /// The bucket of `task`'s due date.
    public func bucket(of task: NoteTask) -> Bucket { bucket(due: task.due) }

    /// The bucket of `task`'s due date.
    package func bucket(of task: TaskRecord) -> Bucket { bucket(due: task.due) }

    private func bucket(due: TaskDate?) -> Bucket {
        guard let due else { return .none }
        let days = due.dayNumber - today.dayNumber
        if days < 0 { return .overdue }
        if days == 0 { return .today }
        if days == 1 { return .tomorrow }
        return days <= daysToWeekEnd ? .thisWeek : .later
    }

    /// `tasks` in groups, in agenda order; empty groups are left out.
    public func groups(_ tasks: [NoteTask], by grouping: Grouping) -> [Group] {
        positions(tasks, by: grouping).map { Group(heading: $0.heading, tasks: $0.positions.map { tasks[$0] }) }
    }

    /// Completed tasks, most recently done first, in one group.
    public func completed(_ tasks: [NoteTask]) -> [Group] {
        completedPositions(tasks).map { Group(heading: $0.heading, tasks: $0.positions.map { tasks[$0] }) }
    }

    /// The groups of `groups(_:by:)` as positions in `tasks`.
    public func positions(_ tasks: [NoteTask], by grouping: Grouping) -> [Positions] {
        positions(of: tasks, by: grouping) { tasks[$0].path }
    }

    /// The groups of `groups(_:by:)` as positions in `tasks`, read from `notes`.
    package func positions(_ tasks: [TaskRecord], of notes: [Note], by grouping: Grouping) -> [Positions] {
        positions(of: tasks, by: grouping) { notes[tasks[$0].note].path }
    }

    /// The groups of `groups(_:by:)` as positions in `tasks`, whose notes are at `paths`.
    package func positions(_ tasks: [TaskRecord], paths: [String], by grouping: Grouping) -> [Positions] {
        positions(of: tasks, by: grouping) { paths[tasks[$0].note] }
    }

    /// The groups, `path` giving the note of the task at a position.
    private func positions<Task: AgendaTask>(of tasks: [Task], by grouping: Grouping, path: (Int) -> String) -> [Positions] {
        switch grouping {
        case .due:
            return Self.grouped(tasks, into: Bucket.allCases.map(\.rawValue)) { bucket(due: tasks[$0].due).number }
        case .priority:
            return Self.grouped(tasks, into: NoteTask.Priority.allCases.map { $0.rawValue.capitalized }) { tasks[$0].priority.code }
        case .category:
            var groups: [String: [Int]] = [:]
            for position in Self.agendaOrder(tasks) {
                let categories = tasks[position].categories
                for category in categories.isEmpty ? [""] : categories { groups[TagName.key(category), default: []].append(position) }
            }
            var rank: [String: Int] = [:]
            for (index, key) in categoryOrder.enumerated() where rank[key] == nil { rank[key] = index }
            let last = categoryOrder.count
            return groups.keys.sorted { ($0.isEmpty ? 1 : 0, rank[$0] ?? last, $0) < ($1.isEmpty ? 1 : 0, rank[$1] ?? last, $1) }.map { key in
                let positions = groups[key] ?? []
                let spelled = positions.first.flatMap { tasks[$0].categories.first { TagName.key($0) == key } } ?? key
                return Positions(heading: key.isEmpty ? "No Category" : "#" + spelled, positions: positions)
            }
        case .note:
            var order: [String] = []
            var groups: [String: [Int]] = [:]
            let paths = tasks.indices.map(path)
            for position in tasks.indices.sorted(by: { (paths[$0], tasks[$0].line) < (paths[$1], tasks[$1].line) }) {
                let path = paths[position]
                if groups[path] == nil { order.append(path) }
                groups[path, default: []].append(position)
            }
            return order.map { Positions(heading: $0, positions: groups[$0] ?? []) }
        }
    }

    /// The group of `completed(_:)` as positions in `tasks`.
    public func completedPositions(_ tasks: [NoteTask]) -> [Positions] { completedPositions(of: tasks) }

    /// The group of `completed(_:)` as positions in `tasks`.
    package func completedPositions(_ tasks: [TaskRecord]) -> [Positions] { completedPositions(of: tasks) }

    private func completedPositions<Task: AgendaTask>(of tasks: [Task]) -> [Positions] {
        let done = tasks.map { $0.done?.dayNumber ?? .min }
        let ordered = tasks.indices.sorted { a, b in done[a] != done[b] ? done[a] > done[b] : a < b }
        return ordered.isEmpty ? [] : [Positions(heading: "Done", positions: ordered)]
    }

    /// Positions in agenda order, in the groups `group` numbers (`headings` in order).
    private static func grouped<Task: AgendaTask>(_ tasks: [Task], into headings: [String], by group: (Int) -> Int) -> [Positions] {
        // Each task's group found in the tasks' order, and the groups sized from their
        // counts: appending to arrays that grew took fresh memory twice over.
        var groups = [UInt8](repeating: 0, count: tasks.count)
        var counts = [Int](repeating: 0, count: headings.count)
        for position in tasks.indices {
            let number = group(position)
            groups[position] = UInt8(truncatingIfNeeded: number)
            counts[number] += 1
        }
        var members = counts.map { count in
            var positions: [Int] = []
            positions.reserveCapacity(count)
            return positions
        }
        for position in agendaOrder(tasks) { members[Int(groups[position])].append(position) }
        return headings.indices.compactMap { number in
            members[number].isEmpty ? nil : Positions(heading: headings[number], positions: members[number])
        }
    }

    static func inAgendaOrder(_ tasks: [NoteTask]) -> [NoteTask] {
        agendaOrder(tasks).map { tasks[$0] }
    }

    /// The positions of `tasks` by priority, then due date (none last), then created, then
    /// position: each task's key packed into one integer (priority, due and created days
    /// from 1970 − 2¹⁹, and the position), so that sorting compares integers.
    private static func agendaOrder<Task: AgendaTask>(_ tasks: [Task]) -> [Int] {
        func day(_ date: TaskDate?) -> UInt64 {
            guard let date else { return (1 << 20) - 1 }
            return UInt64(min(max(date.dayNumber + (1 << 19), 0), (1 << 20) - 2))
        }
        guard tasks.count < 1 << 21 else {
            let keys = tasks.map { ($0.priority.code, day($0.due), day($0.created)) }
            return tasks.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        }
        // Signed integers, the top bit flipped so that they sort as the unsigned keys do:
        // the positions are then taken out in place, in the keys' own memory (fresh memory
        // for 450,000 tasks was a fifth of the agenda's time).
        var keys = [Int]()
        keys.reserveCapacity(tasks.count)
        for position in tasks.indices {
            let priority = UInt64(tasks[position].priority.code)
            let key = priority << 61 | day(tasks[position].due) << 41 | day(tasks[position].created) << 21 | UInt64(position)
            keys.append(Int(Int64(bitPattern: key ^ 1 << 63)))
        }
        // A comparison sort: the keys come in runs already sorted (the records are in note
        // order, a run per priority), which it takes in one pass and a radix sort does not.
        keys.sort()
        keys.withUnsafeMutableBufferPointer { keys in
            for index in keys.indices { keys[index] &= (1 << 21) - 1 }
        }
        return keys
    }
}

/// What the agenda sorts and groups a task by: a `NoteTask` and a `TaskRecord` alike.
private protocol AgendaTask {
    var line: Int { get }
    var priority: NoteTask.Priority { get }
    var due: TaskDate? { get }
    var created: TaskDate? { get }
    var done: TaskDate? { get }
    var categories: [String] { get }
}

extension NoteTask: AgendaTask {}
extension TaskRecord: AgendaTask {}
