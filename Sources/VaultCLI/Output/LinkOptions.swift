import ArgumentParser
import VaultKit

/// The options of the commands that move notes (`mv`, `rename`, `folder rename`), and how
/// they report: each move, each rewritten link, and the history record to undo it with.
struct LinkOptions: ParsableArguments {
    @Flag(help: "Print the moves and link changes that would be made and change nothing.") var dryRun = false
    @Flag(help: "Move the files and leave links to them as they are.") var noLinks = false

    /// Runs `change` over `session`'s notes: as one write holding the lock, or, for a dry
    /// run, without writing anything.
    func relocate(_ session: Session, _ change: Relocate.Change) throws -> Relocation.Report {
        let relocate = Relocate(change, notes: session.scan.notes, rewritesLinks: !noLinks)
        if dryRun { return try relocate.plan(in: session.vault) }
        return try session.write { try relocate.run(in: $0) }
    }

    func print(_ report: Relocation.Report, session: Session, output: WriteOutput) throws {
        let terminal = session.terminal
        if output.format == .json {
            var json = JSONWriter()
            ReportJSON.write(changed: report.moves.map(\.to) + report.linkedNotes + report.linkedCanvases, failed: report.failed, to: &json) { json in
                json.key("recordID"); json.string(report.recordID)
                json.key("moved"); json.objects(report.moves) { json, move in
                    json.key("from"); json.string(move.from)
                    json.key("to"); json.string(move.to)
                }
                json.key("links"); json.objects(report.links) { json, change in
                    json.key("path"); json.string(change.path)
                    json.key("line"); json.number(change.line)
                    json.key("column"); json.number(change.column)
                    json.key("before"); json.string(change.before)
                    json.key("after"); json.string(change.after)
                }
            }
            terminal.line(json.output)
        } else {
            let would = dryRun ? "would move " : ""
            if output.listsNotes || dryRun {
                for move in report.moves { terminal.line(TerminalText.escaped("\(would)\(move.from) → \(move.to)")) }
                for change in report.links {
                    terminal.line(TerminalText.escaped("\(dryRun ? "would change " : "")\(change.path):\(change.line):\(change.column): \(change.before) → \(change.after)"))
                }
            }
            for error in report.failed { Terminal.standardError.printError(error) }
            let (notes, canvases) = report.linkingFiles
            var summary = output.quiet ? ["\(report.moves.count) note\(report.moves.count == 1 ? "" : "s") moved"] : []
            if !report.links.isEmpty {
                let files = [notes > 0 || canvases == 0 ? "\(notes) note\(notes == 1 ? "" : "s")" : nil,
                             canvases > 0 ? "\(canvases) canvas\(canvases == 1 ? "" : "es")" : nil].compactMap { $0 }
                summary.append("\(dryRun ? "would update" : "updated") \(report.links.count) link\(report.links.count == 1 ? "" : "s") in \(files.joined(separator: " and "))")
            }
            // A plain move is undone by moving back; links rewritten across the vault are not.
            if let id = report.recordID, !report.links.isEmpty { summary.append("undo with: vault undo \(id)") }
            if !summary.isEmpty { terminal.line(summary.joined(separator: "; ")) }
        }
        if !report.failed.isEmpty { throw ExitCode(2) }
    }
}
