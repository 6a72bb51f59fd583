import Foundation

/// The properties every front end shows, by name.
extension Note {
    public var id: String? {
        get { self[NoteID.self] }
        set { self[NoteID.self] = newValue }
    }
    /// The note's tasks and the task fields that could not be read, from the cache when
    /// the note was.
    package var tasks: NoteTaskList { tasks(TaskStatusSet.all) }

    /// Calls `emit` with a record of each of the note's tasks of `statuses`, which names
    /// the note as `position`, and appends the task fields that could not be read to
    /// `problems`. False when the note's cache entry turned out to be damaged part way:
    /// what was emitted is then to be dropped, and the tasks read from `readAgain()`.
    func taskRecords(_ statuses: TaskStatusSet, position: Int, problems: inout [Diagnostic], emit: (TaskRecord) -> Void) -> Bool {
        var reader = encodedValue(of: NoteTasks.self)
        return NoteTaskList.records(from: &reader, note: position, path: path, statuses: statuses, problems: &problems, emit: emit)
    }

    /// How many tasks of `statuses` the note has, and how many in all, from its task
    /// list's counts; nil when they do not decode.
    func taskCount(_ statuses: TaskStatusSet) -> (wanted: Int, total: Int)? {
        var reader = encodedValue(of: NoteTasks.self)
        return NoteTaskList.count(from: &reader, statuses: statuses)
    }

    /// The note's tasks of `statuses`, and the task fields that could not be read.
    package func tasks(_ statuses: TaskStatusSet) -> NoteTaskList {
        var reader = encodedValue(of: NoteTasks.self)
        return NoteTaskList.decode(from: &reader, path: path, statuses: statuses) ?? readAgain().tasks(statuses)
    }
    /// The note's links, from the cache when the note was.
    public var links: [NoteLink] { self[NoteLinks.self].links }

    /// True when a link of the note may name a file called `name` (lower-cased, without
    /// `.md`); false means none does. Decodes no link.
    func mayLink(toName name: [UInt8]) -> Bool {
        var reader = encodedValue(of: NoteLinks.self)
        return NoteLinkList.mayName(name, in: &reader) ?? readAgain().mayLink(toName: name)
    }
    /// Front matter `title`, else the first non-blank body line, else the file name.
    public var title: String {
        get { self[NoteTitle.self] }
        set { self[NoteTitle.self] = newValue }
    }
    public var tags: [String] {
        get { self[NoteTags.self] }
        set { self[NoteTags.self] = newValue }
    }
    /// Front matter `private: true` (YAML 1.1 truth values): no assistant sees the note.
    /// Read from the keys kept for property searches, as `[private:true]` finds it.
    public var isPrivate: Bool {
        NoteOtherKeys.values(of: FrontMatterKey.private, in: self[NoteOtherKeys.self])?.first.flatMap { YAMLBool.value(of: String($0)) } ?? false
    }
    public var pinned: Bool {
        get { self[NotePinned.self] }
        set { self[NotePinned.self] = newValue }
    }
    public var created: Date {
        get { self[NoteCreated.self] }
        set { self[NoteCreated.self] = newValue }
    }
    public var modified: Date {
        get { self[NoteModified.self] }
        set { self[NoteModified.self] = newValue }
    }
    /// The date the note is filed under in month-grouped lists.
    public var sortDate: Date {
        get { self[NoteSortDate.self] }
        set { self[NoteSortDate.self] = newValue }
    }
    /// Up to two lines of body text after the title, Markdown markers removed.
    public var snippet: String {
        get { self[NoteSnippet.self] }
        set { self[NoteSnippet.self] = newValue }
    }
    /// Why the front matter could not be read; such a note is never rewritten.
    public var frontMatterError: FrontMatterError? {
        get { self[NoteReadError.self] }
        set { self[NoteReadError.self] = newValue }
    }
    /// Values in the front matter that could not be understood.
    public var problems: [FrontMatterError] {
        get { self[NoteProblems.self] }
        set { self[NoteProblems.self] = newValue }
    }
    /// True when the file has a front-matter block.
    public var hasFrontMatter: Bool {
        get { self[NoteHasFrontMatter.self] }
        set { self[NoteHasFrontMatter.self] = newValue }
    }
}
