extension NoteTask.Status {
    /// The number the cache stores for the status: fixed, whatever the order of the cases.
    /// (A switch: `allCases.firstIndex(of:)` makes the array on every call, and these are
    /// asked for once per task of the vault.)
    var code: Int {
        switch self {
        case .todo: return 0
        case .doing: return 1
        case .done: return 2
        case .cancelled: return 3
        }
    }

    /// The status the cache stores as `code`; nil for any other number.
    init?(code: Int) {
        switch code {
        case 0: self = .todo
        case 1: self = .doing
        case 2: self = .done
        case 3: self = .cancelled
        default: return nil
        }
    }
}

extension NoteTask.Priority {
    /// The number the cache stores for the priority, and the order priorities sort in:
    /// highest first (0) to lowest (5).
    public var code: Int {
        switch self {
        case .highest: return 0
        case .high: return 1
        case .medium: return 2
        case .normal: return 3
        case .low: return 4
        case .lowest: return 5
        }
    }

    init?(code: Int) {
        switch code {
        case 0: self = .highest
        case 1: self = .high
        case 2: self = .medium
        case 3: self = .normal
        case 4: self = .low
        case 5: self = .lowest
        default: return nil
        }
    }
}

extension NoteTask.DateField {
    /// The field's slot: its bit in the cache's mask of the dates a task has, and its place
    /// among a record's six days.
    var code: Int {
        switch self {
        case .due: return 0
        case .scheduled: return 1
        case .start: return 2
        case .created: return 3
        case .done: return 4
        case .cancelled: return 5
        }
    }

    static let count = 6
}
