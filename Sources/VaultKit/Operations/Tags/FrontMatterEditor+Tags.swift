extension FrontMatterEditor {
    /// Renames or removes tags where they stand: each item of the `tags` value is passed to
    /// `transform` (without a leading `#`), and replaced by the name it returns, or removed
    /// for nil. A renamed item whose new name the note already has is removed rather than
    /// repeated; items the transform leaves alone stay, repeated ones too (the user wrote
    /// them). Items keep their quoting, a `#` prefix and their position, so `git diff`
    /// shows one changed line.
    public mutating func renameTags(_ transform: (String) -> String?) throws(FrontMatterError) {
        guard let frontMatter, let pair = try single(FrontMatterKey.tags, in: frontMatter) else { return }
        /// Whether the item `name` stays (as the name returned): `seen` starts with the
        /// names no item changes, and collects the new names as they are kept.
        func keep(_ name: String, seen: inout Set<String>) -> String? {
            guard let renamed = transform(name) else { return nil }
            if renamed == name { return name }
            return seen.insert(TagName.key(renamed)).inserted ? renamed : nil
        }
        func unchanged(_ names: [String]) -> Set<String> {
            Set(names.filter { transform($0) == $0 }.map(TagName.key))
        }
        switch pair.value.kind {
        case .sequence(let items, true):
            // Only the items that change are touched: `[ "#Type/A", "#Type/B" ]` keeps its
            // spaces, its separators and every other item's bytes.
            var seen = unchanged(items.compactMap { Self.tagItem($0)?.name })
            var replacements: [Int: String] = [:]
            var kept: [Bool] = []
            for (index, item) in items.enumerated() {
                guard let (name, hash, style) = Self.tagItem(item) else {
                    kept.append(true)
                    continue
                }
                guard let renamed = keep(name, seen: &seen) else {
                    kept.append(false)
                    continue
                }
                kept.append(true)
                if renamed != name { replacements[index] = Self.render(renamed, hash: hash, style: style, in: .flow) }
            }
            try editFlowList(pair.value, items: items, kept: kept, replacements: replacements)
        case .sequence(let items, false):
            var seen = unchanged(items.compactMap { Self.tagItem($0)?.name })
            var edits: [(range: Range<Int>, text: String)] = []
            var anyKept = false
            for item in items {
                guard let (name, hash, style) = Self.tagItem(item) else { continue }
                if let renamed = keep(name, seen: &seen) {
                    anyKept = true
                    if renamed != name {
                        edits.append((item.start..<item.end, Self.render(renamed, hash: hash, style: style, in: .block)))
                    }
                    continue
                }
                edits.append((lineRange(of: item), ""))
            }
            let emptied = !anyKept && !edits.isEmpty
            for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
            }
            self.frontMatter = try Self.reread(bytes)
            if emptied, let current = self.frontMatter, let emptiedPair = try single(FrontMatterKey.tags, in: current),
               emptiedPair.value.isNull {
                // A block list with no item left: write `tags: []` rather than `tags:` (null).
                try set(FrontMatterKey.tags, to: .list([]))
            }
        case .scalar(_, let style, _) where !pair.value.isNull:
            // One string is one tag (as Obsidian reads it); a string that is no tag
            // (`a, b`) is not read as tags, so it is not changed as tags either.
            guard let (name, hash, _) = Self.tagItem(pair.value), TagName.problem(with: name) == nil else { return }
            guard let renamed = transform(name) else {
                try splice(pair.value.start..<pair.value.end, with: Array("[]".utf8))
                return
            }
            if renamed != name {
                try splice(pair.value.start..<pair.value.end, with: Array(Self.render(renamed, hash: hash, style: style, in: .block).utf8))
            }
        default:
            return
        }
    }

    /// Sets the tags to exactly `names`, in that order, reusing the text (quoting, lines,
    /// trailing comments) of the items that stay. `vault tag split` uses it to put a list
    /// back the way it was.
    public mutating func setTags(_ names: [String]) throws(FrontMatterError) {
        guard let frontMatter, let pair = try single(FrontMatterKey.tags, in: frontMatter) else {
            if !names.isEmpty { try set(FrontMatterKey.tags, to: .list(names)) }
            return
        }
        if fields.tags == names { return }
        switch pair.value.kind {
        case .sequence(let items, true):
            var texts: [String: String] = [:]
            for item in items {
                guard let (name, _, _) = Self.tagItem(item) else { continue }
                texts[TagName.key(name)] = texts[TagName.key(name)] ?? String(decoding: bytes[item.start..<item.end], as: UTF8.self)
            }
            let style = items.first.flatMap(Self.tagItem)?.style ?? .plain
            try replaceFlowList(pair.value, items: items, with: names.map { texts[TagName.key($0)] ?? Self.render($0, hash: false, style: style, in: .flow) })
        case .sequence(let items, false) where !items.isEmpty && !names.isEmpty:
            var lines: [String: [UInt8]] = [:]
            let region = lineRange(of: items[0]).lowerBound..<lineRange(of: items[items.count - 1]).upperBound
            for item in items {
                if let (name, _, _) = Self.tagItem(item), lines[TagName.key(name)] == nil {
                    lines[TagName.key(name)] = Array(bytes[lineRange(of: item)])
                }
            }
            let prefix = Array(bytes[lineRange(of: items[0]).lowerBound..<items[0].start])
            let style = Self.tagItem(items[0])?.style ?? .plain
            let lineBreak = frontMatter.block.lineBreak.rawValue
            func line(for name: String) -> [UInt8] {
                var line = lines[TagName.key(name)] ?? prefix + Array(Self.render(name, hash: false, style: style, in: .block).utf8)
                if line.last != UInt8(ascii: "\n") { line += Array(lineBreak.utf8) }
                return line
            }
            // The names take the places of the tag items in turn, each place with what
            // stood before it (a blank line, a comment), so that the list keeps its layout;
            // items that are not tags stay where they are.
            var result: [UInt8] = []
            var next = 0
            var cursor = region.lowerBound
            for item in items {
                let range = lineRange(of: item)
                let gap = bytes[cursor..<range.lowerBound]
                cursor = range.upperBound
                if Self.tagItem(item) == nil {
                    result += gap + bytes[range]
                } else if next < names.count {
                    result += gap + line(for: names[next])
                    next += 1
                } else if gap.contains(UInt8(ascii: "#")) {
                    // A place no name takes: its comment stays, its blank lines go.
                    result += gap
                }
            }
            for name in names[next...] { result += line(for: name) }
            if region.upperBound == bytes.count || bytes[region.upperBound - 1] != UInt8(ascii: "\n") {
                result.removeLast(lineBreak.utf8.count)
            }
            try splice(region, with: result)
        default:
            try updateTags(removing: fields.tags, adding: names)
        }
    }

    /// Replaces the items of a flow list at `replacements` and removes those not `kept`
    /// with their separator, leaving every other byte of the list as it is.
    private mutating func editFlowList(_ list: YAMLNode, items: [YAMLNode], kept: [Bool], replacements: [Int: String]) throws(FrontMatterError) {
        guard let lastKept = kept.lastIndex(of: true) else {
            if !items.isEmpty { try splice(list.start..<list.end, with: Array("[]".utf8)) }
            return
        }
        var edits: [(range: Range<Int>, text: String)] = replacements.map { (items[$0.key].start..<items[$0.key].end, $0.value) }
        for index in items.indices where !kept[index] && index < lastKept {
            // The item, its comma and the space up to the next item.
            edits.append((items[index].start..<items[index + 1].start, ""))
        }
        if lastKept < items.count - 1 {
            // Items after the last one kept go with the comma before them.
            edits.append((items[lastKept].end..<items[items.count - 1].end, ""))
        }
        guard !edits.isEmpty else { return }
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        self.frontMatter = try Self.reread(bytes)
    }

    /// The `tags` entry as written: from its key to the end of the line its value ends on
    /// (comments and line break included). What a merge records, so that a split can put
    /// it back byte for byte.
    public var tagsEntryText: String? {
        guard let range = tagsEntryRange() else { return nil }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// Replaces the `tags` entry by `text` (an entry `tagsEntryText` gave), when `text` is
    /// one `tags` entry naming `expected` (by key) and leaves every other entry as it was;
    /// otherwise changes nothing and returns false. The text comes from a record, which
    /// travels through git: it must not write anything but the tags.
    public mutating func replaceTagsEntry(with text: String, expecting expected: [String]) -> Bool {
        guard let range = tagsEntryRange() else { return false }
        var edited = self
        guard (try? edited.splice(range, with: Array(text.utf8))) != nil, edited.tagsEntryText == text,
              edited.fields.tags.map(TagName.key) == expected.map(TagName.key),
              edited.otherEntries.elementsEqual(otherEntries, by: ==) else { return false }
        self = edited
        return true
    }

    /// Every entry but `tags`, as written, and the body: what replacing the tags entry keeps.
    private var otherEntries: [String?] {
        let body = frontMatter.map { String(decoding: bytes[$0.block.bodyStart...], as: UTF8.self) }
        return keys.filter { !FrontMatterKey.matches($0, FrontMatterKey.tags) }.flatMap { [$0, entryText($0)] } + [body]
    }

    private func tagsEntryRange() -> Range<Int>? {
        guard let frontMatter, let pair = try? single(FrontMatterKey.tags, in: frontMatter) else { return nil }
        return bytes.withUnsafeBytes { raw in
            pair.key.start..<endOfLine(containing: max(pair.key.end, pair.value.contentEnd - 1), in: raw)
        }
    }

    /// Writes a flow list of `parts`, separated as its first two items were.
    private mutating func replaceFlowList(_ list: YAMLNode, items: [YAMLNode], with parts: [String]) throws(FrontMatterError) {
        let separator = items.count >= 2 && !bytes[items[0].end..<items[1].start].contains(UInt8(ascii: " ")) ? "," : ", "
        let text = "[" + parts.joined(separator: separator) + "]"
        if text != String(decoding: bytes[list.start..<list.end], as: UTF8.self) {
            try splice(list.start..<list.end, with: Array(text.utf8))
        }
    }

    /// A tag item's name (without `#`), whether it had a `#`, and its quoting.
    private static func tagItem(_ item: YAMLNode) -> (name: String, hash: Bool, style: YAMLNode.ScalarStyle)? {
        guard case .scalar(let raw, let style, _) = item.kind, !item.isNull else { return nil }
        let trimmed = raw.trimmingSpaces()
        let hash = trimmed.hasPrefix("#")
        let name = hash ? String(trimmed.dropFirst()) : trimmed
        return name.isEmpty ? nil : (name, hash, style)
    }

    private static func render(_ name: String, hash: Bool, style: YAMLNode.ScalarStyle, in context: YAMLScalarWriter.Context) -> String {
        let text = (hash ? "#" : "") + name
        // A plain scalar cannot start with `#` (it would be a comment).
        return style == .plain && hash ? YAMLScalarWriter.doubleQuoted(text) : YAMLScalarWriter.render(text, like: style, in: context)
    }

    /// The whole lines of a block list item.
    private func lineRange(of item: YAMLNode) -> Range<Int> {
        bytes.withUnsafeBytes { raw in
            startOfLine(containing: item.start, in: raw)..<endOfLine(containing: max(item.start, item.contentEnd - 1), in: raw)
        }
    }

    static func reread(_ bytes: [UInt8]) throws(FrontMatterError) -> FrontMatter? {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(FrontMatterError) in try FrontMatter.read(raw) }
        }.get()
    }
}
