import VaultPlatform

/// A tag with the number of notes tagged with it or one of its descendants.
public struct TagNode: Sendable, Equatable {
    /// This level's name (`alpha` for `project/alpha`), spelled as most notes spell it.
    public var name: String
    /// The full name (`project/alpha`).
    public var path: String
    public var count: Int
    public var children: [TagNode]
}

/// Counts tags over many notes. A vault has a few hundred distinct spellings and a
/// hundred thousand notes, so each spelling is worked out once (its key, its ancestors)
/// and a note costs one lookup of its bytes per tag.
struct TagTally: Sendable {
    private struct Spelling {
        var text: String
        var key: Int
        /// Where the keys of the tag and of each ancestor (`a/b/c`, `a/b`, `a`) are in
        /// `lineages`: one array for all, so that counting a tag retains nothing.
        var lineage: Range<Int>
        var uses = 0
    }

    private var spellingIndex = ByteTable()
    private var spellings: [Spelling] = []
    private var lineages: [Int] = []
    private var keyIndex: [String: Int] = [:]
    private var keys: [String] = []
    /// Notes tagged with each key or one of its descendants.
    private var counts: [Int] = []
    /// The last note that counted each key, so a note counts a key once.
    private var lastNote: [Int] = []
    private var notes = 0

    /// Counts the tags of one note.
    mutating func add(_ note: Note) {
        notes += 1
        note.forEachTag { tag in
            let spelling = spellingIndex.index(of: tag) ?? newSpelling(String(decoding: tag, as: UTF8.self))
            spellings[spelling].uses += 1
            for position in spellings[spelling].lineage {
                let key = lineages[position]
                if lastNote[key] != notes {
                    lastNote[key] = notes
                    counts[key] += 1
                }
            }
        }
    }

    /// Uncounts the tags of one note counted before (a note a save changed or removed).
    mutating func remove(_ note: Note) {
        // A fresh mark, so that each key is uncounted once for the note.
        notes += 1
        note.forEachTag { tag in
            guard let spelling = spellingIndex.index(of: tag), spellings[spelling].uses > 0 else { return }
            spellings[spelling].uses -= 1
            for position in spellings[spelling].lineage {
                let key = lineages[position]
                if lastNote[key] != notes {
                    lastNote[key] = notes
                    counts[key] -= 1
                }
            }
        }
    }

    /// Adds the counts of another tally (of other notes).
    mutating func merge(_ other: TagTally) {
        for spelling in other.spellings {
            let own = spellingIndex.index(of: spelling.text) ?? newSpelling(spelling.text)
            spellings[own].uses += spelling.uses
        }
        for (key, count) in zip(other.keys, other.counts) {
            counts[keyID(key)] += count
        }
    }

    private mutating func newSpelling(_ tag: String) -> Int {
        let key = TagName.key(tag)
        var lineage = [keyID(key)]
        var prefix = key[...]
        while let slash = prefix.utf8.lastIndex(of: UInt8(ascii: "/")) {
            prefix = prefix[..<slash]
            lineage.append(keyID(String(prefix)))
        }
        lineages += lineage
        spellings.append(Spelling(text: tag, key: lineage[0], lineage: (lineages.count - lineage.count)..<lineages.count))
        spellingIndex.insert(tag, index: spellings.count - 1)
        return spellings.count - 1
    }

    private mutating func keyID(_ key: String) -> Int {
        if let id = keyIndex[key] { return id }
        keys.append(key)
        counts.append(0)
        lastNote.append(0)
        keyIndex[key] = keys.count - 1
        return keys.count - 1
    }

