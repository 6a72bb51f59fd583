import Foundation

/// One commit of a `git log` or `git show` printed with `GitLogRecord.format`: its id,
/// author date and author, and the lines git printed after them (a patch, names).
///
/// Records are split where a line starts with NUL: git prints the format there, and no
/// line of a patch can start with one (each starts with `+`, `-`, a space or a word of
/// git's). A note's text or an author's name holding U+001E, a line break or anything
/// else therefore forges no record, and a record whose commit is not a full commit id
/// (40 or 64 hex digits) is dropped.
struct GitLogRecord: Sendable {
    var commit: String
    var date: Date
    var author: String
    /// What git printed after the header, line by line.
    var lines: ArraySlice<Substring>

    /// The `--format` that prints each commit's header: NUL, the id, NUL, the author's date
    /// (strict ISO 8601), NUL, the author's name; the name comes last, so that whatever it
    /// holds ends with its line.
    static let format = "--format=%x00%H%x00%aI%x00%an"

    /// The records of `output`, in git's order.
    static func records(in output: Data) -> [GitLogRecord] {
        let bytes = [UInt8](output)
        // Where each record starts: a NUL at the start of the output or of a line.
        var starts: [Int] = []
        for index in bytes.indices where bytes[index] == 0 && (index == 0 || bytes[index - 1] == 0x0A) {
            starts.append(index)
        }
        var records: [GitLogRecord] = []
        for (number, start) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1] : bytes.count
            let text = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard let header = lines.first else { continue }
            let fields = header.split(separator: "\0", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, GitRevision.isCommit(String(fields[0])),
                  let date = NoteDate.parse(String(fields[1]), timeZone: .current) else { continue }
            records.append(GitLogRecord(commit: String(fields[0]), date: date, author: String(fields[2]), lines: lines.dropFirst()))
        }
        return records
    }
}
