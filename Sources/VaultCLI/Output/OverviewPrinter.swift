import VaultKit

/// The main page (the README): pinned, unsorted, folders, tags and trash with counts,
/// then the pinned and the latest notes.
struct OverviewPrinter {
    let terminal: Terminal
    let config: VaultConfig

    func print(_ index: VaultIndex, trash: Int) {
        var rows: [(label: String, count: Int?, color: String?)] = [
            ("Your notes", nil, nil),
            ("  All Pinned Notes", index.pinnedCount, nil),
            ("  Unsorted Notes", index.unsortedCount, nil),
        ]
        if !index.folders.isEmpty {
            rows.append(("  Folders", nil, nil))
            for folder in index.folders {
                rows.append(("    " + TerminalText.escaped(folder.name), folder.count, config.color(ofFolder: folder.path)))
                for child in folder.children {
                    rows.append(("      " + TerminalText.escaped(child.name), child.count, config.color(ofFolder: child.path) ?? config.color(ofFolder: folder.path)))
                }
            }
        }
        if !index.tags.isEmpty {
            rows.append(("  Tags", nil, nil))
            func add(_ tags: [TagNode], depth: Int) {
                for tag in tags {
                    rows.append((String(repeating: "  ", count: depth + 2) + TerminalText.escaped(tag.name), tag.count, config.color(ofTag: tag.path)))
                    add(tag.children, depth: depth + 1)
                }
            }
            add(index.tags, depth: 0)
        }
        rows.append(("  Trash", trash, nil))
        defer { printGlance(index.glance()) }
        let labelWidth = rows.map { $0.label.count }.max() ?? 0
        let countWidth = rows.compactMap { $0.count.map { String($0).count } }.max() ?? 1
        var out = ""
        for row in rows {
            guard let count = row.count else {
                out += terminal.bold(row.label) + "\n"
                continue
            }
            let padding = String(repeating: " ", count: labelWidth - row.label.count + 2 + countWidth - String(count).count)
            let indent = row.label.prefix(while: { $0 == " " })
            out += indent + terminal.paint(String(row.label.dropFirst(indent.count)), row.color) + padding + String(count) + "\n"
        }
        terminal.write(out)
    }

    /// The pinned notes and the latest others, under the counts: what to open next.
    private func printGlance(_ glance: (pinned: [Note], latest: [Note])) {
        var out = ""
        for (heading, notes) in [("Pinned", glance.pinned), ("Latest", glance.latest)] where !notes.isEmpty {
            out += "\n" + terminal.bold(heading) + "\n"
            for note in notes {
                let place = note.folder.isEmpty ? "Unsorted" : note.folder
                out += "  " + TerminalText.escaped(note.title) + terminal.dim("  · " + TerminalText.escaped(place)) + "\n"
            }
        }
        terminal.write(out)
    }
}
