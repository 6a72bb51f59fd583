/// A task `vault task add` writes.
public struct TaskDraft: Sendable {
    public var text: String
    public var due: TaskDate?
    public var scheduled: TaskDate?
    public var priority: NoteTask.Priority = .normal
    public var categories: [String] = []
    public var recurrence: String?

    public init(text: String) {
        self.text = text
    }

    /// The line, in the plugin's order: words and categories, priority, recurrence,
    /// created, scheduled, due.
    func line(created: TaskDate) -> String {
        var parts = ["- [ ]", text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingSpaces()]
        parts += categories.filter { category in !text.split(separator: " ").contains { $0 == "#" + category } }.map { "#" + $0 }
        if let sign = priority.sign { parts.append(sign) }
        if let recurrence { parts.append("🔁 " + recurrence) }
        parts.append("➕ \(created)")
        if let scheduled { parts.append("⏳ \(scheduled)") }
        if let due { parts.append("📅 \(due)") }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
