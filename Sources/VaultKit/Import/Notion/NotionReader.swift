/// Reads Notion's Markdown & CSV export: the zip Notion hands out (a zip of
/// `Export-…-Part-N.zip`), one part, or the folder it unpacks to.
///
/// Each `.md` file is a page, named `Title <32-hex id>.md`; a page's sub-pages are in a
/// folder of the same name beside it, a database is a `.csv` (and `_all.csv`) beside the
/// folder of its row pages. The id becomes the source id and leaves the name. A page at
/// the export's top stays in the import's folder; every page beneath it, however deep,
/// goes into one folder named after it (a database at the top: after the database).
/// Links between pages become `[[title]]`, links to files the export holds attachments,
/// other links stay as written. Notion's HTML export is refused: it is another format.
public struct NotionReader: ArchiveExportReader {
    public let format = ImportFormat.notion
    let source: ExportSource

    public func read(_ path: String, emit: (ImportItem) throws(VaultError) -> Void) throws(VaultError) {
        let export = try NotionExport(path, limits: source.limits)
        let pages = export.paths.filter { $0.lowercased().hasSuffix(".md") }
        guard !pages.isEmpty else {
            let html = export.paths.contains { $0.lowercased().hasSuffix(".html") && !$0.hasSuffix("index.html") }
            throw .unreadableExport(path: path, entry: nil, reason: html
                ? "this is Notion's HTML export; export the workspace again as Markdown & CSV"
                : "no Notion pages found (a Markdown & CSV export of Notion is needed)")
        }
        let site = NotionSite(paths: export.paths)
        // Two passes, so that no more than one page's text is held at once: every title
        // first (links name pages anywhere in the export), then each page.
        var titles: [String: String] = [:]
        for page in pages {
            guard let text = String(validating: try export.bytes(page), as: UTF8.self) else { continue }
            titles[page] = NotionPage.heading(of: text) ?? NotionName(file: page).title
        }
        var databases: [String: NotionDatabase] = [:]
        for page in pages {
            guard titles[page] != nil, let text = String(validating: try export.bytes(page), as: UTF8.self) else {
                try emit(.skipped(ImportSkip(name: page, reason: .unreadable("\(page): not UTF-8 text"))))
                continue
            }
            let parent = page.split(separator: "/").dropLast().joined(separator: "/")
            var database: NotionDatabase?
            if let csv = site.database(owning: parent) {
                if databases[csv] == nil {
                    databases[csv] = NotionDatabase(String(decoding: try export.bytes(csv), as: UTF8.self))
                }
                database = databases[csv]
            }
            let reader = NotionPage(path: page, text: text, folder: site.folder(of: page), titles: titles, database: database)
            try emit(try reader.item { (file: String) throws(VaultError) -> [UInt8]? in
                export.contains(file) ? try export.bytes(file) : nil
            })
        }
    }
}
