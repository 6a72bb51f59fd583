/// Whole entries of the front matter as written (a key, its value and the rest of the line
/// the value ends on): what a three-way merge takes from one side and puts into the other.
extension FrontMatterEditor {
    /// The top-level keys in file order, as written.
    public var keys: [String] {
        frontMatter?.entries.compactMap(\.key.scalar) ?? []
    }

    /// The entry of `key` as written, line break included; nil when the key is absent or
    /// set twice.
    public func entryText(_ key: String) -> String? {
        entryRange(key).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Replaces the entry of `key` by `text` (another entry as written; its line breaks
    /// become the block's), or adds it at the end of the front matter.
    public mutating func putEntry(_ key: String, _ text: String) throws(FrontMatterError) {
        guard let frontMatter, !frontMatter.isFlowMapping else {
            throw FrontMatterError(message: "cannot merge key '\(key)' into front matter written as {…}", line: 1, column: 1)
        }
        var entry = text.replacingOccurrences(of: "\r\n", with: "\n")
        if !entry.hasSuffix("\n") { entry += "\n" }
        if frontMatter.block.lineBreak == .crlf { entry = entry.replacingOccurrences(of: "\n", with: "\r\n") }
        if let range = entryRange(key) {
            try splice(range, with: Array(entry.utf8))
            return
        }
        var insertion = frontMatter.block.closingLine.lowerBound
        if insertion > frontMatter.block.yamlRange.lowerBound, bytes[insertion - 1] != UInt8(ascii: "\n") {
            entry = frontMatter.block.lineBreak.rawValue + entry
            insertion = frontMatter.block.closingLine.lowerBound
        }
        try splice(insertion..<insertion, with: Array(entry.utf8))
    }

    private func entryRange(_ key: String) -> Range<Int>? {
        guard let frontMatter, let pair = try? single(key, in: frontMatter) else { return nil }
        return bytes.withUnsafeBytes { raw in
            startOfLine(containing: pair.key.start, in: raw)..<endOfLine(containing: max(pair.key.end, pair.value.contentEnd - 1), in: raw)
        }
    }
}
