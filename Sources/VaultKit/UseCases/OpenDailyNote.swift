import Foundation

/// The note of one day (`vault today`, `vault yesterday`, `--date`), as Obsidian's daily
/// notes and nb keep them: named by the date in `daily.format` in the `daily.folder`,
/// made on first use from `daily.template` (else the vault's `daily` template, else just
/// the date as its title), found again after that.
public struct OpenDailyNote: Sendable {
    public let day: TaskDate

    /// The path of the day's note, and whether it was made now.
    public struct Report: Sendable {
        public var path: String
        public var created: Bool
        /// What the user is to know of how it was made (`NoteDraft.warnings`).
        public var warnings: [String] = []
    }

    public init(day: TaskDate) {
        self.day = day
    }

    /// The moment its placeholders are filled in for: now, moved to the day.
    private func moment(in session: VaultSession) -> Date {
        session.vault.now().addingTimeInterval(Double(day.dayNumber - session.vault.today.dayNumber) * 86_400)
    }

    /// The day's note's name (without `.md`) and path in `session`'s vault.
    public func place(in session: VaultSession) -> (name: String, path: String) {
        // As the file will be named (a format that makes `..` or `.x` names no hidden file),
        // so that the note made today is the one found tomorrow.
        let name = FileNaming.baseName(for: MomentFormat(session.config.dailyFormat).string(from: moment(in: session), timeZone: session.vault.timeZone))
        let folder = session.config.dailyFolder
        return (name, folder.isEmpty ? name + ".md" : folder + "/" + name + ".md")
    }

    /// Finds the day's note, or makes it inside a write.
    public func run(in session: VaultSession) throws(VaultError) -> Report {
        let (name, path) = place(in: session)
        // Decided under the write lock: two runs at once find the note the first one made,
        // instead of each making one (`2026-11-28.md` and `2026-11-28 2.md`).
        return try session.write { changes throws(VaultError) in
            if let status = session.root.status(path) {
                // A link (or anything but a note) there is refused, not passed by with a
                // second note made beside it on every run.
                guard status.isRegularFile else { throw status.kind == .symbolicLink ? .symbolicLink(path) : .notANote(path) }
                return Report(path: path, created: false)
            }
            let template = session.config.dailyTemplate ?? (NoteTemplate.names(root: session.root).contains("daily") ? "daily" : nil)
            // Named by the date; titled by the template's heading when it has one.
            var draft = try session.draft(title: template == nil ? name : nil, folder: session.config.dailyFolder, template: template, fileName: name, at: moment(in: session))
            if draft.body.isEmpty { draft.body = "# \(name)\n" }
            try session.validate(draft)
            return Report(path: try changes.notes.create(draft), created: true, warnings: draft.warnings)
        }
    }
}
