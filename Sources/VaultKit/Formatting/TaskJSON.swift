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
}
