import Foundation
import Testing
@testable import VaultKit

@Suite struct NoteFieldsTests {
    let paris = TimeZone(identifier: "Europe/Paris")!

    func fields(_ yaml: String) throws -> NoteFields {
        let text = "---\n" + yaml + "\n---\nbody\n"
        let frontMatter = try Array(text.utf8).withUnsafeBytes { raw in try FrontMatter.read(raw) }
        return NoteFields(try #require(frontMatter), timeZone: paris)
    }

    @Test(arguments: [
        ("tags: [work, project/alpha]", ["work", "project/alpha"]),
        ("tags:\n  - work\n  - project/alpha", ["work", "project/alpha"]),
        ("tags: work", ["work"]),
        // One string is one tag, as Obsidian reads it: with a comma or a space it is none.
        ("tags: work, home", []),
        ("tags: \"work home\"", []),
        ("tags: [\"#idea\", null, ~]", ["idea"]),
        ("tags: []", []),
        ("tags:", []),
        ("tags: [A, a]", ["A"]),
        // Obsidian reads tags only under `tags` as written.
        ("Tags: [A, a]", []),
        ("tags: [2024]", ["2024"]),
    ])
    func readsEveryTagStyle(yaml: String, expected: [String]) throws {
        #expect(try fields(yaml).tags == expected)
    }

    @Test func reportsInvalidTagsWithTheirPlace() throws {
        let read = try fields("title: x\ntags: [ok, \"bad tag\"]")
        #expect(read.tags == ["ok"])
        #expect(read.problems == [FrontMatterError(message: "invalid tag 'bad tag': a tag cannot contain whitespace", line: 3, column: 12)])
    }

    @Test(arguments: ["true", "True", "yes", "ON", "y"])
    func readsTruthValues(text: String) throws {
        #expect(try fields("pinned: \(text)").pinned)
    }

    @Test func reportsAPinnedValueItCannotUnderstand() throws {
        let read = try fields("pinned: maybe")
        #expect(!read.pinned)
        #expect(read.problems.map(\.message) == ["'pinned' should be true or false, not 'maybe'"])
    }

    @Test(arguments: [
        ("2026-11-20T09:15:00+01:00", "2026-11-20T09:15:00+01:00"),
        ("2026-11-20T09:15:00Z", "2026-11-20T10:15:00+01:00"),
        ("2026-11-20T09:15", "2026-11-20T09:15:00+01:00"),
        ("2026-11-20", "2026-11-20T00:00:00+01:00"),
        ("2026-07-01 18:30:00", "2026-07-01T18:30:00+02:00"),
        ("2026-07-01 18:30:00.5 +02:00", "2026-07-01T18:30:00+02:00"),
        ("2026-11-20T09:15:00.123-0500", "2026-11-20T15:15:00+01:00"),
        ("1767225600000", "2026-01-01T01:00:00+01:00"),
        ("\"2026-11-20\"", "2026-11-20T00:00:00+01:00"),
    ])
    func readsEveryDateForm(text: String, expected: String) throws {
        let created = try #require(try fields("created: \(text)").created)
        #expect(NoteDate.format(created, timeZone: paris) == expected)
    }

    @Test(arguments: ["2026-13-01", "2026-02-30", "yesterday", "20/11/26", "2026-11-20T25:00"])
    func reportsDatesItCannotRead(text: String) throws {
        let read = try fields("sortDate: \(text)")
        #expect(read.sortDate == nil)
        #expect(read.problems.count == 1)
    }

    @Test func readsJSONStyleFrontMatter() throws {
        let read = try fields("{\"title\": \"Hi\", \"tags\": [\"a\", \"b\"], \"pinned\": true}")
        #expect(read.title == "Hi")
        #expect(read.tags == ["a", "b"])
        #expect(read.pinned)
    }

    @Test func locatesYAMLErrorsInTheNoteFile() throws {
        let text = "\u{FEFF}---\ntitle: ok\ntags: [a\n---\n"
        #expect(throws: FrontMatterError(message: "did not find expected ',' or ']' while parsing a flow sequence started at 3:7", line: 4, column: 1)) {
            _ = try Array(text.utf8).withUnsafeBytes { raw in try FrontMatter.read(raw) }
        }
    }

    @Test func reportsInvalidUTF8WithItsPlace() throws {
        let bytes: [UInt8] = Array("---\ntitle: ab".utf8) + [0xFF] + Array("\n---\n".utf8)
        #expect(throws: FrontMatterError(message: "invalid leading UTF-8 octet", line: 2, column: 10)) {
            _ = try bytes.withUnsafeBytes { raw in try FrontMatter.read(raw) }
        }
    }

    @Test func scalarFrontMatterIsAnError() throws {
        #expect(throws: FrontMatterError(message: "front matter is not a mapping of keys to values", line: 2, column: 1)) {
            _ = try Array("---\njust text\n---\n".utf8).withUnsafeBytes { raw in try FrontMatter.read(raw) }
        }
    }
}
