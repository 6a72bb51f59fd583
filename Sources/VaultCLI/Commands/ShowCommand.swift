import ArgumentParser
import Foundation
import VaultKit

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print a note.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The note: a path, a title or an id prefix.", completion: Completions.notes) var note: String
    @Flag(help: "Print the file exactly as it is on disk.") var raw = false
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func validate() throws {
        if raw, format == .json { throw ValidationError("give --raw or --format json, not both") }
    }

    func run() throws {
        let session = try Session(global)
        let found = try session.resolve(note)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: session.vault.root.absolutePath(found.path)))
        if raw {
            FileHandle.standardOutput.write(bytes)
            return
        }
        let body = bytes.withUnsafeBytes { raw in
            let start = found.frontMatterError == nil ? NoteReader.bodyStart(of: raw) : 0
            return String(decoding: raw[start...], as: UTF8.self)
        }
        let terminal = session.terminal
        if format == .json {
            var json = JSONWriter()
            NoteJSON.write(found, to: &json, body: body)
            terminal.line(json.output)
            return
        }
        let config = session.config
        terminal.line(terminal.bold(TerminalText.escaped(found.title)) + (found.pinned ? " ★" : ""))
        var details = [TerminalText.escaped(found.path), "modified " + RelativeDate.format(found.modified, now: session.now)]
        if !found.tags.isEmpty {
            details.append(found.tags.map { terminal.paint(TerminalText.escaped("#" + $0), config.color(ofTag: $0)) }.joined(separator: " "))
        }
        terminal.line(terminal.dim(details.joined(separator: " · ")))
        if let error = found.frontMatterError {
            Terminal.standardError.warning(error.diagnostic(path: found.path).asWarning)
        }
        terminal.line()
        let text = TerminalText.escaped(Self.withoutTitleHeading(body, title: found.title), keepingLineBreaks: true)
        terminal.write(text.utf8.last == 0x0A ? text : text + "\n")  // a CRLF end is a line end too
    }

    /// The body without its first line when that line is the heading the header already
    /// shows as the title (and the blank line after it): the title is printed once.
    static func withoutTitleHeading(_ body: String, title: String) -> String {
        // Split on the line feed of a CRLF too: `\r\n` is one Character to String, so a CRLF
        // note was one line and kept its title heading.
        var lines = body.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        guard let first = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) else { return body }
        let line = lines[first].trimmingCharacters(in: .whitespaces)
        guard line.hasPrefix("#") else { return body }
        let text = line.drop { $0 == "#" }
        guard text.first == " " || text.first == "\t",
              text.trimmingCharacters(in: CharacterSet(charactersIn: " \t#\r")) == title else { return body }
        lines.removeSubrange(...first)
        if let next = lines.first, next.trimmingCharacters(in: .whitespaces).isEmpty || next == "\r" { lines.removeFirst() }
        return lines.joined(separator: "\n")
    }
}

extension Diagnostic {
    var asWarning: Diagnostic {
        var copy = self
        copy.severity = .warning
        return copy
    }

}
