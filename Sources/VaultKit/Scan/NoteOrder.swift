import Foundation

/// An order a person asks a listing for (`vault list --sort created`): one key, newest
/// first for a date and A to Z for a title, with the path breaking ties so that the
/// order is the same on every run. Unlike the list order it does not put pinned notes
/// first: asked for creation order, a person browses by creation alone.
public enum NoteOrder: String, Sendable, CaseIterable {
    case modified, created, title, sortDate

    /// `notes` in this order, or the other way round with `reversed`.
    public func sorted(_ notes: [Note], reversed: Bool = false) -> [Note] {
        let sorted: [Note]
        switch self {
        case .title:
            let keys = notes.map { $0.title.lowercased() }
            sorted = Self.sort(notes, keys: keys, by: <)
        case .modified, .created, .sortDate:
            let keys = notes.map(date)
            sorted = Self.sort(notes, keys: keys, by: >)
        }
        return reversed ? sorted.reversed() : sorted
    }

    private func date(of note: Note) -> Date {
        switch self {
        case .modified: return note.modified
        case .created: return note.created
        case .sortDate, .title: return note.sortDate
        }
    }

    /// Sorts by precomputed keys (a title or date is read once per note, not per comparison).
    private static func sort<Key: Comparable>(_ notes: [Note], keys: [Key], by ascending: (Key, Key) -> Bool) -> [Note] {
        notes.indices.sorted { a, b in
            if keys[a] != keys[b] { return ascending(keys[a], keys[b]) }
            return notes[a].path < notes[b].path
        }.map { notes[$0] }
    }
}
