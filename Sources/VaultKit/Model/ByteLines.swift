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
