import Foundation

/// One page of a Notion export, as the note it becomes.
struct NotionPage {
    /// Its path inside the export.
    let path: String
    let text: String
    /// Its vault folder (`NotionSite.folder(of:)`).
    let folder: String?
    /// Every page's title by its path, for the links between them.
    let titles: [String: String]
    /// The database the page is a row of, if it is one.
    let database: NotionDatabase?

    /// The `# Title` Notion writes as a page's first line.
    static func heading(of text: String) -> String? {
        let first = text.prefix { $0 != "\n" && $0 != "\r\n" }
        guard first.hasPrefix("# ") else { return nil }
        let title = first.dropFirst(2).trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : title
    }

    /// The note, or the skip that says why it is none. `file` gives the bytes of another
    /// file of the export by its path, nil when the export lacks it.
    func item(file: (String) throws(VaultError) -> [UInt8]?) throws(VaultError) -> ImportItem {
        let name = NotionName(file: path)
        let title = titles[path] ?? name.title
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) }
        if Self.heading(of: text) != nil { lines.removeFirst() }
        var properties: [ImportedProperty] = []
        if let database {
            properties = Self.takeProperties(&lines, columns: Set(database.columns))
            let known = Set(properties.map(\.key))
            properties += database.properties(of: title).filter { !known.contains($0.key) }
        }
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        var attachments: [ImportedAttachment] = []
        // A relation's value links the related page: `[[title]]` as in the body.
        for index in properties.indices where properties[index].value.contains("](") {
            properties[index].value = try linking(properties[index].value, attachments: &attachments, file: file)
        }
        let body = try lines.isEmpty ? "" : linking(lines.joined(separator: "\n") + "\n", attachments: &attachments, file: file)
        guard !title.isEmpty || !body.isEmpty else { return .skipped(ImportSkip(name: path, reason: .empty)) }
        return .note(ImportedNote(sourceID: name.id ?? path, title: title.isEmpty ? path : title, body: body, folder: folder,
                                  properties: properties, attachments: attachments))
    }

    /// A row page's `Key: value` lines at its top, for keys its database has: they become
    /// properties and leave the body.
    static func takeProperties(_ lines: inout [String], columns: Set<String>) -> [ImportedProperty] {
        var index = 0
        while index < lines.count, lines[index].allSatisfy(\.isWhitespace) { index += 1 }
        var properties: [ImportedProperty] = []
        while index < lines.count, let colon = lines[index].firstIndex(of: ":") {
            let key = String(lines[index][..<colon]).trimmingCharacters(in: .whitespaces)
            guard columns.contains(key) else { break }
            let value = String(lines[index][lines[index].index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            if !value.isEmpty { properties.append(ImportedProperty(key, value)) }
            index += 1
        }
        if !properties.isEmpty || index > 0 { lines.removeFirst(index) }
        return properties
    }

    /// Links to other pages as `[[title]]`, links to files of the export as attachments;
    /// web links and links to what the export lacks stay as written.
    private func linking(_ body: String, attachments: inout [ImportedAttachment],
                         file: (String) throws(VaultError) -> [UInt8]?) throws(VaultError) -> String {
        guard body.contains("](") else { return body }
        let directory = path.split(separator: "/").dropLast().map(String.init)
        var result = ""
        var rest = body[...]
        let link = /(!?)\[([^\]\n]*)\]\(([^)\n]+)\)/
        while let match = rest.firstMatch(of: link) {
            result += rest[..<match.range.lowerBound]
            rest = rest[match.range.upperBound...]
            let written = String(match.output.0)
            guard let target = Self.resolve(String(match.output.3), from: directory) else {
                result += written
                continue
            }
            if let title = titles[target] {
                result += "[[\(title)]]"
            } else if !target.lowercased().hasSuffix(".csv"), !target.lowercased().hasSuffix(".md"), let bytes = try file(target) {
                let fileName = String(target.split(separator: "/").last ?? "")
                if !attachments.contains(where: { $0.name == fileName }) {
                    attachments.append(ImportedAttachment(name: fileName, bytes: bytes))
                }
                result += (match.output.1.isEmpty ? "[[" : "![[") + fileName + "]]"
            } else {
                result += written
            }
        }
        return result + rest
    }

    /// The export path a relative link leads to; nil for web links, anchors and links
    /// that leave the export.
    static func resolve(_ destination: String, from directory: [String]) -> String? {
        var target = destination
        if target.hasPrefix("<"), target.hasSuffix(">") { target = String(target.dropFirst().dropLast()) }
        if target.contains("://") || target.hasPrefix("mailto:") || target.hasPrefix("#") || target.hasPrefix("/") { return nil }
        if let hash = target.firstIndex(of: "#") { target = String(target[..<hash]) }
        guard let decoded = target.removingPercentEncoding, !decoded.isEmpty else { return nil }
        var parts = directory
        for part in decoded.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
