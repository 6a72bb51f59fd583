import VaultPlatform

/// A small streaming XML reader for exports (ENEX and the ENML inside it), safe on hostile
/// input: it expands no entity but the five predefined ones and numeric character
/// references, never fetches a DTD or anything else, refuses a document that declares
/// entities (no "billion laughs"), and bounds every token, the nesting and the attributes.
/// Every error names the file and the 1-based line:column where it was found.
///
/// Strict mode (an ENEX file) checks that each end tag closes the element open; lenient
/// mode (ENML, which is XHTML as apps write it) leaves nesting to its reader and also
/// knows HTML's common named characters (`&nbsp;`), keeping any other `&name;` as text.
struct XMLTokenizer {
    struct Limits: Sendable {
        /// The longest text, CDATA section, comment or tag (an attachment's base64 is one text).
        var tokenBytes = 256 << 20
        var depth = 512
        var attributes = 256
        var nameBytes = 1024
    }

    /// The file errors name.
    let file: String
    let lenient: Bool
    let limits: Limits
    private var buffer: [UInt8]
    private var index = 0
    private var atEnd: Bool
    private let refill: ((inout [UInt8]) throws(VaultError) -> Bool)?
    /// Where the next byte is.
    private(set) var line: Int
    private(set) var column: Int
    private var open: [(name: String, line: Int, column: Int)] = []

    /// Reads the file at `path` (outside the vault) as it goes, a chunk at a time.
    init(path: String, name: String, limits: Limits = Limits()) throws(VaultError) {
        let handle: OpenFile
        do {
            handle = try OpenFile(path, in: Syscalls.currentDirectory)
        } catch {
            throw .invalidArgument("cannot read '\(name)': " + (error.isSymbolicLink ? "it is a symbolic link" : error.isNotRegularFile ? "it is not a regular file" : error.reason))
        }
        let chunk = FileChunkReader(file: handle)
        self.init(name: name, lenient: false, limits: limits, bytes: [], atEnd: false) { (bytes: inout [UInt8]) throws(VaultError) -> Bool in
            do throws(SystemError) {
                return try chunk.append(to: &bytes)
            } catch {
                throw .io(path: name, operation: "read the export", errno: error.code)
            }
        }
    }

    /// Reads `bytes`, which start in `file` at `line`:`column` (the ENML of a CDATA section).
    init(bytes: [UInt8], file: String, lenient: Bool, line: Int = 1, column: Int = 1, limits: Limits = Limits()) {
        self.init(name: file, lenient: lenient, limits: limits, bytes: bytes, atEnd: true, refill: nil)
        self.line = line
        self.column = column
    }

    private init(name: String, lenient: Bool, limits: Limits, bytes: [UInt8], atEnd: Bool,
                 refill: ((inout [UInt8]) throws(VaultError) -> Bool)?) {
        self.file = name
        self.lenient = lenient
        self.limits = limits
        self.buffer = bytes
        self.atEnd = atEnd
        self.refill = refill
        self.line = 1
        self.column = 1
    }

    /// The error for what was found at `line`:`column`.
    func error(_ message: String, line: Int? = nil, column: Int? = nil) -> VaultError {
        .located(Diagnostic(path: file, line: line ?? self.line, column: column ?? self.column, severity: .error, message: message))
    }

    // MARK: - Bytes

    /// True when the byte at `index + offset` is there (reading more when it must).
    private mutating func has(_ offset: Int = 0) throws(VaultError) -> Bool {
        while index + offset >= buffer.count {
            guard !atEnd, let refill else { return false }
            // What was read is dropped now and then: memory stays at about a chunk and a token.
            if index > 1 << 20, index > buffer.count / 2 {
                buffer.removeSubrange(0..<index)
                index = 0
            }
            if try !refill(&buffer) { atEnd = true }
        }
        return true
    }

    private mutating func peek(_ offset: Int = 0) throws(VaultError) -> UInt8? {
        try has(offset) ? buffer[index + offset] : nil
    }

    private mutating func advance() {
        let byte = buffer[index]
        index += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func starts(with text: StaticString) throws(VaultError) -> Bool {
        let count = text.utf8CodeUnitCount
        for offset in 0..<count where try peek(offset) != text.utf8Start[offset] { return false }
        return true
    }

    private mutating func skip(_ count: Int) {
        for _ in 0..<count { advance() }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        !isSpace(byte) && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "/") && byte != UInt8(ascii: "=")
            && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
    }

    private mutating func skipSpaces() throws(VaultError) {
        while let byte = try peek(), Self.isSpace(byte) { advance() }
    }

    // MARK: - Tokens

