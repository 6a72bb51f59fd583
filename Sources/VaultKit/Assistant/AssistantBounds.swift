/// How much an assistant is answered at once: no answer over `characters`, both its copies
/// (structured and text) counted; a long note is read page by page from an offset, a long
/// list by a cursor.
public enum AssistantBounds {
    /// The most characters of one answer.
    public static let characters = 40_000
    /// The most characters of one copy of an answer (an answer carries two).
    public static let perCopy = 19_000
    /// The most characters of a note's text in one answer, leaving room for its properties.
    public static let textPage = 15_000
    /// The most notes one list answers, and how many when not asked.
    public static let maximumLimit = 100
    public static let defaultLimit = 20

    /// The limit asked for, within 1…`maximumLimit` (`defaultLimit` when not asked).
    public static func limit(_ asked: Int?) -> Int {
        min(max(asked ?? defaultLimit, 1), maximumLimit)
    }

    /// How many of `items`, from the first, fit in `budget` characters when each takes
    /// `size(item)`; at least one, so that a list always moves on.
    public static func fitting<Item>(_ items: ArraySlice<Item>, budget: Int = perCopy - 1_000, size: (Item) -> Int) -> Int {
        var used = 0
        var count = 0
        for item in items {
            used += size(item)
            if used > budget, count > 0 { break }
            count += 1
        }
        return count
    }

    /// The position a cursor names: a cursor is the position of the next item, as a list
    /// gave it; nil or "" is the start.
    public static func position(ofCursor cursor: String?) throws(VaultError) -> Int {
        guard let cursor, !cursor.isEmpty else { return 0 }
        guard let position = Int(cursor), position >= 0 else {
            throw .invalidCursor(cursor)
        }
        return position
    }
}

/// One page of a note's text: from `offset` (in characters), at most
/// `AssistantBounds.textPage` of them, ending at a line break when one is near.
public struct TextPage: Sendable, Equatable {
    public let text: String
    public let offset: Int
    /// Where the next page starts; nil on the last page.
    public let nextOffset: Int?
    /// The characters of the whole text.
    public let total: Int

    public init(_ whole: String, offset: Int, size: Int = AssistantBounds.textPage) throws(VaultError) {
        let total = whole.count
        guard offset >= 0, offset <= total else {
            throw .offsetPastEnd(offset: offset, total: total)
        }
        let start = whole.index(whole.startIndex, offsetBy: offset)
        let rest = whole[start...]
        guard rest.count > size else {
            self.init(text: String(rest), offset: offset, nextOffset: nil, total: total)
            return
        }
        var end = rest.index(start, offsetBy: size)
        // End at the last line break of the page's final quarter, so that lines stay whole.
        if let lineEnd = rest[rest.index(start, offsetBy: size * 3 / 4)..<end].lastIndex(of: "\n") {
            end = rest.index(after: lineEnd)
        }
        let text = String(rest[..<end])
        self.init(text: text, offset: offset, nextOffset: offset + text.count, total: total)
    }

    private init(text: String, offset: Int, nextOffset: Int?, total: Int) {
        self.text = text
        self.offset = offset
        self.nextOffset = nextOffset
        self.total = total
    }
}
