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
        ParallelChunks.run(count: notes.count) { range in
            var out: [UInt8] = []
            for index in range { append(notes[index], to: &out) }
            return out
        } emit: { terminal.write($0) }
    }

    func print(_ groups: [MonthGrouping.Group]) {
        // One list of lines to format: each group's heading, then its notes.
        let items = groups.enumerated().flatMap { number, group in
            [Item.heading(group.heading, first: number == 0)] + group.notes.map(Item.note)
        }
        ParallelChunks.run(count: items.count) { range in
            var out: [UInt8] = []
            for index in range {
                switch items[index] {
                case .heading(let heading, let first): out += ((first ? "" : "\n") + terminal.bold(heading) + "\n").utf8
                case .note(let note): append(note, to: &out)
                }
            }
            return out
        } emit: { terminal.write($0) }
    }

    private enum Item {
        case heading(String, first: Bool)
        case note(Note)
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
    func printJSON(_ groups: [MonthGrouping.Group]) {
        let timeZone = timeZone
        var json = JSONWriter()
        json.beginArray()
        for group in groups {
            for note in group.notes {
                NoteJSON.write(note, to: &json, timeZone: timeZone) { json in json.key("group"); json.string(group.heading) }
            }
        }
        json.endArray()
        terminal.line(json.output)
    }

    private static let unsorted = Array("Unsorted".utf8)

    /// A note's line (and its snippet's), written as bytes from the note's own: a list of
    /// 100,000 notes spent most of its time making and joining little strings.
    private func append(_ note: Note, to out: inout [UInt8]) {
        let colored = terminal.colored
        func add(_ text: String) {
            var text = text
            text.withUTF8 { out.append(contentsOf: $0) }
        }
        /// Text of the note, escaped, in the SGR `code` on a terminal.
        func add(_ bytes: UnsafeRawBufferPointer, code: String?, prefix: String = "") {
            let code = colored ? code : nil
            if let code { add("\u{1B}[\(code)m") }
            add(prefix)
            TerminalText.appendEscaped(bytes, to: &out)
            if code != nil { add("\u{1B}[0m") }
        }
        let separator = terminal.dim(" · ")
        add(note.pinned ? "★ " : "  ")
        note.withTitleBytes { add($0, code: Terminal.boldCode) }
        add("  ")
        add(terminal.dim("·"))
        add(" ")
        add(RelativeDate.format(showsSortDate ? note.sortDate : note.modified, today: today, timeZone: timeZone, style: config.listDateFormat))
        add(separator)
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
            add(first ? separator : " ")
            first = false
            add(tag, code: colored ? Terminal.code(of: config.color(ofTag: String(decoding: tag, as: UTF8.self))) : nil, prefix: "#")
        }
        if note.frontMatterError != nil {
            add(separator)
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