    /// The tags as a tree, each level sorted by name.
    func tree() -> [TagNode] {
        // A key is displayed as most notes spell it (ties: the first in code-point order).
        // Spellings are told apart by their bytes; NFC and NFD forms of one spelling
        // count as one (as `String`s they are equal).
        var uses: [String: (key: Int, uses: Int)] = [:]
        // A spelling no note uses any more (all removed since) shows nothing.
        for spelling in spellings where spelling.uses > 0 { uses[spelling.text, default: (spelling.key, 0)].uses += spelling.uses }
        var display: [String?] = Array(repeating: nil, count: keys.count)
        var best: [Int] = Array(repeating: 0, count: keys.count)
        for (text, spelling) in uses {
            let current = display[spelling.key]
            if current == nil || spelling.uses > best[spelling.key] || (spelling.uses == best[spelling.key] && text < current ?? "") {
                display[spelling.key] = text
                best[spelling.key] = spelling.uses
            }
        }
        func displayed(_ key: Int) -> String {
            if let spelled = display[key] { return spelled }
            // An ancestor nobody uses alone: its levels are spelled as in a descendant.
            let prefix = keys[key] + "/"
            let descendant = keys.indices.filter { display[$0] != nil && keys[$0].hasPrefix(prefix) }.min { keys[$0] < keys[$1] }
            guard let descendant, let spelled = display[descendant] else { return keys[key] }
            return spelled.split(separator: "/").prefix(keys[key].split(separator: "/").count).joined(separator: "/")
        }
        var childrenOf: [Int: [Int]] = [:]
        var roots: [Int] = []
        for (id, key) in keys.enumerated() where counts[id] > 0 {
            if let slash = key.lastIndex(of: "/"), let parent = keyIndex[String(key[..<slash])] {
                childrenOf[parent, default: []].append(id)
            } else {
                roots.append(id)
            }
        }
        func build(_ key: Int) -> TagNode {
            let path = displayed(key)
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let children = (childrenOf[key] ?? []).map(build).sorted { $0.name.localizedStandardCompareFast($1.name) < 0 }
            return TagNode(name: name, path: path, count: counts[key], children: children)
        }
        return roots.map(build).sorted { $0.name.localizedStandardCompareFast($1.name) < 0 }
    }
}

/// A hash table from strings to small integers that compares UTF-8 bytes, not Unicode
/// canonical equivalence: one multiply-and-xor pass and a `memcmp` per lookup, where a
/// `Dictionary<String, Int>` lookup costs several times that.
struct ByteTable: Sendable {
    private struct Entry {
        var hash: UInt64
        var start: Int
        var count: Int
        var index: Int
    }

    private var slots = [Int32](repeating: -1, count: 64)
    private var entries: [Entry] = []
    /// The entries' bytes, one after another: looking one up retains nothing.
    private var storage: [UInt8] = []

    func index(of text: String) -> Int? {
        var text = text
        return text.withUTF8 { index(of: UnsafeRawBufferPointer($0)) }
    }

    func index(of bytes: UnsafeRawBufferPointer) -> Int? {
        let hash = Self.hash(bytes)
        return storage.withUnsafeBytes { stored in
            var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
            while slots[slot] >= 0 {
                let entry = entries[Int(slots[slot])]
                if entry.hash == hash, entry.count == bytes.count, Self.equal(stored, entry, bytes) { return entry.index }
                slot = (slot + 1) & (slots.count - 1)
            }
            return nil
        }
    }

    private static func equal(_ stored: UnsafeRawBufferPointer, _ entry: Entry, _ bytes: UnsafeRawBufferPointer) -> Bool {
        ByteSearch.compare(UnsafeRawBufferPointer(rebasing: stored[entry.start..<(entry.start + entry.count)]), bytes) == 0
    }

    /// Adds `text`, which must not be in the table yet.
    mutating func insert(_ text: String, index: Int) {
        if (entries.count + 1) * 2 > slots.count { grow() }
        let start = storage.count
        storage.append(contentsOf: text.utf8)
        let hash = storage.withUnsafeBytes { Self.hash(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        entries.append(Entry(hash: hash, start: start, count: storage.count - start, index: index))
        place(entries.count - 1, hash: hash)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for (number, entry) in entries.enumerated() { place(number, hash: entry.hash) }
    }

    private mutating func place(_ entry: Int, hash: UInt64) {
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(entry)
    }

    /// FNV-1a, with a final mix so that the low bits (the slot) depend on every byte.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        return hash ^ (hash >> 29)
    }
}
