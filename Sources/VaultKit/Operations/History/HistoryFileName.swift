import Foundation

/// The names of `.vault/history/` files: the time to the microsecond first, so that
/// sorting the names puts the operations in the order they ran (a rename may follow a
/// merge within a second), then the kind and the id for a person reading the folder.
enum HistoryFileName {
    static func make(time: Date, kind: String, id: String) -> String {
        let fields = NoteDate.localFields(time, timeZone: TimeZone(identifier: "UTC") ?? .current)
        func pad(_ value: Int, _ width: Int = 2) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let micros = Int((time.timeIntervalSince1970 - time.timeIntervalSince1970.rounded(.down)) * 1_000_000)
        return "\(fields.year)\(pad(fields.month))\(pad(fields.day))T\(pad(fields.hour))\(pad(fields.minute))\(pad(fields.second)).\(pad(micros, 6))Z-\(kind)-\(id).yaml"
    }
}
