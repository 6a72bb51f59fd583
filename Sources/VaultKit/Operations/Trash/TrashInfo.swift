import Foundation
import VaultPlatform

/// The small text file beside a trashed note, in the spirit of freedesktop.org's
/// `.trashinfo`: where the note came from and when it was deleted.
///
/// ```
/// [Trash Info]
/// Path=Work/Projects/Roadmap.md
/// DeletionDate=2026-11-20T09:15:00+01:00
/// ```
/// A file found in `.trash/` that `vault` did not put there gets one with no `Path` the
/// first time `vault` sees it, so it is purged no sooner than `trashDays` after that.
public struct TrashInfo: Sendable, Equatable {
    public static let suffix = ".trashinfo"

    /// The vault-relative path the note had, or nil for a file `vault` did not trash.
    public var originalPath: String?
    public var deletionDate: Date

    public init(originalPath: String?, deletionDate: Date) {
        self.originalPath = originalPath
        self.deletionDate = deletionDate
    }

    public func text(timeZone: TimeZone = .current) -> String {
        var lines = ["[Trash Info]"]
        if let originalPath { lines.append("Path=" + Self.escape(originalPath)) }
        lines.append("DeletionDate=" + NoteDate.format(deletionDate, timeZone: timeZone))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads an info file; nil when it is not one.
    public init?(text: String, timeZone: TimeZone = .current) {
        var path: String?
        var date: Date?
        // Lines end at LF alone (a CR before it is dropped): `isNewline` also breaks at
        // U+2028, U+0085 or a form feed, which a note's name may hold.
        for bytes in text.utf8.split(separator: 0x0A) {
            let line = String(Substring(bytes.last == 0x0D ? bytes.dropLast() : bytes))
            if line.hasPrefix("Path=") { path = Self.unescape(String(line.dropFirst(5))) }
            if line.hasPrefix("DeletionDate=") { date = NoteDate.parse(String(line.dropFirst(13)), timeZone: timeZone) }
        }
        guard text.hasPrefix("[Trash Info]"), let date else { return nil }
        originalPath = path
        deletionDate = date
    }

    /// Newlines and backslashes in names are escaped so the file stays one key per line.
    static func escape(_ path: String) -> String {
        path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
    }

    static func unescape(_ text: String) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "r": result.append("\r")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
