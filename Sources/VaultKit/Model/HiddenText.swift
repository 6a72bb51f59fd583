import VaultPlatform

/// Comments (`<!-- … -->`, Obsidian's `%% … %%`) and math blocks (`$$ … $$`), which
/// may span lines: nothing in them is a link or a tag, as Obsidian reads them.
struct HiddenText {
    private enum Closer { case html, percent, math }
    private var open: Closer?

    var isOpen: Bool { open != nil }

    /// The ranges of `line` that are hidden, reading on from the lines before.
    mutating func read(_ line: UnsafeRawBufferPointer) -> [Range<Int>] {
        guard open != nil || ByteSearch.containsAny(UInt8(ascii: "<"), UInt8(ascii: "%"), UInt8(ascii: "$"), in: line) else { return [] }
        var ranges: [Range<Int>] = []
        var index = 0
        var hiddenFrom = 0
        var unclosedRuns: Set<Int> = []
        while index < line.count {
            if let closer = open {
                let token = Self.token(closer)
                if Self.matches(token, in: line, at: index) {
                    index += token.count
                    ranges.append(hiddenFrom..<index)
                    open = nil
                } else {
                    index += 1
                }
                continue
            }
            if line[index] == UInt8(ascii: "`") {
                // `` `kill $$` `` is code: no comment or math opens in a code span.
                index = endOfCodeSpan(line, at: index, unclosedRuns: &unclosedRuns)
            } else if Self.matches(Self.htmlOpener, in: line, at: index) {
                (open, hiddenFrom) = (.html, index)
                index += Self.htmlOpener.count
            } else if Self.matches(Self.token(.percent), in: line, at: index) {
                (open, hiddenFrom) = (.percent, index)
                index += 2
            } else if Self.matches(Self.token(.math), in: line, at: index) {
                (open, hiddenFrom) = (.math, index)
                index += 2
            } else {
                index += 1
            }
        }
        if open != nil { ranges.append(hiddenFrom..<line.count) }
        return ranges
    }

    private static let htmlOpener = Array("<!--".utf8)

    private static func token(_ closer: Closer) -> [UInt8] {
        switch closer {
        case .html: Array("-->".utf8)
        case .percent: Array("%%".utf8)
        case .math: Array("$$".utf8)
        }
    }

    private static func matches(_ token: [UInt8], in line: UnsafeRawBufferPointer, at index: Int) -> Bool {
        guard index + token.count <= line.count else { return false }
        for offset in token.indices where line[index + offset] != token[offset] { return false }
        return true
    }
}
