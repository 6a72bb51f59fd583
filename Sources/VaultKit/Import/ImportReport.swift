/// What an import did (or, on a dry run, would do), accounting for every note read:
/// `read == written + unchanged + skipped.count`.
public struct ImportReport: Sendable {
    public var format: ImportFormat
    public var dryRun: Bool
    /// Notes the readers gave, skipped ones included.
    public var read = 0
    /// The vault paths of the notes written, in the order written.
    public var written: [String] = []
    /// Notes a previous import of the same export already wrote (found by `source:`): left as they are.
    public var unchanged = 0
    /// Notes read and not written, each with why.
    public var skipped: [ImportSkip] = []
    /// Attachment files written into the attachment folder.
    public var attachmentsWritten = 0
    /// Attachments a note names that its export does not hold: `note title: file name`.
    public var attachmentsMissing: [String] = []
    /// Links between imported notes and to their attachments given the name the vault gave.
    public var linksRewritten = 0
    /// Wiki links that find neither an imported note, an attachment nor a note of the vault:
    /// `path: target`.
    public var linksUnresolved: [String] = []
    /// The operation in `.vault/history/` that `vault undo` takes back; nil on a dry run or
    /// when nothing was written.
    public var recordID: String?

    public init(format: ImportFormat, dryRun: Bool) {
        self.format = format
        self.dryRun = dryRun
    }

    /// The words of a skip's reason: `encrypted`, `empty`, `duplicate`, `unreadable: …`.
    public static func words(_ reason: ImportSkip.Reason) -> String {
        switch reason {
        case .encrypted: "encrypted"
        case .empty: "empty"
        case .duplicate: "duplicate"
        case .unreadable(let why): "unreadable: " + why
        }
    }

    /// The report as lines for a person: the counts, then each skip, missing attachment
    /// and unresolved link, then the way back.
    public var lines: [String] {
        var lines: [String] = []
        let verb = dryRun ? "would write" : "wrote"
        var counts = "\(format.rawValue): read \(read), \(verb) \(written.count)"
        if unchanged > 0 { counts += ", \(unchanged) already imported" }
        counts += ", skipped \(skipped.count)"
        lines.append(counts)
        for skip in skipped { lines.append("skipped \(skip.name): \(Self.words(skip.reason))") }
        lines.append("attachments: \(dryRun ? "would write" : "wrote") \(attachmentsWritten), missing \(attachmentsMissing.count)")
        for missing in attachmentsMissing { lines.append("missing attachment \(missing)") }
        lines.append("links: rewritten \(linksRewritten), unresolved \(linksUnresolved.count)")
        for link in linksUnresolved { lines.append("unresolved link \(link)") }
        if let recordID { lines.append("recorded as \(recordID) (vault undo \(recordID) takes it back)") }
        if dryRun { lines.append("dry run: nothing was written") }
        return lines
    }
}
