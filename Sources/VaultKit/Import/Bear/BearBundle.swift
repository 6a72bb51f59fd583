import Foundation

/// One TextBundle of a Bear backup, as the note it becomes: the title from the first
/// line, the rest as the body with its asset links as wiki links, the dates and places
/// from `info.json`.
struct BearBundle {
    /// The bundle's folder inside the export, for skips and errors.
    let name: String
    /// The bundle's files, relative to it (`text.md`, `assets/acorn.jpeg`).
    let files: [String]
    let read: (String) throws(VaultError) -> [UInt8]

    /// What Bear writes in `info.json` under `net.shinyfrog.bear`; everything optional.
    private struct Info: Decodable {
        struct Bear: Decodable {
            var uniqueIdentifier: String?
            var title: String?
            var creationDate: String?
            var modificationDate: String?
            var pinned: Flag?
            var archived: Flag?
            var trashed: Flag?
            var encrypted: Flag?
        }

        var bear: Bear?

        enum CodingKeys: String, CodingKey {
            case bear = "net.shinyfrog.bear"
        }
    }

    /// Bear writes 0 and 1; a `true` is read the same.
    private struct Flag: Decodable {
        var isSet: Bool

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                isSet = number != 0
            } else {
                isSet = (try? container.decode(Bool.self)) ?? false
            }
        }
    }

    func item() throws(VaultError) -> ImportItem {
        var bear = Info.Bear()
        if files.contains("info.json") {
            do {
                bear = try JSONDecoder().decode(Info.self, from: Data(try read("info.json"))).bear ?? bear
            } catch let error as VaultError {
                throw error
            } catch {
                return .skipped(ImportSkip(name: name, reason: .unreadable("\(name)/info.json: not valid JSON")))
            }
        }
        let bundleTitle = Self.bundleTitle(name)
        if bear.encrypted?.isSet == true {
            return .skipped(ImportSkip(name: bear.title ?? bundleTitle, reason: .encrypted))
        }
        guard let textFile = files.first(where: { !$0.contains("/") && $0.hasPrefix("text.") }) else {
            return .skipped(ImportSkip(name: name, reason: .unreadable("\(name): the bundle holds no text.md")))
        }
        guard let text = String(validating: try read(textFile), as: UTF8.self) else {
            return .skipped(ImportSkip(name: name, reason: .unreadable("\(name)/\(textFile): not UTF-8 text")))
        }
        guard text.contains(where: { !$0.isWhitespace }) else {
            return .skipped(ImportSkip(name: bear.title ?? bundleTitle, reason: .empty))
        }
        let tagged = BearTags.rewritingClosedTags(text)
        let (title, rest) = Self.titleAndBody(tagged)

        var attachments: [ImportedAttachment] = []
        var assetNames: [String: String] = [:]
        for file in files where file.hasPrefix("assets/") {
            let assetName = String(file.split(separator: "/").last ?? "")
            guard !assetName.isEmpty, assetNames[String(file.dropFirst("assets/".count))] == nil else { continue }
            assetNames[String(file.dropFirst("assets/".count))] = assetName
            attachments.append(ImportedAttachment(name: assetName, bytes: try read(file)))
        }
        let body = Self.linkingAssets(rest, names: assetNames)
        let date = { (text: String?) in text.flatMap { NoteDate.parse($0, timeZone: TimeZone(identifier: "UTC") ?? .current) } }
        let place: ImportedNote.Place = bear.trashed?.isSet == true ? .trash : bear.archived?.isSet == true ? .archive : .notes
        return .note(ImportedNote(
            sourceID: bear.uniqueIdentifier ?? name, title: title.isEmpty ? (bear.title ?? bundleTitle) : title, body: body,
            created: date(bear.creationDate), modified: date(bear.modificationDate),
            tags: BearTags.names(in: tagged), pinned: bear.pinned?.isSet == true, place: place, attachments: attachments))
    }

    /// The bundle's folder name without `.textbundle`.
    private static func bundleTitle(_ name: String) -> String {
        let last = String(name.split(separator: "/").last ?? Substring(name))
        return last.lowercased().hasSuffix(".textbundle") ? String(last.dropLast(".textbundle".count)) : last
    }

    /// Bear's title is the first line, a `# ` heading as it writes it. An empty heading
    /// (`# ` alone) leaves the title to the next line of text, which stays in the body.
    static func titleAndBody(_ text: String) -> (title: String, body: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) }
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        guard !lines.isEmpty else { return ("", "") }
        let first = lines.removeFirst()
        var title = first.trimmingCharacters(in: .whitespaces)
        if title.hasPrefix("#") {
            title = String(title.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)
        }
        while let blank = lines.first, blank.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        while let blank = lines.last, blank.allSatisfy(\.isWhitespace) { lines.removeLast() }
        if title.isEmpty, let next = lines.first {
            title = String(next.trimmingCharacters(in: .whitespaces).drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)
        }
        return (title, lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n")
    }

    /// `![…](assets/a%20b.png)` → `![[a b.png]]`, `[…](assets/x.pdf)` → `[[x.pdf]]`, for
    /// the files the bundle holds; other links are left as written.
    static func linkingAssets(_ body: String, names: [String: String]) -> String {
        guard body.contains("](assets/") else { return body }
        let link = /(!?)\[[^\]\n]*\]\(assets\/([^)\n]+)\)/
        return body.replacing(link) { match in
            let target = String(match.output.2)
            guard let name = names[target.removingPercentEncoding ?? target] ?? names[target] else { return String(match.output.0) }
            return (match.output.1.isEmpty ? "[[" : "![[") + name + "]]"
        }
    }
}
