import Foundation

/// Changes a note's front matter by editing only the bytes of the keys it sets.
///
/// Every other byte — body, other keys, comments, key order, quoting, indentation, line
/// breaks, a BOM, a missing final newline — is kept. A value keeps its style (a block list
/// stays a block list), a new key goes at the end of the front matter, and a block is
/// created only when a key must be set on a note that has none.
public struct FrontMatterEditor {
    /// The note's bytes with the edits made so far.
    public internal(set) var bytes: [UInt8]
    var frontMatter: FrontMatter?
    let timeZone: TimeZone

    /// Starts editing `bytes`. Throws when the front matter cannot be read: such a note is
    /// never rewritten.
    public init(bytes: [UInt8], timeZone: TimeZone = .current) throws(FrontMatterError) {
        self.bytes = bytes
        self.timeZone = timeZone
        self.frontMatter = try Self.read(bytes)
    }

    /// The understood keys as they are now.
    public var fields: NoteFields {
        frontMatter.map { NoteFields($0, timeZone: timeZone) } ?? NoteFields()
    }

    /// True when the note has a key called `key` (case-insensitively).
    public func has(_ key: String) -> Bool {
        !(frontMatter?.entries(named: key).isEmpty ?? true)
    }

    /// Sets `key` to `value`, replacing only the old value's bytes, or adds the key.
    public mutating func set(_ key: String, to value: FrontMatterValue) throws(FrontMatterError) {
        guard let frontMatter else {
            createBlock(with: "\(key): \(render(value, like: nil))")
            return
        }
        guard let pair = try single(key, in: frontMatter) else {
            append("\(key): \(render(value, like: nil))", to: frontMatter)
            return
        }
        if case .list(let names) = value, case .sequence = pair.value.kind {
            try replaceList(pair, with: names, in: frontMatter)
            return
        }
        replaceValue(of: pair, with: render(value, like: pair.value), in: frontMatter)
    }

    /// Removes `tagsToRemove` and appends `tagsToAdd` (those not present yet), keeping the
    /// lines or items of every other tag exactly as written.
    public mutating func updateTags(removing tagsToRemove: [String], adding tagsToAdd: [String]) throws(FrontMatterError) {
        let removeKeys = Set(tagsToRemove.map(TagName.key))
        let current = fields.tags
        var kept = current.filter { !removeKeys.contains(TagName.key($0)) }
        for tag in tagsToAdd where !kept.contains(where: { TagName.key($0) == TagName.key(tag) }) {
            kept.append(tag)
        }
        if kept.map(TagName.key) == current.map(TagName.key) { return }
        guard let frontMatter, let pair = try single(FrontMatterKey.tags, in: frontMatter) else {
            try set(FrontMatterKey.tags, to: .list(kept))
            return
        }
        switch pair.value.kind {
        case .sequence:
            try replaceList(pair, with: kept, in: frontMatter)
        case .scalar(let text, let style, _) where !pair.value.isNull:
            // One string is one tag (as Obsidian reads it). A string that is no tag
            // (`work, home`) is the user's to fix: replacing it would lose what it says.
            guard !current.isEmpty else {
                throw FrontMatterError(message: "'tags' is the string '\(text)', which is no tag: write it as a list ([a, b]) and run the command again",
                                       line: pair.value.line + 2, column: pair.value.column + 1)
            }
            // A second tag makes it a flow list, the string's own text its first item.
            let single = style != .literal && style != .folded && kept.first == current.first
            let items = single ? [String(decoding: bytes[pair.value.start..<pair.value.contentEnd], as: UTF8.self)] + kept.dropFirst().map { YAMLScalarWriter.render($0, in: .flow) }
                : kept.map { YAMLScalarWriter.render($0, in: .flow) }
            replaceValue(of: pair, with: "[" + items.joined(separator: ", ") + "]", in: frontMatter)
        default:
            replaceValue(of: pair, with: render(.list(kept), like: nil), in: frontMatter)
        }
    }

    /// Removes `key` and its value lines. Does nothing when the key is absent.
    public mutating func remove(_ key: String) throws(FrontMatterError) {
        guard let frontMatter, let pair = try single(key, in: frontMatter) else { return }
        guard !frontMatter.isFlowMapping else {
            throw FrontMatterError(message: "vault cannot remove a key from front matter written as {…}", line: pair.key.line + 2, column: pair.key.column + 1)
        }
        let lines = bytes.withUnsafeBytes { raw in
            startOfLine(containing: pair.key.start, in: raw)..<endOfLine(containing: max(pair.key.start, pair.value.contentEnd - 1), in: raw)
        }
        try splice(lines, with: [])
    }

