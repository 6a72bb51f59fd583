import Foundation
import VaultKit

/// Prints notes for people: title, date, folder and tags on one line, the snippet under it.
struct NoteListPrinter {
    let terminal: Terminal
    let config: VaultConfig
    let showSnippet: Bool
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
        var out = ""
        for note in notes {
            append(note, to: &out)
            flushIfLarge(&out)
        }
        terminal.write(out)
    }

    func print(_ groups: [MonthGrouping.Group]) {
        var out = ""
        for (number, group) in groups.enumerated() {
            if number > 0 { out += "\n" }
            out += terminal.bold(group.heading) + "\n"
            for note in group.notes {
                append(note, to: &out)
                flushIfLarge(&out)
            }
        }
        terminal.write(out)
    }

    /// Writes what has accumulated once it is large, so a long listing streams.
    private func flushIfLarge(_ out: inout String) {
        guard out.utf8.count > 1 << 16 else { return }
        terminal.write(out)
        out.removeAll(keepingCapacity: true)
    }

    func printJSON(_ notes: [Note]) {
        var json = JSONWriter()
        json.beginArray()
        for note in notes {
            NoteJSON.write(note, to: &json, timeZone: timeZone)
            if json.bytes.count > 1 << 16 { terminal.write(json.flush()) }
        }
        json.endArray()
        terminal.write(json.flush() + [UInt8(ascii: "\n")])
    }

    private func append(_ note: Note, to out: inout String) {
        let marker = note.pinned ? "★ " : "  "
        var details = [RelativeDate.format(note.modified, today: today, timeZone: timeZone)]
        details.append(terminal.paint(note.folder.isEmpty ? "Unsorted" : note.folder, config.color(ofFolder: note.topFolder)))
        if !note.tags.isEmpty {
            details.append(note.tags.map { terminal.paint("#" + $0, config.color(ofTag: $0)) }.joined(separator: " "))
        }
        if note.frontMatterError != nil { details.append("(front matter does not parse)") }
        out += marker + terminal.bold(note.title) + "  " + terminal.dim("·") + " " + details.joined(separator: terminal.dim(" · ")) + "\n"
        if showSnippet {
            out += "    " + terminal.dim(note.snippet.isEmpty ? "No additional text" : note.snippet) + "\n"
        }
    }
}
