import Foundation

/// The links of a note (docs/links.md), read once when the note is read and kept in the
/// cache, so that backlinks on an unchanged vault read no note file.
package enum NoteLinks: FileProperty {
    package typealias Value = NoteLinkList
    package static let jsonName: String? = nil
    package static let isBulky = true

    package static func read(file: UnsafeRawBufferPointer, path: String) -> NoteLinkList {
        NoteLinkList(links: LinkParser.links(in: file))
    }
}

/// A note's links, kept in the cache as one length-prefixed record of varints.
package struct NoteLinkList: Sendable, Equatable, NotePropertyValue {
    package var links: [NoteLink]

    package func encode(to writer: inout ByteWriter) {
        var record = VarintWriter()
        record.int(links.count)
        for link in links {
            record.int(NoteLink.Kind.allCases.firstIndex(of: link.kind) ?? 0)
            record.string(link.target)
            record.int(link.heading == nil ? 0 : 1)
            if let heading = link.heading { record.string(heading) }
            record.int(link.line)
            record.int(link.column)
            record.int(link.targetRange.lowerBound)
            record.int(link.targetRange.count)
        }
        writer.record(record.bytes)
    }

    package static func decode(from reader: inout ByteReader) -> NoteLinkList? {
        guard let bytes = reader.stringBytes() else { return nil }
        var record = VarintReader(bytes: bytes)
        guard let count = record.int(), count >= 0, count <= bytes.count else { return nil }
        var links: [NoteLink] = []
        links.reserveCapacity(count)
        for _ in 0..<count {
            guard let kindNumber = record.int(), NoteLink.Kind.allCases.indices.contains(kindNumber),
                  let target = record.string(), let hasHeading = record.int() else { return nil }
            var heading: String?
            if hasHeading == 1 {
                guard let text = record.string() else { return nil }
                heading = text
            }
            guard let line = record.int(), let column = record.int(), let start = record.int(), let length = record.int(),
                  start >= 0, length >= 0, length <= Int.max - start else { return nil }
            links.append(NoteLink(kind: NoteLink.Kind.allCases[kindNumber], target: target, heading: heading,
                                  line: line, column: column, targetRange: start..<(start + length)))
        }
        return record.isAtEnd ? NoteLinkList(links: links) : nil
    }

    package static func skip(_ reader: inout ByteReader) -> Bool { reader.skipString() }

    /// True when a link of the encoded list may name a file called `name` (lower-cased,
    /// without `.md`): its target's last part is that name, ignoring ASCII case and `.md`.
    /// Makes no strings, so that a backlinks search passes over most notes without
    /// decoding their links. Nil for bytes that are not a list (a damaged cache entry).
    static func mayName(_ name: [UInt8], in reader: inout ByteReader) -> Bool? {
        guard let bytes = reader.stringBytes() else { return nil }
        var record = VarintReader(bytes: bytes)
        guard let count = record.int(), count >= 0 else { return nil }
        for _ in 0..<count {
            guard record.int() != nil, let target = record.stringBytes(), let hasHeading = record.int() else { return nil }
            if hasHeading == 1, !record.skipString() { return nil }
            for _ in 0..<4 where record.int() == nil { return nil }
            if lastPart(of: target, is: name) { return true }
        }
        return false
    }

    private static let markdownExtension = Array(".md".utf8)

    /// True when the part of `path` after its last `/`, without `.md`, may be `name` (see `matches`).
    static func lastPart(of path: UnsafeRawBufferPointer, is name: [UInt8]) -> Bool {
        let start = (path.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        var end = path.count
        if end - start == name.count + 3, matches(markdownExtension, path, from: end - 3) { end -= 3 }
        return end - start == name.count && matches(name, path, from: start)
    }

    /// True when `target` holds `name` at `start`, ignoring ASCII case (any byte outside
    /// ASCII may differ only by case, which the caller's resolution decides).
    private static func matches(_ name: [UInt8], _ target: UnsafeRawBufferPointer, from start: Int) -> Bool {
        for index in 0..<name.count {
            let byte = target[start + index]
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if lower != name[index], byte < 0x80 || name[index] < 0x80 { return false }
        }
        return true
    }

    package func writeJSON(to json: inout JSONWriter, timeZone: TimeZone) { json.null() }
}
