extension FrontMatterEditor {
    /// The inline `#tags` of the body as it is now (`InlineTags`), ranges in `bytes`.
    var inlineTags: [InlineTag] {
        let start = bodyStart
        return bytes.withUnsafeBytes { raw in
            InlineTags.occurrences(in: UnsafeRawBufferPointer(rebasing: raw[start...])).map { tag in
                InlineTag(name: tag.name, range: (tag.range.lowerBound + start)..<(tag.range.upperBound + start))
            }
        }
    }

    /// Where the body starts: after the front matter, else after a BOM.
    private var bodyStart: Int {
        if let frontMatter { return frontMatter.block.bodyStart }
        return bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Renames or removes the body's inline tags where they stand: each is passed to
    /// `transform` (without `#`) and becomes `#` and the name it returns, or goes for nil.
    /// Unlike a front-matter item, a renamed tag the note has already stays: it is a word
    /// of the text.
    public mutating func renameInlineTags(_ transform: (String) -> String?) {
        rewriteInlineTags { _, name in transform(name) }
    }

    /// `renameInlineTags`, refusing (the note at `path` unchanged) when a new name written
    /// `#name` would read as another tag or none (`#v1.0` is `v1`, `#2024` no tag).
    mutating func renameInlineTags(_ transform: (String) -> String?, in path: String) throws(VaultError) {
        for tag in inlineTags {
            guard let renamed = transform(tag.name), renamed != tag.name, !InlineTags.readsBack(renamed) else { continue }
            throw .located(Diagnostic(path: path, severity: .error,
                                      message: "left as it is: #\(tag.name) written as #\(renamed) would read as another tag; rename it in the front matter or choose another name"))
        }
        renameInlineTags(transform)
    }

    /// `renameInlineTags` with each tag's position among the body's inline tags.
    ///
    /// A removed tag takes one space next to it along, the one after it if there is one:
    /// `a #x b` becomes `a b`, `text #x` becomes `text`, `#x text` becomes `text`.
    mutating func rewriteInlineTags(_ transform: (_ index: Int, _ name: String) -> String?) {
        var edits: [(range: Range<Int>, text: [UInt8])] = []
        for (index, tag) in inlineTags.enumerated() {
            guard let renamed = transform(index, tag.name) else {
                // Two removed tags side by side (`#a #b`) must not both take the space between.
                let range = removal(of: tag.range)
                edits.append((max(range.lowerBound, edits.last?.range.upperBound ?? 0)..<range.upperBound, []))
                continue
            }
            if renamed != tag.name { edits.append((tag.range, Array(("#" + renamed).utf8))) }
        }
        // From the end, so that each range is still where it was found; the front matter
        // is before them all and keeps its offsets.
        for edit in edits.reversed() { bytes.replaceSubrange(edit.range, with: edit.text) }
    }

    /// The bytes a removed tag at `range` takes: itself and one space beside it.
    private func removal(of range: Range<Int>) -> Range<Int> {
        if range.upperBound < bytes.count, bytes[range.upperBound] == 0x20 { return range.lowerBound..<(range.upperBound + 1) }
        if range.lowerBound > bodyStart, bytes[range.lowerBound - 1] == 0x20 { return (range.lowerBound - 1)..<range.upperBound }
        return range
    }
}
