import Foundation

/// Front matter `created`, else the earlier of the file's birth time (where the file system
/// records one) and its modification time: tar, rsync and git checkouts leave birth times
/// later than modification times.
public enum NoteCreated: NoteProperty {
    public static let jsonName: String? = "created"
    public static let frontMatterField: FrontMatterField? = .created

    public static func read(from source: NoteSource) -> Date {
        if let created = source.fields[.created]?.date { return created }
        let modified = Date(timeIntervalSince1970: source.status.modified.timeInterval)
        guard let born = source.status.born else { return modified }
        return min(Date(timeIntervalSince1970: born.timeInterval), modified)
    }
}

/// Front matter `modified`, else the file's modification time.
public enum NoteModified: NoteProperty {
    public static let jsonName: String? = "modified"
    public static let frontMatterField: FrontMatterField? = .modified

    public static func read(from source: NoteSource) -> Date {
        source.fields[.modified]?.date ?? Date(timeIntervalSince1970: source.status.modified.timeInterval)
    }
}

/// Front matter `sortDate`, else `created`: the date month-grouped lists file a note under.
public enum NoteSortDate: NoteProperty {
    public static let jsonName: String? = "sortDate"
    public static let frontMatterField: FrontMatterField? = .sortDate

    public static func read(from source: NoteSource) -> Date { source.fields[.sortDate]?.date ?? NoteCreated.read(from: source) }
}
