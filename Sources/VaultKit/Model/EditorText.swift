import VaultPlatform

/// A note's whole text as an editor sends it back (the app's, over the JSON API): what it
/// cannot hold is put back as the file had it, or the save refused. A browser's editor and
/// text areas join lines with LF alone, and show bytes that are not UTF-8 as U+FFFD.
enum EditorText {
    /// `text` in the file's line endings: LF becomes CRLF where the file's first line ends
    /// in CRLF and `text` has no carriage return of its own (an editor that sends one
    /// chose its line endings).
    static func inLineEndings(of file: [UInt8], _ text: [UInt8]) -> [UInt8] {
        guard let newline = file.firstIndex(of: 0x0A), newline > 0, file[newline - 1] == 0x0D, !text.contains(0x0D) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.count + text.count / 32)
        for byte in text {
            if byte == 0x0A { result.append(0x0D) }
            result.append(byte)
        }
        return result
    }

    /// Where `file` is first not UTF-8, as a 1-based line and byte column; nil when it is.
    static func firstInvalidPlace(in file: [UInt8]) -> (line: Int, column: Int)? {
        file.withUnsafeBytes { bytes -> (line: Int, column: Int)? in
            guard !bytes.isValidUTF8 else { return nil }
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var offset = 0
            while case .valid(let scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
            let before = bytes[..<offset]
            let lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
            return (before.count { $0 == 0x0A } + 1, offset - lineStart + 1)
        }
    }
}
