import Foundation
import VaultKit
import VaultPlatform

/// Prints notes for people: title, date, folder and tags on one line, the snippet under it.
struct NoteListPrinter {
    let terminal: Terminal
    let config: VaultConfig
    let showSnippet: Bool
    /// The date each line shows: `modified`, or the sort date when the list is grouped by
    /// it (a note filed under May shows a May date).
    var showsSortDate = false
    var now = Date() {
        didSet { today = NoteDate.localFields(now, timeZone: timeZone) }
    }
    var timeZone = TimeZone.current
    /// Today's calendar fields, worked out once rather than per note.
    private var today: LocalFields

    init(terminal: Terminal, config: VaultConfig, showSnippet: Bool, now: Date = Date()) {
        self.terminal = terminal
        self.config = config
        self.showSnippet = showSnippet
        self.now = now
        self.today = NoteDate.localFields(now, timeZone: .current)
    }

    func print(_ notes: [Note]) {
        let line = LineParts(terminal: terminal)
        ParallelChunks.run(count: notes.count) { range in
            var out = ByteOutput()
            for index in range { append(notes[index], line, to: &out) }
            return out.bytes
        } emit: { terminal.write($0) }
    }

    /// Each group's heading, then its notes' lines.
    ///
    /// The lines are made in the order the notes were read, on all cores, and then written
    /// in the grouping's: made in date order, each line waited for its note's memory (its
    /// cache entry and path lie in reading order), a third of the printing time.
    func print(_ grouping: MonthGrouping) {
        let line = LineParts(terminal: terminal)
        let source = grouping.source
        let chunk = 4096
        let made = ParallelChunks.map(count: source.count, chunk: chunk) { range in
            var out = ByteOutput()
            var ends: [Int] = []
            ends.reserveCapacity(range.count)
            for index in range {
                append(source[index], line, to: &out)
                ends.append(out.count)
            }
            return (bytes: out.bytes, ends: ends)
        }
        // All lines in one run of bytes, and where each ends: copying a line out is then a
        // copy, with no array of a chunk retained and released per line.
        var lines = ByteOutput(capacity: made.reduce(0) { $0 + $1.bytes.count })
        var ends: [Int] = []
        ends.reserveCapacity(source.count)
        for (bytes, chunkEnds) in made {
            let base = lines.count
            lines.append(bytes)
            ends += chunkEnds.lazy.map { base + $0 }
        }
        var out = ByteOutput(capacity: 1 << 20)
        lines.withBytes { lines in
            ends.withUnsafeBufferPointer { ends in
                for (number, group) in grouping.groups.enumerated() {
                    out.append((number == 0 ? "" : "\n") + terminal.bold(group.heading) + "\n")
                    for position in group.range {
                        let index = grouping.order[position]
                        out.append(UnsafeRawBufferPointer(rebasing: lines[(index == 0 ? 0 : ends[index - 1])..<ends[index]]))
                        if out.count >= 1 << 20 { terminal.write(&out) }
                    }
                }
            }
        }
        terminal.write(&out)
    }

    func printJSON(_ notes: [Note]) {
        let timeZone = timeZone
        terminal.write("[")
        ParallelChunks.run(count: notes.count) { range in
            var json = JSONWriter(continuingArray: range.lowerBound > 0)
            for index in range { NoteJSON.write(notes[index], to: &json, timeZone: timeZone) }
            return json.flush()
        } emit: { terminal.write($0) }
        terminal.write("]\n")
    }

    /// Month-grouped notes as JSON: each note with its `group` heading, as the web app's
    /// `group=month` lists them.
    func printJSON(_ grouping: MonthGrouping) {
        let timeZone = timeZone
        var json = JSONWriter()
        json.beginArray()
        for group in grouping.groups {
            for note in grouping.notes[group.range] {
                NoteJSON.write(note, to: &json, timeZone: timeZone) { json in json.key("group"); json.string(group.heading) }
            }
        }
        json.endArray()
        terminal.line(json.output)
    }

    private static let unsorted = Array("Unsorted".utf8)

    /// What every line has, styled for the terminal once per list rather than per note.
    private struct LineParts: Sendable {
        let pinned: [UInt8], unpinned: [UInt8], afterTitle: [UInt8], separator: [UInt8], tagSeparator: [UInt8]

        init(terminal: Terminal) {
            pinned = Array("★ ".utf8)
            unpinned = Array("  ".utf8)
            afterTitle = Array(("  " + terminal.dim("·") + " ").utf8)
            separator = Array(terminal.dim(" · ").utf8)
            tagSeparator = [UInt8(ascii: " ")]
        }
    }

    /// A note's line (and its snippet's), written as bytes from the note's own: a list of
    /// 100,000 notes spent most of its time making and joining little strings.
    private func append(_ note: Note, _ line: LineParts, to out: inout ByteOutput) {
        let colored = terminal.colored
        func add(_ text: String) { out.append(text) }
        /// Text of the note, escaped, in the SGR `code` on a terminal.
        func add(_ bytes: UnsafeRawBufferPointer, code: String?, prefix: UInt8? = nil) {
            let code = colored ? code : nil
            if let code { add("\u{1B}[\(code)m") }
            if let prefix { out.append(prefix) }
            TerminalText.appendEscaped(bytes, to: &out)
            if code != nil { add("\u{1B}[0m") }
        }
        out.append(note.pinned ? line.pinned : line.unpinned)
        note.withTitleBytes { add($0, code: Terminal.boldCode) }
        out.append(line.afterTitle)
        RelativeDate.append(showsSortDate ? note.sortDate : note.modified, today: today, timeZone: timeZone, style: config.listDateFormat, to: &out)
        out.append(line.separator)
        // Colours are looked up only for a terminal: a lookup folds case per note.
        let folderCode = colored ? Terminal.code(of: config.color(ofFolder: note.topFolder)) : nil
        var path = note.path
        path.withUTF8 { path in
            let folder = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(path)[..<(path.lastIndex(of: UInt8(ascii: "/")) ?? 0)])
            if folder.isEmpty { return Self.unsorted.withUnsafeBytes { add($0, code: folderCode) } }
            add(folder, code: folderCode)
        }
        var first = true
        note.forEachTag { tag in
            out.append(first ? line.separator : line.tagSeparator)
            first = false
            add(tag, code: colored ? Terminal.code(of: config.color(ofTag: String(decoding: tag, as: UTF8.self))) : nil, prefix: UInt8(ascii: "#"))
        }
        if note.frontMatterError != nil {
            out.append(line.separator)
            add("(front matter does not parse)")
        }
        out.append(0x0A)
        if showSnippet {
            add("    ")
            add(terminal.dim(note.snippet.isEmpty ? "No additional text" : TerminalText.escaped(note.snippet)))
            out.append(0x0A)
        }
    }
}
