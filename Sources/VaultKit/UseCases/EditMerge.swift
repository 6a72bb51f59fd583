import Foundation

/// What an editor typed, merged with what another program wrote to the same note while it
/// typed: the three-way merge the sync makes (`NoteMerge`: front matter key by key, the body
/// by git's line merge), so that a change on another line is kept on both sides instead of
/// becoming a conflict. The editor keeps the text it loaded (`base`) for this.
public enum EditMerge {
    /// `mine` (the editor's text, typed over `base`) with `disk`'s changes since `base`;
    /// nil when the same lines changed on both sides, or the two are different notes (an
    /// `id` changed): only then must a person choose.
    public static func merge(base: [UInt8], mine: [UInt8], disk: [UInt8], timeZone: TimeZone) -> [UInt8]? {
        if mine == disk || base == disk { return mine }
        if base == mine { return disk }
        let result = NoteMerge.merge(base: base, ours: mine, theirs: disk, timeZone: timeZone)
        return result.conflict == nil ? result.bytes : nil
    }

    /// The conflict settled as "keep mine": where the same lines changed on both sides,
    /// mine; every other change made on disk kept (a line another program wrote elsewhere
    /// is not dropped). Nil only when git could not be run.
    public static func keepingMine(base: [UInt8], mine: [UInt8], disk: [UInt8], timeZone: TimeZone) -> [UInt8]? {
        if let merged = merge(base: base, mine: mine, disk: disk, timeZone: timeZone) { return merged }
        return LineMerge.merge(base: base, ours: mine, theirs: disk, favoringOurs: true)
    }
}