    /// The next token; nil at the end of the document.
    mutating func next() throws(VaultError) -> XMLToken? {
        while true {
            guard let byte = try peek() else {
                if !lenient, let last = open.last {
                    throw error("unexpected end of file: <\(last.name)> (line \(last.line):\(last.column)) is not closed")
                }
                return nil
            }
            if byte != UInt8(ascii: "<") {
                let (startLine, startColumn) = (line, column)
                let text = try characters(until: UInt8(ascii: "<"), decoding: true)
                if !lenient, open.isEmpty {
                    guard text.allSatisfy(\.isWhitespace) else { throw error("text outside the document's element", line: startLine, column: startColumn) }
                    continue
                }
                return .text(text)
            }
            if try starts(with: "<!--") {
                skip(4)
                _ = try raw(until: "-->", what: "comment")
                continue
            }
            if try starts(with: "<![CDATA[") {
                skip(9)
                let bytes = try raw(until: "]]>", what: "CDATA section")
                return .text(try string(bytes))
            }
            if try starts(with: "<!") {
                try declaration()
                continue
            }
            if try starts(with: "<?") {
                skip(2)
                _ = try raw(until: "?>", what: "processing instruction")
                continue
            }
            if try starts(with: "</") {
                let (startLine, startColumn) = (line, column)
                skip(2)
                let name = try name()
                try skipSpaces()
                guard try peek() == UInt8(ascii: ">") else { throw error("expected '>' to end </\(name)>") }
                advance()
                if !lenient {
                    guard let last = open.last else { throw error("</\(name)> closes no element", line: startLine, column: startColumn) }
                    guard last.name == name else {
                        throw error("</\(name)> does not close <\(last.name)> (line \(last.line):\(last.column))", line: startLine, column: startColumn)
                    }
                    open.removeLast()
                }
                return .end(name: name)
            }
            return try startTag()
        }
    }

