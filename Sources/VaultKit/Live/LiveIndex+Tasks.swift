extension LiveIndex.Snapshot {
    /// The tasks of every note, in list order, as `session.tasks(of:)` finds them: read
    /// chunk by chunk of `sorted`, in place, where an array of a million notes was made
    /// for each request.
    package func tasks(in session: VaultSession) -> [NoteTask] {
        var tasks: [NoteTask] = []
        sorted.forEachChunk { _, notes in tasks += session.tasks(of: notes).tasks }
        return tasks
    }

    /// The tasks `query` selects, as `session.tasks(matching:in:statuses:)` finds them
    /// among `sorted`, read chunk by chunk: each note's tasks are decided by that note
    /// alone, so the chunks' tasks one after the other are the list's.
    package func tasks(matching query: Query?, statuses: Set<NoteTask.Status>, in session: VaultSession) -> [NoteTask] {
        // Every note, as an array, only for a query about links (made once a snapshot).
        let context = session.queryContext.linked(for: query) { scan.notes }
        let include = query.map { query -> @Sendable (NoteTask, Note) -> Bool in
            let evaluator = query.evaluator(context: context)
            return { task, note in evaluator.matches(task, of: note) }
        }
        let chosen = query?.choosesTaskStatus == true ? TaskStatusSet.all : TaskStatusSet(statuses)
        var tasks: [NoteTask] = []
        sorted.forEachChunk { _, notes in tasks += session.tasks(of: notes, statuses: chosen, where: include).tasks }
        return tasks
    }
}
