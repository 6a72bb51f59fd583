/// One change to a task, as `vault task` and the web app ask for it.
public enum TaskChange: Sendable, Equatable {
    /// `done` adds `✅ today` and `cancelled` adds `❌ today`; to do and doing take both
    /// dates away again. Completing a recurring task adds its next occurrence above it.
    case status(NoteTask.Status)
    /// Sets a date, or with nil removes it.
    case date(NoteTask.DateField, TaskDate?)
    case priority(NoteTask.Priority)
    case addCategory(String)
    case removeCategory(String)
    /// The words of the task; its fields and categories stay.
    case text(String)
    /// Removes the task with its notes and subtasks.
    case remove
}
