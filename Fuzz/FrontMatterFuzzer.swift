import VaultPlatform
import Foundation

// libFuzzer target: arbitrary bytes as a note file.
//
// Reading must never crash. When the editor accepts the note and an edit, the result must
// read back without error, carry the new value, leave every other understood key as it
// was, and keep the body byte for byte.
// Compiled into the VaultKit module by `Fuzz/run`, so it reaches internal API.

private let utc = TimeZone(identifier: "UTC") ?? .current
private let someDate = Date(timeIntervalSince1970: 1_700_000_000)

private enum Edit: CaseIterable {
    case pin, unpin, sortDate, title, addTag, removeTag, removeKey

    func apply(to editor: inout FrontMatterEditor, before: NoteFields) throws(FrontMatterError) {
        switch self {
        case .pin: try editor.set(FrontMatterKey.pinned, to: .bool(true))
        case .unpin: try editor.set(FrontMatterKey.pinned, to: .bool(false))
        case .sortDate: try editor.set(FrontMatterKey.sortDate, to: .date(someDate))
        case .title: try editor.set(FrontMatterKey.title, to: .string("Fuzzed: \"title\" #1"))
        case .addTag: try editor.updateTags(removing: [], adding: ["fuzz/new"])
        case .removeTag: try editor.updateTags(removing: Array(before.tags.prefix(1)), adding: [])
        case .removeKey: try editor.remove(FrontMatterKey.pinned)
        }
    }

    /// The understood fields an edit may change.
    func expect(_ after: NoteFields, before: NoteFields) {
        var expected = before
        switch self {
        case .pin: expected.pinned = true
        case .unpin, .removeKey: expected.pinned = false
        case .sortDate: expected.sortDate = someDate
        case .title: expected.title = "Fuzzed: \"title\" #1"
        case .addTag:
            if !before.tags.contains(where: { TagName.key($0) == "fuzz/new" }) { expected.tags.append("fuzz/new") }
        case .removeTag:
            if let first = before.tags.first { expected.tags.removeAll { TagName.key($0) == TagName.key(first) } }
        }
        check(after.id == expected.id, "id changed")
        check(after.title == expected.title, "title is \(after.title ?? "nil"), expected \(expected.title ?? "nil")")
        check(after.tags.map(TagName.key) == expected.tags.map(TagName.key), "tags are \(after.tags), expected \(expected.tags)")
        check(after.pinned == expected.pinned, "pinned is \(after.pinned)")
        check(after.created == expected.created, "created changed")
        check(after.modified == expected.modified, "modified changed")
        check(after.sortDate == expected.sortDate, "sortDate is \(String(describing: after.sortDate))")
    }
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func frontMatterFuzzer(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    // The last byte picks the edit, so every note meets every edit.
    guard count > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: count - 1))
    let edit = Edit.allCases[Int(data[count - 1]) % Edit.allCases.count]

    let status = FileStatus(size: Int64(bytes.count), inode: 1, mode: 0o100644, modified: FileTime(seconds: 0, nanoseconds: 0), changed: FileTime(seconds: 0, nanoseconds: 0))
    _ = bytes.withUnsafeBytes { NoteReader.read($0, path: "Fuzz/note.md", status: status, timeZone: utc) }

    guard var editor = try? FrontMatterEditor(bytes: bytes, timeZone: utc) else { return 0 }
    let before = editor.fields
    guard before.problems.isEmpty else { return 0 }
    do {
        try edit.apply(to: &editor, before: before)
    } catch {
        return 0  // Refusing an edit, with a located error, is allowed.
    }
    let result = editor.bytes
    let reread: FrontMatterEditor
    do {
        reread = try FrontMatterEditor(bytes: result, timeZone: utc)
    } catch {
        let text = String(decoding: result.prefix(400), as: UTF8.self).debugDescription
        fatalError("edit \(edit) made the front matter unreadable: \(error.message) at \(error.line):\(error.column) in \(text)")
    }
    edit.expect(reread.fields, before: before)

    // The body, every byte after the front matter, comes out as it went in.
    let bodyStart = bytes.withUnsafeBytes { NoteReader.bodyStart(of: $0) }
    let body = bytes[(bodyStart == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : bodyStart)...]
    check(result.count >= body.count && result.suffix(body.count).elementsEqual(body), "edit \(edit) changed the body")
    return 0
}
