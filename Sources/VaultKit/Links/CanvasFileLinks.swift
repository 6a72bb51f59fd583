import VaultPlatform

/// The file cards of an Obsidian canvas (a `.canvas` file, JSON Canvas): each node of type
/// `file` names a file of the vault by its path (`"file": "Work/Plan.md"`), and when vault
/// moves that file the card follows it, as it does when Obsidian moves it (docs/links.md);
/// a card showing the heading a rename changes (`"subpath": "#Plan"`) follows that too.
/// Text cards are Markdown that Obsidian neither indexes nor rewrites; neither does vault.
///
/// Only those strings change, each in place: the rest of the file (its indentation, the
/// order of its keys, every other node) stays byte for byte as the app that wrote it left
/// it. A file that is not JSON Canvas (not UTF-8, not a JSON object, nested deeper than
/// `deepest`, larger than `largest`) has no cards, and is left alone. A key given twice in
/// a node counts as its last, as a browser's `JSON.parse` (Obsidian's) reads it.
struct CanvasFileLinks {
    /// A JSON string of the canvas: where its text between the quotes starts, that text as
    /// written (escapes and all), and what it says.
    struct Text {
        let offset: Int
        let written: [UInt8]
        let value: String
    }

    /// A file card: its path, and the heading or block it shows, if any.
    struct Card {
        let file: Text
        let subpath: Text?
    }

    let cards: [Card]

    /// Canvases larger than this are left alone (Obsidian's own are kilobytes).
    static let largest = 16 << 20
    /// Arrays and objects nested deeper than this are not JSON Canvas (which nests three
    /// deep): refused before the reader's recursion could exhaust a thread's stack.
    static let deepest = 64

    /// The ending of a canvas's name, in lower case.
    static let fileExtension = ".canvas"

    /// Whether the file at `path` is a canvas.
    static func isCanvas(_ path: String) -> Bool {
        path.lowercased().hasSuffix(fileExtension)
    }

    /// The file cards of the canvas `bytes`; nil when they are not JSON Canvas.
    init?(_ bytes: [UInt8]) {
        guard bytes.count <= Self.largest, bytes.withUnsafeBytes(\.isValidUTF8) else { return nil }
        var reader = JSONReader(bytes: bytes)
        guard let cards = reader.fileCards(), reader.isAtEnd else { return nil }
        self.cards = cards
    }

    /// The paths the cards name, in file order.
    var paths: [String] { cards.map(\.file.value) }

    /// The splices, in file order, that make each card name where `newPath` says its file
    /// is now (nil: it did not move), and show the heading `headings` says its note's title
    /// heading became (given the note's path after the move; nil: none changed).
    func splices(_ newPath: (String) -> String?, headings: (String) -> LinkRewriter.HeadingRename? = { _ in nil }) -> [ByteSplice] {
        var splices: [ByteSplice] = []
        for card in cards {
            let moved = newPath(card.file.value)
            if let moved { splices.append(Self.splice(card.file, to: moved)) }
            if let subpath = card.subpath, let rename = headings(moved ?? card.file.value), subpath.value == "#" + rename.from {
                splices.append(Self.splice(subpath, to: "#" + rename.to))
            }
        }
        return splices.sorted { $0.offset < $1.offset }
    }

    /// Replaces `text` between its quotes with `value`, escaped as JSON needs.
    private static func splice(_ text: Text, to value: String) -> ByteSplice {
        var output = ByteOutput(capacity: value.utf8.count + 8)
        var value = value
        value.withUTF8 { JSONBytes.appendString(validUTF8: UnsafeRawBufferPointer($0), to: &output) }
        let quoted = output.withBytes { Array($0) }
        return ByteSplice(offset: text.offset, removed: text.written, inserted: Array(quoted.dropFirst().dropLast()))
    }
}

