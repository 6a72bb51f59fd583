import VaultPlatform

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

/// Writes tasks from their cached records as JSON objects, each byte for byte what
/// `TaskJSON.write(NoteTask(record, path:), …)` writes, into one growing buffer: the
/// record's fields are known, so each object is written straight out, with no comma stack,
/// no string or array made per task, and dates taken from a table of the days seen
/// (`vault tasks --format json` writes 450,000 of them, a hundred megabytes).
package struct TaskRecordJSON: ~Copyable {
    /// The JSON written so far.
    package var out: ByteOutput
    /// The last days written, by their number's low bits, and each one's `"YYYY-MM-DD"`.
    private var days = [Int32](repeating: .min, count: 256)
    private var dayText = [(UInt64, UInt32)](repeating: (0, 0), count: 256)

    package init(capacity: Int = 1 << 20) {
        out = ByteOutput(capacity: capacity)
    }

    /// Writes the task `record` holds, whose note's path is `note` (already a JSON string,
    /// quotes and all), in the agenda's `bucket`.
    package mutating func append(_ record: TaskRecord, note: UnsafeRawBufferPointer, bucket: TaskAgenda.Bucket) {
        let fields = record.decoded
        let words = record.words
        out.append(#"{"ref":""#)
        out.append(hexDigitsOf: fields.refHash, count: 7)
        out.append(#"","note":"#)
        out.append(note)
        out.append(#","line":"#)
        out.append(decimal: fields.line)
        out.append(#","text":"#)
        JSONBytes.appendString(validUTF8: words.text, to: &out)
        out.append(Self.status(record.status))
        out.append(Self.priority(record.priority))
        for field in NoteTask.DateField.allCases {
            out.append(Self.key(field))
            if let date = fields[field] { appendDate(date) } else { out.append("null") }
        }
        out.append(#","recurrence":"#)
        if let recurrence = words.recurrence { JSONBytes.appendString(validUTF8: recurrence, to: &out) } else { out.append("null") }
        out.append(#","categories":["#)
        var first = true
        for category in words.categories {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            JSONBytes.appendString(validUTF8: category, to: &out)
        }
        out.append(#"],"bucket":""#)
        out.append(Self.bucket(bucket))
        out.append(#""}"#)
    }

    /// `"YYYY-MM-DD"`: tasks share few dates, so each is worked out once per table slot.
    private mutating func appendDate(_ date: TaskDate) {
        let day = Int32(clamping: date.dayNumber)
        let slot = Int(UInt8(truncatingIfNeeded: day))
        if days[slot] != day {
            var text: (UInt64, UInt32) = (0, 0)
            let fits = date.withDescription { digits in
                withUnsafeMutableBytes(of: &text) { text in
                    guard digits.count == 10, let source = digits.baseAddress, let target = text.baseAddress else { return false }
                    text[0] = UInt8(ascii: "\"")
                    (target + 1).copyMemory(from: source, byteCount: 10)
                    text[11] = UInt8(ascii: "\"")
                    return true
                }
            }
            guard fits else {
                // A year past 9999: as the writer spells it, not kept.
                out.append(UInt8(ascii: "\""))
                date.withDescription { out.append($0) }
                return out.append(UInt8(ascii: "\""))
            }
            days[slot] = day
            dayText[slot] = text
        }
        withUnsafeBytes(of: dayText[slot]) { out.append(UnsafeRawBufferPointer(rebasing: $0[..<12])) }
    }

    private static func key(_ field: NoteTask.DateField) -> StaticString {
        switch field {
        case .due: return #","due":"#
        case .scheduled: return #","scheduled":"#
        case .start: return #","start":"#
        case .created: return #","created":"#
        case .done: return #","done":"#
        case .cancelled: return #","cancelled":"#
        }
    }

    private static func status(_ status: NoteTask.Status) -> StaticString {
        switch status {
        case .todo: return #","status":"todo""#
        case .doing: return #","status":"doing""#
        case .done: return #","status":"done""#
        case .cancelled: return #","status":"cancelled""#
        }
    }

    private static func priority(_ priority: NoteTask.Priority) -> StaticString {
        switch priority {
        case .highest: return #","priority":"highest""#
        case .high: return #","priority":"high""#
        case .medium: return #","priority":"medium""#
        case .normal: return #","priority":"normal""#
        case .low: return #","priority":"low""#
        case .lowest: return #","priority":"lowest""#
        }
    }

    private static func bucket(_ bucket: TaskAgenda.Bucket) -> StaticString {
        switch bucket {
        case .overdue: return "Overdue"
        case .today: return "Today"
        case .tomorrow: return "Tomorrow"
        case .thisWeek: return "This Week"
        case .later: return "Later"
        case .none: return "No Due Date"
        }
    }
}
