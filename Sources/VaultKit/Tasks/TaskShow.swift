/// Which tasks an agenda shows, by the names every front end offers: `open` (to do and
/// doing, the default), `doing`, `done`, `all`.
public enum TaskShow: String, Sendable, CaseIterable {
    case open, doing, done, all

    /// The statuses of the tasks shown.
    public var statuses: Set<NoteTask.Status> {
        switch self {
        case .open: [.todo, .doing]
        case .doing: [.doing]
        case .done: [.done]
        case .all: Set(NoteTask.Status.allCases)
        }
    }

    /// `--done` or `--all` of a command line (neither is `open`).
    public init(done: Bool, all: Bool) {
        self = all ? .all : done ? .done : .open
    }
}
