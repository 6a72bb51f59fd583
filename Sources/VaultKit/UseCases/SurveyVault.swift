/// What a folder that already has notes holds, read as every command will read it: told
/// when `vault init` makes it a vault (a vault from Obsidian, Bear or zk), so that the user
/// sees what was found, and what will not be read, before the first change. Reads only.
public struct SurveyVault: Sendable {
    public struct Report: Sendable, Equatable {
        public var notes = 0
        public var folders = 0
        /// Distinct tags, front matter and inline.
        public var tags = 0
        public var links = 0
        /// Links to notes that no note answers.
        public var brokenLinks = 0
        /// Distinct files that notes link to and that are there.
        public var attachments = 0
        /// Attachment links that find no file.
        public var missingAttachments = 0
        /// Notes whose front matter does not read: listed and searched by their text, and
        /// refused by every command that would rewrite them.
        public var unreadableFrontMatter: [String] = []
        /// Files the scan does not read: binary `.md` files, symbolic links, names that
        /// are not UTF-8, unreadable files.
        public var skipped: [ScanIssue] = []
    }

    public init() {}

    public func run(in session: VaultSession) throws(VaultError) -> Report {
        let scan = try session.scan()
        var report = Report()
        report.notes = scan.notes.count
        report.folders = scan.folders.filter { !$0.isEmpty }.count
        report.skipped = scan.issues
        var tags: Set<String> = []
        let targets = LinkTargets(paths: scan.notes.map(\.path))
        for note in scan.notes {
            for tag in note.tags { tags.insert(TagName.key(tag)) }
            if note.frontMatterError != nil { report.unreadableFrontMatter.append(note.path) }
            for link in note.links {
                report.links += 1
                if targets.resolve(link, from: note.path) == .broken { report.brokenLinks += 1 }
            }
        }
        report.tags = tags.count
        let uses = Attachments(vault: session.vault).uses(in: scan.notes)
        report.attachments = Set(uses.compactMap(\.file)).count
        report.missingAttachments = uses.filter { $0.file == nil }.count
        return report
    }
}
