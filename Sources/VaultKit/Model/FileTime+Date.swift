import Foundation
import VaultPlatform

extension FileTime {
    /// The years a note's date can be written and shown in (`NoteDate`): 0001 to 9999, a
    /// day in from each end, so that no time zone's offset shows year 0000 or 10000.
    static let datedSeconds = -62_135_510_400.0...253_402_214_399.0

    /// The time as a date, held to the years a date can be shown in. tmpfs, btrfs and ZFS
    /// keep any 64-bit time a `touch -d` or an archive gives a file; such a note is dated
    /// near the end (or the start) of those years instead of stopping a command.
    public var date: Date {
        Date(timeIntervalSince1970: Swift.min(Swift.max(timeInterval, Self.datedSeconds.lowerBound), Self.datedSeconds.upperBound))
    }
}

extension Date {
    /// The date as a cache file's write time is kept, for the racy rule
    /// (`FileStamp.isSettled(writtenAt:window:)`): nanoseconds since 1970.
    var nanosecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1e9).rounded(.down)) }
}
