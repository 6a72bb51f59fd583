import Foundation

/// Evernote's exports (`.enex`, docs/import.md): one file per notebook, which becomes a
/// folder named after the file. Read as it streams, one note (with its resources) in memory
/// at a time.
///
/// An ENEX note has no id: its source id is `FILE/TITLE/CREATED` (the file's name, the
/// note's title and its creation time as Evernote writes it), the same in every export of
/// the notebook as long as the note keeps its title.
public struct EnexReader: ImportReader {
    public var format: ImportFormat { .enex }

    public init() {}

    public func read(_ path: String, emit: (ImportItem) throws(VaultError) -> Void) throws(VaultError) {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let notebook = fileName.lowercased().hasSuffix(".enex") ? String(fileName.dropLast(5)) : fileName
        var tokenizer = try XMLTokenizer(path: path, name: fileName)
        var sawRoot = false
        while let token = try tokenizer.next() {
            guard case .start(let name, _, let selfClosing) = token else { continue }
            if !sawRoot {
                guard name == "en-export" else { throw tokenizer.error("not an Evernote export: the document is <\(name)>, not <en-export>") }
                sawRoot = true
                if selfClosing { break }
                continue
            }
            guard name == "note", !selfClosing else {
                if !selfClosing { try skip(name, in: &tokenizer) }
                continue
            }
            try emit(try note(from: &tokenizer, file: fileName, notebook: notebook))
        }
        if !sawRoot { throw tokenizer.error("not an Evernote export: no <en-export> element") }
    }

    /// The children of the current element, as name and text (nested elements' text kept apart).
    private func note(from tokenizer: inout XMLTokenizer, file: String, notebook: String) throws(VaultError) -> ImportItem {
        var title = ""
        var content: (text: String, line: Int, column: Int)?
        var created: String?
        var updated: String?
        var tags: [String] = []
        var properties: [ImportedProperty] = []
        var resources: [ENMLConverter.Resource] = []
        let (noteLine, noteColumn) = (tokenizer.line, tokenizer.column)
        while let token = try tokenizer.next() {
            switch token {
            case .end: return try finish()
            case .text: continue
            case .start(let name, _, let selfClosing):
                if selfClosing { continue }
                switch name {
                case "title": title = try text(of: name, in: &tokenizer)
                case "content":
                    let (line, column) = (tokenizer.line, tokenizer.column)
                    content = (try text(of: name, in: &tokenizer), line, column)
                case "created": created = try text(of: name, in: &tokenizer)
                case "updated": updated = try text(of: name, in: &tokenizer)
                case "tag": tags.append(try text(of: name, in: &tokenizer))
                case "note-attributes":
                    for (key, value) in try fields(of: name, in: &tokenizer) {
                        switch key {
                        case "author": properties.append(ImportedProperty("author", value))
                        case "source-url": properties.append(ImportedProperty("url", value))
                        default: continue
                        }
                    }
                case "resource": resources.append(try resource(from: &tokenizer))
                default: try skip(name, in: &tokenizer)
                }
            }
        }
        throw tokenizer.error("unexpected end of file in a <note>", line: noteLine, column: noteColumn)

        func finish() throws(VaultError) -> ImportItem {
            let title = NoteText.oneLine(title).trimmingSpaces()
            let name = title.isEmpty ? "untitled note of \(file)" : title
            let createdDate = try created.map { value throws(VaultError) in try date(value, tokenizer: tokenizer) }
            let updatedDate = try updated.map { value throws(VaultError) in try date(value, tokenizer: tokenizer) }
            let converted = try ENMLConverter.convert(content?.text ?? "", resources: resources, file: file,
                                                      line: content?.line ?? noteLine, column: content?.column ?? noteColumn)
            if converted.encryptedOnly { return .skipped(ImportSkip(name: name, reason: .encrypted)) }
            if title.isEmpty, converted.markdown.trimmingSpaces().isEmpty { return .skipped(ImportSkip(name: name, reason: .empty)) }
            let sourceID = "\(file)/\(title)/\(created ?? "")"
            return .note(ImportedNote(sourceID: sourceID, title: title.isEmpty ? "Untitled" : title, body: converted.markdown, folder: notebook,
                                      created: createdDate, modified: updatedDate ?? createdDate, tags: tags, properties: properties,
                                      attachments: converted.attachments))
        }
    }

    /// `20240108T214113Z` (UTC, any year, 1969 too).
    static func date(_ text: String) -> Date? {
        let digits = Array(text.utf8)
        guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: digits[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second) = (hour, minute, second)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: components)
    }

    private func date(_ text: String, tokenizer: XMLTokenizer) throws(VaultError) -> Date {
        guard let date = Self.date(text.trimmingSpaces()) else { throw tokenizer.error("'\(text)' is not a date as Evernote writes them (20240108T214113Z)") }
        return date
    }

    /// The text of the element `name` just opened, up to its end.
    private func text(of name: String, in tokenizer: inout XMLTokenizer) throws(VaultError) -> String {
        var text = ""
        while let token = try tokenizer.next() {
            switch token {
            case .text(let part): text += part
            case .end: return text
            case .start(let inner, _, let selfClosing): if !selfClosing { try skip(inner, in: &tokenizer) }
            }
        }
        return text
    }

    /// Skips what is left of the element `name`, nested ones too.
    private func skip(_ name: String, in tokenizer: inout XMLTokenizer) throws(VaultError) {
        var depth = 1
        while depth > 0, let token = try tokenizer.next() {
            switch token {
            case .start(_, _, let selfClosing): if !selfClosing { depth += 1 }
            case .end: depth -= 1
            case .text: continue
            }
        }
    }

    /// The child elements of `name` as key and text, nested ones flattened.
    private func fields(of name: String, in tokenizer: inout XMLTokenizer) throws(VaultError) -> [(String, String)] {
        var fields: [(String, String)] = []
        while let token = try tokenizer.next() {
            switch token {
            case .end: return fields
            case .text: continue
            case .start(let child, _, let selfClosing):
                if selfClosing { continue }
                if child == "resource-attributes" {
                    fields += try self.fields(of: child, in: &tokenizer)
                } else {
                    fields.append((child, try text(of: child, in: &tokenizer)))
                }
            }
        }
        return fields
    }

    private func resource(from tokenizer: inout XMLTokenizer) throws(VaultError) -> ENMLConverter.Resource {
        let (line, column) = (tokenizer.line, tokenizer.column)
        let fields = try fields(of: "resource", in: &tokenizer)
        let value = { (key: String) in fields.first { $0.0 == key }?.1 }
        guard let base64 = value("data"), let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else {
            throw tokenizer.error("a <resource> without base64 <data>", line: line, column: column)
        }
        let bytes = Array(data)
        let hash = MD5.hex(bytes)
        let given = value("file-name").map { ($0.split(separator: "/").last.map(String.init) ?? $0).trimmingSpaces() } ?? ""
        let name = given.isEmpty || given.hasPrefix(".") ? "Evernote \(hash.prefix(8))." + ENMLConverter.fileExtension(forType: value("mime") ?? "") : given
        return ENMLConverter.Resource(hash: hash, name: name, bytes: bytes)
    }
}
