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

    /// Refuses a note that is not UTF-8: an editor (the app's, an assistant's) was given it
    /// with U+FFFD in place of its bad bytes, and would write those back.
    static func requireUTF8(_ file: [UInt8], path: String) throws(VaultError) {
        guard let place = firstInvalidPlace(in: file) else { return }
        throw .located(Diagnostic(path: path, line: place.line, column: place.column, severity: .error,
                                  message: "the note is not valid UTF-8 here, which an editor cannot show; vault leaves it unchanged"))
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
