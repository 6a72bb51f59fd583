/// A task in a note: a Markdown checkbox list item, in the format of Obsidian's Tasks
/// plugin (docs/tasks.md), so that a vault opened in Obsidian and in `vault` agrees on it.
public struct NoteTask: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        case todo, doing, done, cancelled

        /// The character between the brackets: ` ` `/` `x` `-`; other characters are
        /// to-dos, as the plugin reads them by default.
        init(checkbox: Character) {
            switch checkbox {
            case "/": self = .doing
            case "x", "X": self = .done
            case "-": self = .cancelled
            default: self = .todo
            }
        }

        /// Open tasks are the agenda: to do and doing.
        public var isOpen: Bool { self == .todo || self == .doing }
    }

    /// Highest first; `normal` is a task without a priority sign.
    public enum Priority: String, Sendable, CaseIterable, Comparable {
        case highest, high, medium, normal, low, lowest

        /// 🔺 ⏫ 🔼 🔽 ⏬, the plugin's signs (none for normal).
        public var sign: String? {
            switch self {
            case .highest: return "🔺"
            case .high: return "⏫"
            case .medium: return "🔼"
            case .normal: return nil
            case .low: return "🔽"
            case .lowest: return "⏬"
            }
        }

        public static func < (a: Priority, b: Priority) -> Bool {
            a.code < b.code
        }
    }

    /// The note's vault-relative path.
    public var path: String
    /// 1-based line of the task in the note's file.
    public var line: Int
    /// The whole line as written, which a REF is made from (empty for a task kept in the
    /// cache: its REF is kept instead).
    public var source: String
    /// The description: the text after the checkbox, without the fields.
    public var text: String
    public var status: Status
    public var priority: Priority = .normal
    public var due: TaskDate?
    public var scheduled: TaskDate?
    public var start: TaskDate?
    public var created: TaskDate?
    public var done: TaskDate?
    public var cancelled: TaskDate?
    /// `every week`, `every month on the 1st`, … as written.
    public var recurrence: String?
    /// The `#tags` written on the line, without `#`.
    public var categories: [String] = []
    /// The lines indented under it that are not tasks: its notes.
    public var notes: [String] = []
    /// The line of the task it is a subtask of.
    public var parentLine: Int?
    /// How many lines above it in the note read exactly like it: two identical lines
    /// have different REFs (see `refHash(path:source:occurrence:among:)`).
    public var occurrence = 0

    /// A short name for the task, made from its note and its line as written: valid until
    /// that line changes, and never the name of another line.
    public var ref: String { String(fullRef.prefix(7)) }

    /// The whole hash a REF is the start of: a longer start tells apart two REFs that
    /// begin alike.
    public var fullRef: String {
        let hex = String(refHash, radix: 16)
        return String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    /// The hash of the note's path, the line as written and `occurrence` (FNV-1a), set when
    /// the task is read, so that tasks kept in the cache need not keep their whole line.
    public internal(set) var refHash: UInt64 = 0

    /// For a line that `among` lines of the note (more than one) read exactly like, the
    /// hash also takes its place among them and their number.
    static func refHash(path: String, source: String, occurrence: Int = 0, among: Int = 1) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash = (hash ^ 0) &* 0x100_0000_01b3
        for byte in source.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        if among > 1 {
            hash = (hash ^ UInt64(occurrence + 1)) &* 0x100_0000_01b3
            hash = (hash ^ UInt64(among)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// The dates a task can carry, each with its sign.
    public enum DateField: String, Sendable, CaseIterable {
        case due, scheduled, start, created, done, cancelled

        /// 📅 ⏳ 🛫 ➕ ✅ ❌.
        var sign: Unicode.Scalar {
            switch self {
            case .due: return "\u{1F4C5}"
            case .scheduled: return "\u{23F3}"
            case .start: return "\u{1F6EB}"
            case .created: return "\u{2795}"
            case .done: return "\u{2705}"
            case .cancelled: return "\u{274C}"
            }
        }

        /// Dataview's name for it (`[completion:: …]` is the done date).
        var dataviewKey: String { self == .done ? "completion" : rawValue }
    }

    public subscript(field: DateField) -> TaskDate? {
        get {
            switch field {
            case .due: return due
            case .scheduled: return scheduled
            case .start: return start
            case .created: return created
            case .done: return done
            case .cancelled: return cancelled
            }
        }
        set {
            switch field {
            case .due: due = newValue
            case .scheduled: scheduled = newValue
            case .start: start = newValue
            case .created: created = newValue
            case .done: done = newValue
            case .cancelled: cancelled = newValue
            }
        }
    }
}
