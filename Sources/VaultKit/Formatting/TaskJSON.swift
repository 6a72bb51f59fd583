/// A task as JSON, with exactly the fields docs/tasks.md names: `ref`, `note`, `line`, `text`,
/// `status`, `priority`, `due`, `scheduled`, `start`, `created`, `done`, `cancelled`,
/// `recurrence`, `categories`, `bucket` (dates as `YYYY-MM-DD`, null when absent).
public enum TaskJSON {
    public static func write(_ task: NoteTask, bucket: TaskAgenda.Bucket, to json: inout JSONWriter) {
        json.beginObject()
        json.key("ref"); json.string(task.ref)
        json.key("note"); json.string(task.path)
        json.key("line"); json.number(task.line)
        json.key("text"); json.string(task.text)
        json.key("status"); json.string(task.status.rawValue)
        json.key("priority"); json.string(task.priority.rawValue)
        for field in NoteTask.DateField.allCases {
            json.key(field.rawValue); json.string(task[field]?.description)
        }
        json.key("recurrence"); json.string(task.recurrence)
        json.key("categories"); json.strings(task.categories)
        json.key("bucket"); json.string(bucket.rawValue)
        json.endObject()
    }

    /// Writes the task `record` holds (its note at `path`) as `write(NoteTask(record, path:), …)`
    /// does, byte for byte, from the record's bytes: no string or array is made per task,
    /// which was most of the time of `vault tasks --format json`.
    package static func write(_ record: TaskRecord, path: String, bucket: TaskAgenda.Bucket, to json: inout JSONWriter) {
        let fields = record.decoded
        let words = record.words
        json.beginObject()
        json.key("ref"); json.hex(fields.refHash, digits: 7)
        json.key("note"); json.string(path)
        json.key("line"); json.number(fields.line)
        json.key("text"); json.string(utf8: words.text)
        json.key("status"); json.string(record.status.rawValue)
        json.key("priority"); json.string(record.priority.rawValue)
        for field in NoteTask.DateField.allCases {
            json.key(field.rawValue); json.date(fields[field])
        }
        json.key("recurrence")
        if let recurrence = words.recurrence { json.string(utf8: recurrence) } else { json.null() }
        json.key("categories"); json.beginArray()
        for category in words.categories { json.string(utf8: category) }
        json.endArray()
        json.key("bucket"); json.string(bucket.rawValue)
        json.endObject()
    }
}
