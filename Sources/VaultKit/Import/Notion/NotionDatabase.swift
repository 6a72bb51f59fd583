import Foundation

/// A Notion database as its CSV exports it: the header's property names (the first is
/// the rows' titles) and each row's values by its title.
struct NotionDatabase {
    /// The property names, the title's first.
    let columns: [String]
    private var rows: [String: [String]] = [:]

    init(_ text: String) {
        var records = Self.records(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        columns = records.isEmpty ? [] : records.removeFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        for record in records where !record.isEmpty {
            let title = record[0].trimmingCharacters(in: .whitespaces)
            if rows[title] == nil { rows[title] = record }
        }
    }

    /// The row titled `title`: each property other than the title with its value, in
    /// the header's order; empty values left out.
    func properties(of title: String) -> [ImportedProperty] {
        guard let row = rows[title.trimmingCharacters(in: .whitespaces)] else { return [] }
        return zip(columns, row).dropFirst().compactMap { column, value in
            let value = value.trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : ImportedProperty(column, value)
        }
    }

    /// RFC 4180 records: fields split by commas, quoted fields may hold commas, doubled
    /// quotes and line breaks.
    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            if quoted {
                if character == "\"" {
                    guard let next = characters.next() else { quoted = false; break }
                    if next == "\"" {
                        field.append("\"")
                        continue
                    }
                    quoted = false
                    // The character after the closing quote is read as outside it.
                    switch next {
                    case ",": record.append(field); field = ""
                    case "\n", "\r\n", "\r": record.append(field); records.append(record); record = []; field = ""
                    default: field.append(next)
                    }
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty: quoted = true
            case ",": record.append(field); field = ""
            case "\n", "\r\n", "\r": record.append(field); records.append(record); record = []; field = ""
            default: field.append(character)
            }
        }
        if !field.isEmpty || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return records
    }
}