/// A strict JSON reader over bytes known to be UTF-8, that keeps where each string was.
private struct JSONReader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool {
        mutating get {
            skipSpace()
            return index == bytes.count
        }
    }

    /// The top-level object's `nodes`, read for their file cards; the rest is stepped over.
    mutating func fileCards() -> [CanvasFileLinks.Card]? {
        // A byte order mark, which Obsidian's reading passes over.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        var nodes: [CanvasFileLinks.Card] = []
        let read = members(depth: 1) { reader, key in
            guard key == "nodes", reader.peek == UInt8(ascii: "[") else { return reader.value(depth: 2) }
            // The last `nodes` counts, as the last of any key.
            nodes = []
            return reader.elements(depth: 2) { reader in
                guard reader.peek == UInt8(ascii: "{") else { return reader.value(depth: 3) }
                var strings: [String: CanvasFileLinks.Text] = [:]
                let node = reader.members(depth: 3) { reader, key in
                    guard key == "type" || key == "file" || key == "subpath" else { return reader.value(depth: 4) }
                    // Not a string: the key no longer says anything here.
                    guard reader.peek == UInt8(ascii: "\"") else {
                        strings[key] = nil
                        return reader.value(depth: 4)
                    }
                    let start = reader.index + 1
                    guard let text = reader.string() else { return false }
                    strings[key] = CanvasFileLinks.Text(offset: start, written: Array(reader.bytes[start..<reader.index - 1]), value: text)
                    return true
                }
                if strings["type"]?.value == "file", let file = strings["file"] { nodes.append(CanvasFileLinks.Card(file: file, subpath: strings["subpath"])) }
                return node
            }
        }
        return read ? nodes : nil
    }

    fileprivate var peek: UInt8? {
        mutating get {
            skipSpace()
            return index < bytes.count ? bytes[index] : nil
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// An object, each member's value read by `member` (given its key).
    mutating func members(depth: Int, _ member: (inout JSONReader, String) -> Bool) -> Bool {
        guard depth <= CanvasFileLinks.deepest, take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard peek == UInt8(ascii: "\""), let key = string(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// An array, each element read by `element`.
    mutating func elements(depth: Int, _ element: (inout JSONReader) -> Bool) -> Bool {
        guard depth <= CanvasFileLinks.deepest, take(UInt8(ascii: "[")) else { return false }
        if take(UInt8(ascii: "]")) { return true }
        repeat {
            guard element(&self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]"))
    }

    /// Steps over any value.
    mutating func value(depth: Int) -> Bool {
        switch peek {
        case UInt8(ascii: "{"): return members(depth: depth) { reader, _ in reader.value(depth: depth + 1) }
        case UInt8(ascii: "["): return elements(depth: depth) { $0.value(depth: depth + 1) }
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { Array($0) == Array(bytes[index..<index + count]) }
        if matches { index += count }
        return matches
    }

    /// `-? (0 | [1-9] digits) (. digits)? ([eE] [+-]? digits)?`, as JSON has it.
    private mutating func number() -> Bool {
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let start = index
        guard digits() else { return false }
        // No leading zero: `0` alone, or `0.5`.
        if bytes[start] == UInt8(ascii: "0"), index - start > 1 { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return false }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return false }
        }
        return true
    }

    private mutating func digits() -> Bool {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index > start
    }

    /// A string, its escapes read; the reader stands after its closing quote. Nil for a
    /// control character or an unknown escape; a lone surrogate (which `JSON.stringify`
    /// writes for half an emoji) reads as U+FFFD, as a browser shows it.
    mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(validating: utf8, as: UTF8.self)
            case 0..<0x20: return nil
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    utf8 += Array(String(Character(scalar)).utf8)
                default: return nil
                }
            default: utf8.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `\uXXXX` (the `\u` read), with the low half of a surrogate pair; nil
    /// when the digits are not four hexadecimal ones.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        guard (0xD800..<0xE000).contains(high) else { return Unicode.Scalar(high) }
        let replacement: Unicode.Scalar = "\u{FFFD}"
        guard high < 0xDC00, index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
            return replacement
        }
        let escape = index
        index += 2
        guard let low = hex4() else { return nil }
        guard (0xDC00..<0xE000).contains(low) else {
            // Another escape, read on its own.
            index = escape
            return replacement
        }
        return Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = UInt8(ascii: "0")...UInt8(ascii: "9") ~= byte ? byte - UInt8(ascii: "0")
                    : UInt8(ascii: "a")...UInt8(ascii: "f") ~= byte | 0x20 ? (byte | 0x20) - UInt8(ascii: "a") + 10 : nil else { return nil }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }
}