    /// True when the line of `key` ends with a comment (`pinned: false  # not yet`).
    public func hasComment(on key: String) -> Bool {
        guard let frontMatter, let pair = try? single(key, in: frontMatter) else { return false }
        let end = bytes.withUnsafeBytes { endOfLine(containing: max(pair.key.start, pair.value.contentEnd - 1), in: $0) }
        return pair.value.contentEnd < end && bytes[pair.value.contentEnd..<end].contains(UInt8(ascii: "#"))
    }

    /// Removes the front-matter block when nothing is left between its fences (after the
    /// last key was removed): a note `vault` gave a block to gets back to its first bytes.
    public mutating func removeBlockIfEmpty() throws(FrontMatterError) {
        guard let block = frontMatter?.block, block.yamlRange.isEmpty else { return }
        try splice(block.bomLength..<block.bodyStart, with: [])
    }

    // MARK: - Edits

    private mutating func createBlock(with line: String) {
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let lineBreak = Self.firstLineBreak(in: bytes)
        let block = "---" + lineBreak + line + lineBreak + "---" + lineBreak
        bytes.replaceSubrange(bom..<bom, with: Array(block.utf8))
        frontMatter = try? Self.read(bytes)
    }

    private mutating func append(_ line: String, to frontMatter: FrontMatter) {
        let lineBreak = frontMatter.block.lineBreak.rawValue
        if frontMatter.isFlowMapping, let root = frontMatter.root {
            // `{a: 1}` → `{a: 1, key: value}`: insert before the closing brace.
            let close = root.end - 1
            let previous = bytes[..<close].last { !$0.isASCIIWhitespace }
            let separator = previous == UInt8(ascii: "{") ? "" : previous == UInt8(ascii: ",") ? " " : ", "
            try? splice(close..<close, with: Array((separator + line).utf8))
            return
        }
        if let root = frontMatter.root, root.isNull {
            // A block holding only `~` or `null`: the key takes its place.
            try? splice(root.start..<root.end, with: Array(line.utf8))
            return
        }
        var insertion = frontMatter.block.closingLine.lowerBound
        var text = line + lineBreak
        let yamlStart = frontMatter.block.yamlRange.lowerBound
        // The YAML may lack a final line break only when it is empty; keep lines whole.
        if insertion > yamlStart, bytes[insertion - 1] != UInt8(ascii: "\n") {
            text = lineBreak + line
            insertion = frontMatter.block.closingLine.lowerBound
        }
        // The first key's line gives the indentation (`? key` lines start before the key).
        let indent = frontMatter.entries.first.map { pair in
            let lineStart = bytes.withUnsafeBytes { startOfLine(containing: pair.key.start, in: $0) }
            return String(repeating: " ", count: bytes[lineStart..<pair.key.start].prefix { $0 == 0x20 }.count)
        } ?? ""
        try? splice(insertion..<insertion, with: Array((indent + text).utf8))
    }

    private mutating func replaceValue(of pair: YAMLPair, with text: String, in frontMatter: FrontMatter) {
        let value = pair.value
        if value.isNull, value.start == value.end {
            // `key:` with nothing after it: put the value after the colon.
            let colon = bytes[pair.key.end..<bytes.count].firstIndex(of: UInt8(ascii: ":")) ?? pair.key.end
            var end = colon + 1
            while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
            try? splice((colon + 1)..<end, with: Array((" " + text).utf8).dropLastSpaceIf(end < bytes.count && bytes[end] == UInt8(ascii: "#")))
            return
        }
        if case .sequence(_, false) = value.kind {
            // A block list replaced by a scalar: its item lines go, the value follows the key.
            bytes.withUnsafeBytes { raw in
                let itemsStart = startOfLine(containing: value.start, in: raw)
                let itemsEnd = endOfLine(containing: value.contentEnd - 1, in: raw)
                let colon = bytes[pair.key.end..<itemsStart].firstIndex(of: UInt8(ascii: ":")) ?? pair.key.end
                let keyLineEnd = endOfLine(containing: colon, in: raw)
                var replacement = Array((" " + text).utf8)
                replacement += bytes[(colon + 1)..<keyLineEnd].drop(while: { $0 == UInt8(ascii: " ") })
                try? splice((colon + 1)..<itemsEnd, with: replacement)
            }
            return
        }
        // A block scalar or a block mapping ends after its last line break (a mapping even
        // at the next key); the replacement must keep that break.
        var end = value.contentEnd
        while end > value.start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        if value.line > pair.key.line, value.column <= pair.key.column,
           let colon = bytes[pair.key.end..<value.start].firstIndex(of: UInt8(ascii: ":")) {
            // A value on a later line, no deeper than its key, is legal only for some kinds
            // of node; the new one goes after the colon instead.
            try? splice((colon + 1)..<end, with: Array((" " + text).utf8))
            return
        }
        try? splice(value.start..<end, with: Array(text.utf8))
    }

