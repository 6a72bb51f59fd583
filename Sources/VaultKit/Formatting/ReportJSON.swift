/// The JSON of what commands report rather than of notes: the checks of `vault check`,
/// the tag history, and what a write changed. The command line and the web app write
/// the same objects.
public enum ReportJSON {
    /// `{"checked": N, "problems": [{"path", "line", "column", "severity", "message"}]}`.
    public static func write(_ diagnostics: [Diagnostic], checked: Int, to json: inout JSONWriter) {
        json.beginObject()
        json.key("checked"); json.number(checked)
        json.key("problems"); json.beginArray()
        for diagnostic in diagnostics { write(diagnostic, to: &json) }
        json.endArray()
        json.endObject()
    }

    public static func write(_ diagnostic: Diagnostic, to json: inout JSONWriter) {
        json.beginObject()
        json.key("path"); json.string(diagnostic.path)
        json.key("line"); if let line = diagnostic.line { json.number(line) } else { json.null() }
        json.key("column"); if let column = diagnostic.column { json.number(column) } else { json.null() }
        json.key("severity"); json.string(diagnostic.severity.rawValue)
        json.key("message"); json.string(diagnostic.message)
        json.endObject()
    }

    /// The recorded tag operations, oldest first.
    public static func write(_ records: [TagHistoryRecord], to json: inout JSONWriter) {
        json.objects(records) { json, record in
            json.key("id"); json.string(record.id)
            json.key("kind"); json.string(record.kind.rawValue)
            json.key("time"); json.string(NoteDate.format(record.time))
            json.key("sources"); json.strings(record.sources)
            json.key("target"); json.string(record.target)
            // A split gives back several tags, which its record keeps as one string.
            json.key("targets"); json.strings(record.kind == .split ? record.target.components(separatedBy: ", ") : [record.target])
            json.key("undoes"); json.string(record.undoes)
            json.key("notes"); json.number(record.notes.count)
            json.key("interrupted"); json.bool(record.state != .done)
        }
    }

    /// What a write did: `{"changed": [paths], "failed": [messages], …}`; `fields` adds
    /// the command's own keys (`recordID`, `moved`).
    public static func write(changed: [String], failed: [VaultError], to json: inout JSONWriter, fields: (inout JSONWriter) -> Void = { _ in }) {
        json.beginObject()
        json.key("changed"); json.strings(changed)
        json.key("count"); json.number(changed.count)
        json.key("failed"); json.strings(failed.map { $0.errorDescription ?? "\($0)" })
        fields(&json)
        json.endObject()
    }

    /// An undo's report: the paths it changed, each step it took, what it left alone.
    public static func write(_ report: UndoOperation.Report, to json: inout JSONWriter) {
        let undid = report.undid
        switch report.outcome {
        case .tags(let outcome):
            write(changed: outcome.changed, failed: outcome.failed, to: &json) { json in
                json.key("recordID"); json.string(outcome.recordID)
                json.key("undid"); json.string(report.undid)
            }
        case .files(let report):
            write(changed: report.changed, failed: report.leftAlone, to: &json) { json in
                json.key("recordID"); json.string(report.recordID)
                json.key("undid"); json.string(undid)
                json.key("refused"); json.bool(report.refused)
                json.key("steps"); json.beginArray()
                for step in report.steps { write(step, to: &json) }
                json.endArray()
            }
        }
    }

    /// One step of a recorded operation: `{"kind": "move", "from", "to"}` and so on.
    public static func write(_ step: OperationRecord.Step, to json: inout JSONWriter) {
        json.beginObject()
        switch step {
        case .edit(let path, _, _, _):
            json.key("kind"); json.string("edit")
            json.key("path"); json.string(path)
        case .move(let from, let to):
            json.key("kind"); json.string("move")
            json.key("from"); json.string(from)
            json.key("to"); json.string(to)
        case .trash(let path, let name, _):
            json.key("kind"); json.string("trash")
            json.key("path"); json.string(path)
            json.key("name"); json.string(name)
        case .restore(let name, let path, _):
            json.key("kind"); json.string("restore")
            json.key("name"); json.string(name)
            json.key("path"); json.string(path)
        case .create(let path, let hash), .remove(let path, let hash):
            json.key("kind"); json.string((step.isCreate ? "create" : "remove") + (hash == nil ? "-folder" : ""))
            json.key("path"); json.string(path)
        }
        json.endObject()
    }

    /// A tag operation's report.
    public static func write(_ report: TagOperations.Report, to json: inout JSONWriter) {
        write(changed: report.changed, failed: report.failed, to: &json) { json in
            json.key("recordID"); json.string(report.recordID)
        }
    }
}
