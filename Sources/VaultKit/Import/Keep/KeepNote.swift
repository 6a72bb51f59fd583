import Foundation

/// One Google Keep note's `.json` file from Takeout, as the note it becomes.
struct KeepNote {
    /// The fields Takeout writes; every one may be missing.
    private struct Fields: Decodable {
        struct ListItem: Decodable {
            var text: String?
            var isChecked: Bool?
        }

        struct Label: Decodable {
            var name: String
        }

        /// A web link Keep attached (it shows them as cards under the note).
        struct Annotation: Decodable {
            var title: String?
            var url: String?
        }

        struct Attachment: Decodable {
            var filePath: String
            var mimetype: String?
        }

        var title: String?
        var textContent: String?
        var textContentHtml: String?
        var annotations: [Annotation]?
        var listContent: [ListItem]?
        var labels: [Label]?
        var color: String?
        var isPinned: Bool?
        var isArchived: Bool?
        var isTrashed: Bool?
        var attachments: [Attachment]?
        var createdTimestampUsec: Int64?
        var userEditedTimestampUsec: Int64?
    }

    /// The file's path inside the export.
    let path: String
    let bytes: [UInt8]

    private var fileName: String { String(path.split(separator: "/").last ?? Substring(path)) }

    /// The note, or the skip that says why it is none. `attachment` gives the bytes of a
    /// file of the export by its path, nil when the export lacks it.
    func item(attachment: (String) throws(VaultError) -> [UInt8]?) throws(VaultError) -> ImportItem {
        let fields: Fields
        do {
            fields = try JSONDecoder().decode(Fields.self, from: Data(bytes))
        } catch {
            return .skipped(ImportSkip(name: path, reason: .unreadable(Self.describe(error, in: bytes, path: path))))
        }
        let title = (fields.title ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        var parts: [String] = []
        if let text = fields.textContent ?? fields.textContentHtml.map(KeepHTML.markdown),
           !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            parts.append(text.trimmingTrailingNewlines)
        }
        if let list = fields.listContent, !list.isEmpty {
            parts.append(list.map { item in
                let text = (item.text ?? "").split(whereSeparator: \.isNewline).joined(separator: " ")
                return (item.isChecked == true ? "- [x] " : "- [ ] ") + text
            }.joined(separator: "\n"))
        }
        if let links = Self.webLinks(fields.annotations ?? [], besides: parts.joined(separator: "\n")) { parts.append(links) }
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        var attachments: [ImportedAttachment] = []
        var links: [String] = []
        for file in fields.attachments ?? [] {
            // Takeout names the file bare, beside the note's JSON; a name with a path is refused.
            guard !file.filePath.isEmpty, !file.filePath.contains("/"), !file.filePath.contains("\\"), file.filePath != ".." else { continue }
            let bytes = try attachment(folder.isEmpty ? file.filePath : folder + "/" + file.filePath)
            attachments.append(ImportedAttachment(name: file.filePath, bytes: bytes))
            let isImage = file.mimetype?.hasPrefix("image/") ?? false
            links.append((isImage ? "![[" : "[[") + file.filePath + "]]")
        }
        if !links.isEmpty { parts.append(links.joined(separator: "\n")) }
        // A note of attachments alone (a drawing) still holds what its user made.
        guard !title.isEmpty || !parts.isEmpty else { return .skipped(ImportSkip(name: path, reason: .empty)) }

        let created = fields.createdTimestampUsec.map(Self.date)
        let modified = fields.userEditedTimestampUsec.map(Self.date)
        var properties: [ImportedProperty] = []
        if let color = fields.color, !color.isEmpty, color.uppercased() != "DEFAULT" {
            properties.append(ImportedProperty("color", color.lowercased()))
        }
        let place: ImportedNote.Place = fields.isTrashed == true ? .trash : fields.isArchived == true ? .archive : .notes
        let untitled = fileName.lowercased().hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
        return .note(ImportedNote(
            sourceID: fileName, title: title.isEmpty ? untitled : title,
            body: parts.isEmpty ? "" : parts.joined(separator: "\n\n") + "\n",
            created: created ?? modified, modified: modified ?? created,
            tags: Self.tags(fields.labels?.map(\.name) ?? []), pinned: fields.isPinned == true, place: place,
            properties: properties, attachments: attachments))
    }

    /// Keep's web links as a Markdown list, `- [title](url)` or `- <url>`: each once, those
    /// the note's text already holds left out (Keep attaches one for every URL in the text).
    private static func webLinks(_ annotations: [Fields.Annotation], besides text: String) -> String? {
        var seen = Set<String>()
        var lines: [String] = []
        for annotation in annotations {
            guard let url = annotation.url?.trimmingCharacters(in: .whitespacesAndNewlines), url.contains(":"),
                  !url.contains(where: \.isNewline), !text.contains(url), seen.insert(url).inserted else { continue }
            let destination = MarkdownDestination.encoded(url, isURL: true)
            let title = (annotation.title ?? "").split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
            let escaped = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
                .replacingOccurrences(of: "]", with: "\\]")
            lines.append(title.isEmpty ? "- <\(destination)>" : "- [\(escaped)](\(destination))")
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// Keep's labels as tags: whitespace and commas become `-`, `#` is dropped (a tag holds
    /// neither), duplicates once.
    static func tags(_ labels: [String]) -> [String] {
        var seen: Set<String> = []
        var tags: [String] = []
        for label in labels {
            var tag = String(label.unicodeScalars.compactMap { scalar -> Character? in
                if scalar == "#" { return nil }
                return scalar.properties.isWhitespace || scalar == "," ? "-" : Character(scalar)
            })
            while tag.hasPrefix("/") { tag.removeFirst() }
            while tag.hasSuffix("/") { tag.removeLast() }
            guard !tag.isEmpty, TagName.problem(with: tag) == nil, seen.insert(TagName.key(tag)).inserted else { continue }
            tags.append(tag)
        }
        return tags
    }

    private static func date(_ microseconds: Int64) -> Date {
        // Exact below 2^53 µs (year 2255), so one correctly rounded division.
        Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
    }

    /// `file:line:column: not valid JSON (…)` where the parser says where, else what is wrong.
    private static func describe(_ error: Error, in bytes: [UInt8], path: String) -> String {
        switch error {
        case DecodingError.dataCorrupted:
            // JSONDecoder says no more; JSONSerialization says "… around character N."
            var detail: String?
            do { _ = try JSONSerialization.jsonObject(with: Data(bytes)) } catch {
                detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            }
            guard let detail, let around = detail.range(of: " around character ") else { return "\(path): not valid JSON" }
            let what = detail[..<around.lowerBound].lowercased()
            let digits = detail[around.upperBound...].prefix { $0.isNumber }
            guard let offset = Int(digits), offset <= bytes.count else { return "\(path): not valid JSON (\(what))" }
            let before = bytes[..<offset]
            let line = before.count { $0 == 0x0A } + 1
            let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
            return "\(path):\(line):\(column): not valid JSON (\(what))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "\(path): not a Keep note: '\(key)' has the wrong type"
        default:
            return "\(path): not a Keep note"
        }
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = self
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }
}