    private mutating func replaceList(_ pair: YAMLPair, with names: [String], in frontMatter: FrontMatter) throws(FrontMatterError) {
        guard case .sequence(let items, let flow) = pair.value.kind else { return }
        let keyOf: (YAMLNode) -> String? = { node in
            guard var name = node.scalar?.trimmingCharacters(in: .whitespaces), !node.isNull else { return nil }
            if name.hasPrefix("#") { name.removeFirst() }
            return TagName.key(name)
        }
        let wanted = names.map(TagName.key)
        // New items are quoted like the existing ones (`["a", "b"]` stays JSON-like).
        var itemStyle = YAMLNode.ScalarStyle.plain
        if case .scalar(_, let style, _)? = items.first?.kind { itemStyle = style }
        if flow {
            let separator = items.count >= 2 && bytes[items[0].end..<items[1].start].contains(UInt8(ascii: " ")) || items.count < 2 ? ", " : ","
            var parts: [String] = []
            var used = Set<String>()
            for item in items {
                if let key = keyOf(item) {
                    guard wanted.contains(key), !used.contains(key) else { continue }
                    used.insert(key)
                }
                parts.append(String(decoding: bytes[item.start..<item.end], as: UTF8.self))
            }
            for name in names where !used.contains(TagName.key(name)) {
                parts.append(YAMLScalarWriter.render(name, like: itemStyle, in: .flow))
            }
            try splice(pair.value.start..<pair.value.end, with: Array(("[" + parts.joined(separator: separator) + "]").utf8))
            return
        }
        // Block list: keep the lines of kept items, drop the lines of removed ones, and add
        // new items after the last item with the first item's indentation.
        var present = Set<String>()
        var ranges: [(range: Range<Int>, keep: Bool)] = []
        var prefix: [UInt8] = Array("  - ".utf8)
        var oddItem: YAMLNode?
        bytes.withUnsafeBytes { raw in
            for (index, item) in items.enumerated() {
                let start = startOfLine(containing: item.start, in: raw)
                let end = endOfLine(containing: max(item.start, item.contentEnd - 1), in: raw)
                if !item.isNull, !Self.isItemPrefix(bytes[start..<item.start]) { oddItem = oddItem ?? item }
                // New items copy the first item's indentation; an empty `-` has no space.
                if index == 0 { prefix = Array(bytes[start..<item.start]) + (item.isNull ? [0x20] : []) }
                var keep = true
                if let key = keyOf(item) {
                    keep = wanted.contains(key) && !present.contains(key)
                    present.insert(key)
                }
                ranges.append((start..<end, keep))
            }
        }
        if let oddItem {
            // `-` alone on its line, the item below it: the editor's lines would split it.
            throw FrontMatterError(message: "vault cannot edit a list item that does not start on its '-' line",
                                   line: oddItem.line + 2, column: oddItem.column + 1)
        }
        let added = names.filter { !present.contains(TagName.key($0)) }
        guard !ranges.isEmpty, ranges.contains(where: \.keep) || !added.isEmpty else {
            replaceValue(of: pair, with: "[]", in: frontMatter)
            return
        }
        let lineBreak = frontMatter.block.lineBreak.rawValue
        let whole = ranges[0].range.lowerBound..<(ranges.last?.range.upperBound ?? ranges[0].range.upperBound)
        // Lines between items (comments) stay where they were, before the new items.
        var result: [UInt8] = []
        var cursor = whole.lowerBound
        for entry in ranges {
            result += bytes[cursor..<entry.range.lowerBound]
            if entry.keep { result += bytes[entry.range] }
            cursor = entry.range.upperBound
        }
        if !added.isEmpty {
            if let last = result.last, last != UInt8(ascii: "\n") { result += Array(lineBreak.utf8) }
            for name in added {
                result += prefix + Array(YAMLScalarWriter.render(name, like: itemStyle).utf8) + Array(lineBreak.utf8)
            }
            if whole.upperBound == bytes.count || bytes[whole.upperBound - 1] != UInt8(ascii: "\n") {
                // The list ended the file without a line break: keep it that way.
                result.removeLast(lineBreak.utf8.count)
            }
        }
        try splice(whole, with: result)
    }

    /// Replaces `range` and re-reads the front matter, which must still parse.
    mutating func splice(_ range: Range<Int>, with replacement: some Collection<UInt8>) throws(FrontMatterError) {
        bytes.replaceSubrange(range, with: replacement)
        frontMatter = try Self.read(bytes)
    }

