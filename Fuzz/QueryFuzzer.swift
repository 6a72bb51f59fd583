import VaultPlatform
import Foundation

// libFuzzer target: arbitrary bytes as a query string.
//
// Parsing must give a query or an error located inside the query, never a crash; a parsed
// query's printed form must parse again to the same form (what `--explain` shows is what
// runs); and evaluating it on a note must not crash. Compiled into the VaultKit module by
// `Fuzz/run`.

private let now = Date(timeIntervalSince1970: 1_700_000_000)
private let context = QueryContext(now: now, timeZone: TimeZone(identifier: "UTC") ?? .current)

private let noteText = Array("---\ntags: [work/x, home]\npinned: true\ncreated: 2023-05-01\n---\n# A note\nSome text with work and café.\n".utf8)
private let note = noteText.withUnsafeBytes {
    NoteReader.read($0, path: "Work/a.md", status: FileStatus(size: Int64($0.count), inode: 1, mode: 0o100644, modified: FileTime(seconds: 1_700_000_000, nanoseconds: 0), changed: FileTime(seconds: 1_700_000_000, nanoseconds: 0)), timeZone: context.timeZone)
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func queryFuzzer(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    let query: Query
    do {
        query = try Query.parse(text)
    } catch {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        check(error.line >= 1 && error.line <= lines.count, "error line \(error.line) outside the query")
        let width = lines[error.line - 1].count
        check(error.column >= 1 && error.column <= width + 1, "error column \(error.column) outside line of \(width)")
        _ = error.rendered
        return 0
    }
    let printed = query.description
    // Quoting a term that starts with a combining mark fuses the mark with the quote into
    // one character, so the round trip is checked where every printed character is one
    // scalar.
    if !printed.contains(where: { $0.unicodeScalars.count > 1 && $0 != "\r\n" }) {
        do {
            let again = try Query.parse(printed)
            check(again.description == printed, "'\(printed)' prints as '\(again.description)'")
        } catch where error.message.hasPrefix("the query nests too deeply") {
            // The printed form puts every AND and OR in parentheses, so a query near the
            // nesting limit can print past it.
        } catch {
            fatalError("'\(text.debugDescription)' printed as '\(printed.debugDescription)', which does not parse: \(error)")
        }
    }
    _ = noteText.withUnsafeBytes { query.matches(note, text: $0, context: context) }
    return 0
}
