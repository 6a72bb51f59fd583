import Foundation

/// Front matter `created`, else the earlier of the file's birth time (where the file system
/// records one) and its modification time: tar, rsync and git checkouts leave birth times
/// later than modification times.
package enum NoteCreated: NoteProperty {
    package static let jsonName: String? = "created"
    package static let frontMatterField: FrontMatterField? = .created

    package static func read(from source: NoteSource) -> Date {
        if let created = source.fields[.created]?.date { return created }
        let modified = source.status.modified.date
        guard let born = source.status.born else { return modified }
        return min(born.date, modified)
    }
}

/// Front matter `modified`, else the file's modification time.
package enum NoteModified: NoteProperty {
    package static let jsonName: String? = "modified"
    package static let frontMatterField: FrontMatterField? = .modified

    package static func read(from source: NoteSource) -> Date {
        source.fields[.modified]?.date ?? source.status.modified.date
    }
}

/// Front matter `sortDate`, else `created`: the date month-grouped lists file a note under.
package enum NoteSortDate: NoteProperty {
    package static let jsonName: String? = "sortDate"
    package static let frontMatterField: FrontMatterField? = .sortDate

    package static func read(from source: NoteSource) -> Date { source.fields[.sortDate]?.date ?? NoteCreated.read(from: source) }
}