    // MARK: - Helpers

    func single(_ key: String, in frontMatter: FrontMatter) throws(FrontMatterError) -> YAMLPair? {
        let matches = frontMatter.entries(named: key)
        if matches.count > 1 {
            let second = matches[1].key
            throw FrontMatterError(message: "key '\(key)' appears more than once; vault will not guess which to change", line: second.line + 2, column: second.column + 1)
        }
        return matches.first
    }

    private func render(_ value: FrontMatterValue, like node: YAMLNode?) -> String {
        let json = frontMatter?.isFlowMapping == true
        switch value {
        case .string(let text):
            if json { return YAMLScalarWriter.doubleQuoted(text) }
            if case .scalar(_, let style, _)? = node?.kind { return YAMLScalarWriter.render(text, like: style) }
            return YAMLScalarWriter.render(text)
        case .bool(let flag):
            // Keep the user's spelling: yes/no stays yes/no, False becomes True.
            guard let old = node?.scalar else { return flag ? "true" : "false" }
            let word = switch old.lowercased() {
            case "yes", "no": flag ? "yes" : "no"
            case "on", "off": flag ? "on" : "off"
            default: flag ? "true" : "false"
            }
            if old.count > 1, old == old.uppercased() { return word.uppercased() }
            if old.first?.isUppercase == true { return word.prefix(1).uppercased() + word.dropFirst() }
            return word
        case .date(let date):
            // A date written as a day (`modified: 2024-03-30`, as Obsidian's date property
            // writes it) stays a day.
            let text = node?.scalar.map(Self.isDay) == true ? Self.day(date, timeZone: timeZone) : NoteDate.format(date, timeZone: timeZone)
            if case .scalar(_, let style, _)? = node?.kind, style != .plain { return YAMLScalarWriter.render(text, like: style) }
            return json ? "\"\(text)\"" : text
        case .yaml(let text):
            return text
        case .list(let names):
            let items = names.map { json ? YAMLScalarWriter.doubleQuoted($0) : YAMLScalarWriter.render($0, in: .flow) }
            return "[" + items.joined(separator: ", ") + "]"
        }
    }

    /// `2024-03-30`: a day, no time.
    private static func isDay(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
            && bytes.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || (0x30...0x39).contains($0.element) }
    }

    /// `date` as its day in `timeZone`, `2024-03-30`.
    private static func day(_ date: Date, timeZone: TimeZone) -> String {
        String(NoteDate.format(date, timeZone: timeZone).prefix(10))
    }

    private static func read(_ bytes: [UInt8]) throws(FrontMatterError) -> FrontMatter? {
        let frontMatter = try bytes.withUnsafeBytes { raw in
            Result { () throws(FrontMatterError) in try FrontMatter.read(raw) }
        }.get()
        if let block = frontMatter?.block, let lone = loneCarriageReturn(in: bytes, block.yamlRange) {
            // YAML breaks lines there and the editor, working in lines, would not.
            throw FrontMatterError(message: "front matter has a carriage return without a line feed, which vault cannot edit safely",
                                   line: lone.line, column: lone.column)
        }
        return frontMatter
    }

    /// True for what may precede a block list item on its line: indentation, `-`, spaces.
    private static func isItemPrefix(_ bytes: ArraySlice<UInt8>) -> Bool {
        let rest = bytes.drop { $0 == 0x20 || $0 == 0x09 }
        guard rest.first == UInt8(ascii: "-") else { return false }
        return rest.dropFirst().allSatisfy { $0 == 0x20 || $0 == 0x09 } && rest.count > 1
    }

    /// The 1-based line and column of the first CR not followed by LF in `range`.
    private static func loneCarriageReturn(in bytes: [UInt8], _ range: Range<Int>) -> (line: Int, column: Int)? {
        guard let index = bytes[range].indices.first(where: { bytes[$0] == 0x0D && ($0 + 1 == bytes.count || bytes[$0 + 1] != 0x0A) }) else {
            return nil
        }
        let lineStart = bytes.withUnsafeBytes { startOfLine(containing: index, in: $0) }
        let line = bytes[..<index].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        return (line, String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1)
    }

    private static func firstLineBreak(in bytes: [UInt8]) -> String {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return "\n" }
        return newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }
}

private extension Array where Element == UInt8 {
    /// Keeps one space between a value and a comment that follows it.
    func dropLastSpaceIf(_ condition: Bool) -> [UInt8] {
        condition ? self + [UInt8(ascii: " ")] : self
    }
}