    /// `<!DOCTYPE …>`: its identifiers are ignored (nothing is fetched); an internal subset
    /// declaring entities is refused, since expanding them is how an XML bomb works.
    private mutating func declaration() throws(VaultError) {
        let (startLine, startColumn) = (line, column)
        guard try starts(with: "<!DOCTYPE") else { throw error("unexpected '<!'") }
        skip(9)
        var count = 0
        var quote: UInt8?
        while let byte = try peek() {
            count += 1
            if count > limits.nameBytes * 64 { throw error("the document type declaration is too long", line: startLine, column: startColumn) }
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                throw error("the document declares its own entities or elements (an internal DTD subset); entities are not expanded, and such a document is refused")
            } else if byte == UInt8(ascii: ">") {
                advance()
                return
            }
            advance()
        }
        throw error("unexpected end of file in the document type declaration", line: startLine, column: startColumn)
    }

    private mutating func startTag() throws(VaultError) -> XMLToken {
        let (startLine, startColumn) = (line, column)
        advance()
        let name = try name()
        var attributes: [XMLAttribute] = []
        while true {
            try skipSpaces()
            guard let byte = try peek() else { throw error("unexpected end of file in <\(name)>", line: startLine, column: startColumn) }
            if byte == UInt8(ascii: ">") {
                advance()
                try push(name, line: startLine, column: startColumn)
                return .start(name: name, attributes: attributes, selfClosing: false)
            }
            if byte == UInt8(ascii: "/") {
                advance()
                guard try peek() == UInt8(ascii: ">") else { throw error("expected '>' after '/' in <\(name)>") }
                advance()
                return .start(name: name, attributes: attributes, selfClosing: true)
            }
            let attribute = try self.name()
            try skipSpaces()
            guard try peek() == UInt8(ascii: "=") else {
                if lenient {
                    attributes.append(XMLAttribute(name: attribute, value: ""))
                    continue
                }
                throw error("expected '=' after the attribute \(attribute)")
            }
            advance()
            try skipSpaces()
            guard let quote = try peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw error("expected a quoted value for the attribute \(attribute)")
            }
            advance()
            let value = try characters(until: quote, decoding: true)
            guard try peek() == quote else { throw error("unexpected end of file in the attribute \(attribute)") }
            advance()
            guard attributes.count < limits.attributes else { throw error("<\(name)> has more than \(limits.attributes) attributes") }
            attributes.append(XMLAttribute(name: attribute, value: value))
        }
    }

    private mutating func push(_ name: String, line: Int, column: Int) throws(VaultError) {
        guard !lenient else { return }
        guard open.count < limits.depth else { throw error("elements nest deeper than \(limits.depth)", line: line, column: column) }
        open.append((name, line, column))
    }

    private mutating func name() throws(VaultError) -> String {
        var bytes: [UInt8] = []
        while let byte = try peek(), Self.isNameByte(byte) {
            guard bytes.count < limits.nameBytes else { throw error("a name longer than \(limits.nameBytes) bytes") }
            bytes.append(byte)
            advance()
        }
        guard !bytes.isEmpty else { throw error("expected a name after '<'") }
        return try string(bytes)
    }

    /// The bytes up to `terminator` (consumed, not returned).
    private mutating func raw(until terminator: StaticString, what: String) throws(VaultError) -> [UInt8] {
        let (startLine, startColumn) = (line, column)
        var bytes: [UInt8] = []
        while true {
            guard try has() else { throw error("unexpected end of file in a \(what)", line: startLine, column: startColumn) }
            if try starts(with: terminator) {
                skip(terminator.utf8CodeUnitCount)
                return bytes
            }
            guard bytes.count < limits.tokenBytes else { throw error("a \(what) longer than \(limits.tokenBytes) bytes", line: startLine, column: startColumn) }
            bytes.append(buffer[index])
            advance()
        }
    }

    /// Text up to `stop` (not consumed), its references decoded.
    private mutating func characters(until stop: UInt8, decoding: Bool) throws(VaultError) -> String {
        let (startLine, startColumn) = (line, column)
        var bytes: [UInt8] = []
        while let byte = try peek(), byte != stop {
            if stop != UInt8(ascii: "<"), byte == UInt8(ascii: "<") { throw error("'<' in an attribute value") }
            guard bytes.count < limits.tokenBytes else { throw error("a text longer than \(limits.tokenBytes) bytes", line: startLine, column: startColumn) }
            if byte == UInt8(ascii: "&"), decoding {
                bytes += try reference()
                continue
            }
            bytes.append(byte)
            advance()
        }
        return try string(bytes, line: startLine, column: startColumn)
    }

    /// `&…;` at the current byte, as the bytes it stands for.
    private mutating func reference() throws(VaultError) -> [UInt8] {
        let (startLine, startColumn) = (line, column)
        advance()
        var name: [UInt8] = []
        while let byte = try peek(), byte != UInt8(ascii: ";") {
            guard name.count < 32, !Self.isSpace(byte), byte != UInt8(ascii: "<"), byte != UInt8(ascii: "&") else {
                if lenient { return [UInt8(ascii: "&")] + name }
                throw error("'&' that starts no reference (write &amp;)", line: startLine, column: startColumn)
            }
            name.append(byte)
            advance()
        }
        guard try peek() == UInt8(ascii: ";") else {
            if lenient { return [UInt8(ascii: "&")] + name }
            throw error("unexpected end of file in a reference", line: startLine, column: startColumn)
        }
        advance()
        let text = String(decoding: name, as: UTF8.self)
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
                throw error("'&\(text);' is not a character", line: startLine, column: startColumn)
            }
            return Array(String(scalar).utf8)
        }
        if let predefined = Self.predefined[text] { return Array(predefined.utf8) }
        if lenient {
            if let html = Self.htmlCharacters[text] { return Array(html.utf8) }
            return Array("&\(text);".utf8)
        }
        throw error("unknown entity '&\(text);': entities are not expanded", line: startLine, column: startColumn)
    }

    private static let predefined = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
    /// HTML's named characters that ENML (XHTML) notes use: a fixed table, nothing declared.
    static let htmlCharacters = [
        "nbsp": "\u{A0}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "ndash": "–", "mdash": "—",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "hellip": "…", "bull": "•", "middot": "·",
        "copy": "©", "reg": "®", "trade": "™", "deg": "°", "times": "×", "divide": "÷", "euro": "€", "pound": "£",
        "laquo": "«", "raquo": "»", "shy": "\u{AD}", "zwj": "\u{200D}", "zwnj": "\u{200C}",
    ]

    private func string(_ bytes: [UInt8], line: Int? = nil, column: Int? = nil) throws(VaultError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw error("the text is not valid UTF-8", line: line, column: column) }
        return text
    }
}

/// Hands out a file's bytes a chunk at a time, closing it at the end.
final class FileChunkReader: @unchecked Sendable {
    private var file: OpenFile?
    static let chunkSize = 256 * 1024

    init(file: OpenFile) {
        self.file = file
    }

    deinit { file?.close() }

    /// Where each chunk is read into, once allocated.
    private var scratch = [UInt8](repeating: 0, count: FileChunkReader.chunkSize)

    /// Appends the next chunk to `bytes`; false at the end of the file.
    func append(to bytes: inout [UInt8]) throws(SystemError) -> Bool {
        guard let file else { return false }
        let result = scratch.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try file.read(into: raw) } }
        let count = try result.get()
        scratch.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
        if count == 0 {
            file.close()
            self.file = nil
            return false
        }
        return true
    }
}
