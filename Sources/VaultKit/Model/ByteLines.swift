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

/// ``` or ~~~ (after at most three spaces): the fence character, for a line that opens or
/// closes a fenced code block.
func codeFenceMarker(_ line: UnsafeRawBufferPointer) -> UInt8? {
    var index = 0
    while index < min(3, line.count), line[index] == 0x20 { index += 1 }
    guard index + 2 < line.count else { return nil }
    let byte = line[index]
    guard byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~"), line[index + 1] == byte, line[index + 2] == byte else { return nil }
    return byte
}
