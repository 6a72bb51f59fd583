import VaultPlatform

// Line arithmetic on UTF-8 bytes, for the readers and editors of note text.

/// The offset of the first `byte` at or after `start`.
func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
    ByteSearch.firstIndex(of: byte, in: bytes, from: start)
}

/// The offset just past the end of the line containing `offset` (its line break included).
func endOfLine(containing offset: Int, in bytes: UnsafeRawBufferPointer) -> Int {
    guard let newline = firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: offset) else { return bytes.count }
    return newline + 1
}

/// The offset where the line containing `offset` starts.
func startOfLine(containing offset: Int, in bytes: UnsafeRawBufferPointer) -> Int {
    var index = min(offset, bytes.count)
    while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
    return index
}

extension UInt8 {
    var isASCIIWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}

/// A line of ``` or ~~~ (after at most three spaces) that opens or closes a fenced code
/// block: its character and how many of it there are.
struct CodeFence: Equatable {
    let character: UInt8
    let length: Int

    /// True when this line closes the block `opening` began: the same character, at least
    /// as many of it, and nothing after them (CommonMark): a ``` inside a ```` block is
    /// its text.
    func closes(_ opening: CodeFence) -> Bool {
        character == opening.character && length >= opening.length && isBare
    }

    private let isBare: Bool

    init?(_ line: UnsafeRawBufferPointer) {
        var index = 0
        while index < min(3, line.count), line[index] == 0x20 { index += 1 }
        guard index < line.count else { return nil }
        let byte = line[index]
        guard byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~") else { return nil }
        var end = index
        while end < line.count, line[end] == byte { end += 1 }
        guard end - index >= 3 else { return nil }
        character = byte
        length = end - index
        isBare = line[end...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}

/// The fenced code blocks of a note, line by line, as the link and task readers both need
/// them: a fence closes only as `CodeFence.closes` says, and one opened in a quote or
/// callout ends with it.
struct FencedCode {
    private var open: CodeFence?
    private var openQuoted = false

    /// True while a block is open: the line read last is code.
    var isOpen: Bool { open != nil }

    /// Reads the next line: its `content` without quote marks, and whether it had any.
    /// True when the line opens or closes a block (or is a fence inside one).
    mutating func read(_ content: UnsafeRawBufferPointer, quoted: Bool) -> Bool {
        if open != nil, openQuoted, !quoted { open = nil }
        guard let marker = CodeFence(content) else { return false }
        if let current = open {
            if marker.closes(current) { open = nil }
        } else {
            (open, openQuoted) = (marker, quoted)
        }
        return true
    }
}

/// `line` without the `>` marks of a quote or callout it is in (each after at most three
/// spaces, with the space after it).
func unquoted(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    var index = 0
    while true {
        var probe = index
        while probe < min(index + 3, line.count), line[probe] == 0x20 { probe += 1 }
        guard probe < line.count, line[probe] == UInt8(ascii: ">") else { break }
        index = probe + 1
        if index < line.count, line[index] == 0x20 { index += 1 }
    }
    return UnsafeRawBufferPointer(rebasing: line[index...])
}

/// Past the code span that starts at the backticks at `index`, or past the backticks
/// when no run of as many closes it (they are then text). `unclosedRuns` (one per line)
/// keeps the lengths of runs that nothing closes, so that a line is read in one pass.
func endOfCodeSpan(_ line: UnsafeRawBufferPointer, at index: Int, unclosedRuns: inout Set<Int>) -> Int {
    var run = index
    while run < line.count, line[run] == UInt8(ascii: "`") { run += 1 }
    let length = run - index
    var search = unclosedRuns.contains(length) ? line.count : run
    while search < line.count {
        guard line[search] == UInt8(ascii: "`") else {
            search += 1
            continue
        }
        var end = search
        while end < line.count, line[end] == UInt8(ascii: "`") { end += 1 }
        if end - search == length { return end }
        search = end
    }
    unclosedRuns.insert(length)
    return run
}
