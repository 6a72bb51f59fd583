import Foundation

/// The three-way merge of one note (docs/sync.md), as git's merge driver for `*.md`:
///
/// - a note changed on one side only comes out byte-identical to that side, unless that
///   side gave it another id: then the sides are two notes (`areTwoNotes`);
/// - front matter is merged key by key: a key changed on one side takes that side's entry
///   as written; `tags` merge as sets (each side's additions and removals both apply);
///   a key changed differently on both sides takes the side whose `modified` is later;
/// - bodies merge by git's line merge; when the same lines changed on both sides, the
///   note keeps our body and `conflict` holds their whole note, for a conflict copy
///   beside it: never a conflict marker in a note.
public enum NoteMerge {
    public struct Result: Sendable, Equatable {
        public var bytes: [UInt8]
        /// Their version of the note, when its body could not be merged.
        public var conflict: [UInt8]?
    }

    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], timeZone: TimeZone = .current) -> Result {
        if ours == theirs || base == theirs { return Result(bytes: ours) }
        if areTwoNotes(base: base, ours: ours, theirs: theirs, timeZone: timeZone) { return Result(bytes: ours, conflict: theirs) }
        if base == ours { return Result(bytes: theirs) }
        guard let merged = try? mergeParts(base: base, ours: ours, theirs: theirs, timeZone: timeZone) else {
            // Front matter that does not parse: the lines as git merges them, else ours and a copy.
            if let lines = LineMerge.merge(base: base, ours: ours, theirs: theirs) { return Result(bytes: lines) }
            return Result(bytes: ours, conflict: theirs)
        }
        return merged
    }

    /// True when one side gave the note another id than the base's: that side moved the
    /// note away and put another under its name, or git paired a copy with the note it came
    /// from; merged as one, a note would take the other's id and two notes would share it.
    /// A note's id is never merged: the sides are two notes. Ours stays and theirs becomes a
    /// conflict copy, so that none of its text is lost; `OneNoteOnePlace` gives it its
    /// place back (and voids the copy) where the other side moved ours away.
    private static func areTwoNotes(base: [UInt8], ours: [UInt8], theirs: [UInt8], timeZone: TimeZone) -> Bool {
        func id(_ bytes: [UInt8]) -> String? {
            let block = Parts(bytes).block
            guard !block.isEmpty else { return nil }
            return (try? FrontMatterEditor(bytes: Array(block), timeZone: timeZone))?.fields.id
        }
        guard let baseID = id(base), let ourID = id(ours), let theirID = id(theirs) else { return false }
        return ourID != theirID && (baseID == ourID || baseID == theirID)
    }

    /// A YAML file (`.vault/config.yaml`) merged key by key as front matter is; when both
    /// sides changed a key differently, ours stays.
    public static func mergeYAML(base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> [UInt8]? {
        if ours == theirs || base == theirs { return ours }
        if base == ours { return theirs }
        func wrapped(_ bytes: [UInt8]) -> [UInt8] {
            Array("---\n".utf8) + bytes + (bytes.isEmpty || bytes.last == 0x0A ? [] : [0x0A]) + Array("---\n".utf8)
        }
        guard let merged = try? mergeBlocks(base: wrapped(base), ours: wrapped(ours), theirs: wrapped(theirs), timeZone: .current),
              merged.count >= 8 else { return nil }
        return Array(merged.dropFirst(4).dropLast(4))
    }

    /// A note cut in three: BOM, front matter block (delimiters included), body.
    private struct Parts {
        var bom: ArraySlice<UInt8>
        var block: ArraySlice<UInt8>
        var body: ArraySlice<UInt8>

        init(_ bytes: [UInt8]) {
            let location = bytes.withUnsafeBytes { FrontMatterBlock.locate(in: $0) }
            let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            if case .block(let block) = location {
                bom = bytes[0..<block.bomLength]
                self.block = bytes[block.bomLength..<block.bodyStart]
                body = bytes[block.bodyStart...]
            } else {
                bom = bytes[0..<bomLength]
                block = []
                body = bytes[bomLength...]
            }
        }
    }

    private static func mergeParts(base: [UInt8], ours: [UInt8], theirs: [UInt8], timeZone: TimeZone) throws -> Result {
        let (b, o, t) = (Parts(base), Parts(ours), Parts(theirs))
        var conflict: [UInt8]?
        var body = Array(o.body)
        if o.body != t.body, b.body != t.body {
            if b.body == o.body {
                body = Array(t.body)
            } else if let lines = LineMerge.merge(base: Array(b.body), ours: Array(o.body), theirs: Array(t.body)) {
                body = lines
            } else {
                conflict = theirs
            }
        }
        let block: [UInt8]
        if o.block == t.block || b.block == t.block {
            block = Array(o.block)
        } else if b.block == o.block {
            block = Array(t.block)
        } else if o.block.isEmpty || t.block.isEmpty {
            // One side removed the front matter, the other changed it: the change is kept.
            block = Array(o.block.isEmpty ? t.block : o.block)
        } else {
            block = try mergeBlocks(base: Array(b.block), ours: Array(o.block), theirs: Array(t.block), timeZone: timeZone)
        }
        return Result(bytes: Array(o.bom.isEmpty ? t.bom : o.bom) + block + body, conflict: conflict)
    }

    /// Front matter merged key by key, written over ours so that our formatting stays.
    private static func mergeBlocks(base: [UInt8], ours: [UInt8], theirs: [UInt8], timeZone: TimeZone) throws -> [UInt8] {
        let baseEditor = base.isEmpty ? nil : try FrontMatterEditor(bytes: base, timeZone: timeZone)
        var editor = try FrontMatterEditor(bytes: ours, timeZone: timeZone)
        let theirEditor = try FrontMatterEditor(bytes: theirs, timeZone: timeZone)
        let theirsLater = (theirEditor.fields.modified ?? .distantPast) > (editor.fields.modified ?? .distantPast)
        func normalized(_ text: String?) -> String? { text?.replacingOccurrences(of: "\r\n", with: "\n") }
        var keys = editor.keys
        for key in theirEditor.keys where !keys.contains(where: { FrontMatterKey.matches($0, key) }) { keys.append(key) }
        for key in baseEditor?.keys ?? [] where !keys.contains(where: { FrontMatterKey.matches($0, key) }) { keys.append(key) }
        for key in keys {
            if FrontMatterKey.matches(key, FrontMatterKey.tags) {
                try mergeTags(base: baseEditor?.fields.tags ?? [], into: &editor, theirs: theirEditor.fields.tags)
                continue
            }
            let (b, o, t) = (normalized(baseEditor?.entryText(key)), normalized(editor.entryText(key)), normalized(theirEditor.entryText(key)))
            guard o != t, b != t else { continue }
            // Theirs changed it and ours did not, or both did and theirs is the later edit.
            guard b == o || theirsLater else { continue }
            if let text = theirEditor.entryText(key) {
                try editor.putEntry(key, text)
            } else if o != nil, b == o {
                try editor.remove(key)
            }
        }
        return editor.bytes
    }

    /// Tags as sets: kept where both kept them, plus what either side added.
    private static func mergeTags(base: [String], into editor: inout FrontMatterEditor, theirs: [String]) throws {
        let ours = editor.fields.tags
        let baseKeys = Set(base.map(TagName.key)), theirKeys = Set(theirs.map(TagName.key)), ourKeys = Set(ours.map(TagName.key))
        let removed = baseKeys.subtracting(theirKeys).union(baseKeys.subtracting(ourKeys))
        let added = theirs.filter { !baseKeys.contains(TagName.key($0)) && !ourKeys.contains(TagName.key($0)) }
        var removing = ours.filter { removed.contains(TagName.key($0)) && !(theirKeys.contains(TagName.key($0)) && !baseKeys.contains(TagName.key($0))) }
        if removing.isEmpty, added.isEmpty { return }
        // A tag theirs renamed where it stood is renamed where it stands in ours, as
        // `vault tag rename` writes it, rather than removed and appended at the end.
        let renames = renamedInPlace(base: base, theirs: theirs, added: added, ours: ourKeys)
        if !renames.isEmpty {
            try editor.renameTags { renames[TagName.key($0)] ?? $0 }
            removing.removeAll { renames[TagName.key($0)] != nil }
        }
        let renamedTo = Set(renames.values.map(TagName.key))
        try editor.updateTags(removing: removing, adding: added.filter { !renamedTo.contains(TagName.key($0)) })
    }

    /// The tags of `added` that took, in theirs, the place of a base tag theirs no longer
    /// has and ours still does (same tag before it, or both first), by the base tag's key.
    private static func renamedInPlace(base: [String], theirs: [String], added: [String], ours: Set<String>) -> [String: String] {
        let baseKeys = base.map(TagName.key), theirKeys = Set(theirs.map(TagName.key))
        var renames: [String: String] = [:]
        for tag in added {
            guard let at = theirs.firstIndex(where: { TagName.key($0) == TagName.key(tag) }) else { continue }
            let place: Int?
            if at == 0 {
                place = 0
            } else {
                place = baseKeys.firstIndex(of: TagName.key(theirs[at - 1])).map { $0 + 1 }
            }
            guard let place, place < baseKeys.count else { continue }
            let replaced = baseKeys[place]
            guard !theirKeys.contains(replaced), ours.contains(replaced), renames[replaced] == nil else { continue }
            renames[replaced] = tag
        }
        return renames
    }
}
