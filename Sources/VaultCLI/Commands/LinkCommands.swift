import ArgumentParser
import VaultKit

/// `vault links NOTE`: where a note's links lead (docs/links.md).
struct LinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links", abstract: "A note's links: where each leads, broken ones marked.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The note.", completion: Completions.notes) var note: String
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let session = try Session(global)
        let note = try session.resolve(note)
        let targets = session.vault.linkTargets(session.scan.notes)
        let links = note.links
        if format == .json {
            var json = JSONWriter()
            json.objects(links) { json, link in
                json.key("kind"); json.string(link.kind.rawValue)
                json.key("target"); json.string(link.target)
                json.key("heading"); json.string(link.heading)
                json.key("line"); json.number(link.line)
                json.key("column"); json.number(link.column)
                let resolution = session.vault.resolve(link, from: note.path, targets: targets)
                json.key("note"); if case .note(let path) = resolution { json.string(path) } else { json.null() }
                json.key("broken"); json.bool(resolution == .broken)
            }
            session.terminal.line(json.output)
            return
        }
        var out = ""
        for link in links {
            let written: String
            switch link.kind {
            case .wiki: written = "[[\(link.target)\(link.heading.map { "#" + $0 } ?? "")]]"
            case .embed: written = "![[\(link.target)\(link.heading.map { "#" + $0 } ?? "")]]"
            case .markdown: written = "(\(link.target)\(link.heading.map { "#" + $0 } ?? ""))"
            }
            let leads: String
            switch session.vault.resolve(link, from: note.path, targets: targets) {
            case .note(let path): leads = "→ " + path
            case .sameNote: leads = "→ this note"
            case .attachment: leads = "(attachment)"
            case .broken: leads = session.terminal.paint("(broken: no such note)", "red")
            }
            out += TerminalText.escaped("\(link.line):\(link.column)  \(written) ") + leads + "\n"
        }
        session.terminal.write(out)
        if links.isEmpty { throw ExitCode(1) }
    }
}

/// `vault backlinks NOTE`: the notes that link to a note, with the line of each link.
struct BacklinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backlinks", abstract: "The notes that link to a note, each link with its line.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The note.", completion: Completions.notes) var note: String
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let session = try Session(global)
        let note = try session.resolve(note)
        let places = session.vault.backlinks(to: note.path, in: session.scan.notes)
        if format == .json {
            var json = JSONWriter()
            json.objects(places) { json, place in
                json.key("note"); json.string(place.note.path)
                json.key("line"); json.number(place.link.line)
                json.key("column"); json.number(place.link.column)
                json.key("kind"); json.string(place.link.kind.rawValue)
                json.key("text"); json.string(session.vault.line(place.link.line, of: place.note.path) ?? "")
            }
            session.terminal.line(json.output)
            return
        }
        var out = ""
        for place in places {
            let text = session.vault.line(place.link.line, of: place.note.path) ?? ""
            out += TerminalText.escaped("\(place.note.path):\(place.link.line):\(place.link.column): \(text.trimmingSpacesForDisplay)") + "\n"
        }
        session.terminal.write(out)
        if places.isEmpty { throw ExitCode(1) }
    }
}

extension String {
    /// Without the spaces and tabs around it.
    fileprivate var trimmingSpacesForDisplay: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        return String(text)
    }
}
