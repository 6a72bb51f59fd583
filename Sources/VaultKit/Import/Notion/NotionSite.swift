import Foundation

/// Which folders of a Notion export belong to a page (`Home <id>/` beside `Home <id>.md`)
/// or a database (beside `Tasks <id>.csv`), and so where each page goes in the vault.
struct NotionSite {
    private let files: Set<String>

    init(paths: [String]) {
        files = Set(paths)
    }

    /// The vault folder of the page at `path`: nil for a page at the export's top (in
    /// Notion's own `Export-…` folder or not), else the title of the top-level page or
    /// database it is beneath, however deep.
    func folder(of path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        for index in 0..<max(0, parts.count - 1) {
            let folder = parts[...index].joined(separator: "/")
            if files.contains(folder + ".md") || database(owning: folder) != nil {
                // A vault folder is one name; the writer checks the rest of it.
                return NotionName(file: parts[index]).title.replacingOccurrences(of: "/", with: "-")
            }
        }
        return nil
    }

    /// The CSV of the database whose rows are in `folder`, the `_all` one when there is one
    /// (it holds every property, the other only the view's).
    func database(owning folder: String) -> String? {
        guard !folder.isEmpty else { return nil }
        if files.contains(folder + "_all.csv") { return folder + "_all.csv" }
        return files.contains(folder + ".csv") ? folder + ".csv" : nil
    }
}
