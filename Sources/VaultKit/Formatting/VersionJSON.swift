import Foundation

/// The JSON shapes of a note's history, the same for `vault log|diff --format json` and the
/// app's API (documented in docs/json-api.md).
public enum VersionJSON {
    /// `[{"commit", "date", "author", "path", "kinds"}]`, newest first; `commit` is null for
    /// the text not committed yet.
    public static func write(_ versions: [NoteVersions.Version], to json: inout JSONWriter) {
        json.beginArray()
        for version in versions { write(version, to: &json) }
        json.endArray()
    }

    public static func write(_ version: NoteVersions.Version, to json: inout JSONWriter) {
        json.beginObject()
        json.key("commit"); json.string(version.commit)
        json.key("date"); json.string(NoteDate.format(version.date))
        json.key("author"); json.string(version.author)
        json.key("path"); json.string(version.path)
        json.key("kinds"); json.strings(version.kinds)
        json.endObject()
    }

    /// `{"path", "from", "to", "properties": [{"key", "removed", "added"}], "text",
    /// "words": [{"kind", "text"}]}`: `from` and `to` are commits (`to` null for the file now).
    public static func write(_ comparison: NoteComparison, to json: inout JSONWriter) {
        json.beginObject()
        json.key("path"); json.string(comparison.path)
        json.key("from"); json.string(comparison.older?.commit)
        json.key("to"); json.string(comparison.newer.commit)
        json.key("properties"); json.objects(comparison.diff.properties) { json, change in
            json.key("key"); json.string(change.key)
            json.key("removed"); json.strings(change.removed)
            json.key("added"); json.strings(change.added)
        }
        json.key("text"); json.string(comparison.diff.text)
        json.key("words"); json.objects(comparison.diff.words) { json, piece in
            json.key("kind"); json.string(piece.kind.rawValue)
            json.key("text"); json.string(piece.text)
        }
        json.endObject()
    }

    /// `[{"commit", "date", "path", "title", "text"}]`: the notes that left the vault, newest
    /// first, each with the commit that removed it and its last text.
    public static func write(_ deleted: [NoteVersions.Deleted], to json: inout JSONWriter) {
        json.objects(deleted) { json, note in
            json.key("commit"); json.string(note.commit)
            json.key("date"); json.string(NoteDate.format(note.date))
            json.key("path"); json.string(note.path)
            // Where git last had it (`.trash/…` for a note purged from the trash): what
            // `git show COMMIT^:PATH` takes.
            json.key("removedPath"); json.string(note.removedPath)
            json.key("title"); json.string(note.title)
            json.key("text"); json.string(note.text)
        }
    }
}
