/// The front matter's keys that no property of its own reads (`status: done`,
/// `rating: 4`, `due: 2026-12-01`, `aliases: [a, b]`), for the `[key:value]` terms of a
/// search: each `key` (lower-cased) with a value as written, a list's items one by one; a
/// key whose value is null or a mapping is kept with no value (`[key]` finds it).
package enum NoteOtherKeys: NoteProperty {
    /// One entry per value: the key, `keySeparator`, the value.
    package typealias Value = [String]

    package static let jsonName: String? = nil
    /// Read by property searches only: kept apart, so that a listing does not load it.
    package static let isBulky = true

    /// A value longer than this is no search's business (an embedded document).
    static let longestValue = 512
    /// At most this many entries a note.
    static let mostEntries = 64
    static let keySeparator: Character = "\u{1F}"

    package static func read(from source: NoteSource) -> [String] { source.otherKeys }

    /// The entries of `frontMatter`'s keys that `understood` does not list.
    static func entries(of frontMatter: FrontMatter, understood: Set<String>) -> [String] {
        var entries: [String] = []
        for pair in frontMatter.entries {
            guard entries.count < mostEntries, let key = pair.key.scalar?.lowercased(), !key.isEmpty, !understood.contains(key) else { continue }
            let prefix = key + String(keySeparator)
            switch pair.value.kind {
            case .scalar(let value, _, _) where !pair.value.isNull:
                entries.append(prefix + String(value.prefix(longestValue)))
            case .sequence(let items, _):
                let values = items.compactMap(\.scalar).prefix(mostEntries - entries.count)
                entries += values.isEmpty ? [prefix] : values.map { prefix + String($0.prefix(longestValue)) }
            default:
                entries.append(prefix)
            }
        }
        return entries
    }

    /// The values of `key` (lower-cased) in `entries`, nil when the note has no such key.
    static func values(of key: String, in entries: [String]) -> [Substring]? {
        var found: [Substring]?
        for entry in entries {
            guard let separator = entry.firstIndex(of: keySeparator), entry[..<separator] == key else { continue }
            let value = entry[entry.index(after: separator)...]
            found = (found ?? []) + (value.isEmpty ? [] : [value])
        }
        return found
    }
}
