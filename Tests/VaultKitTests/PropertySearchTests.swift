import Foundation
import Testing
@testable import VaultKit
import VaultPlatform

/// `[key]` and `[key:value]` terms (Obsidian's property search): parsing, and how the
/// value's type decides the comparison.
@Suite struct PropertySearchTests {
    private func note(_ path: String, _ text: String) -> Note {
        let status = FileStatus(size: Int64(text.utf8.count), inode: 1, mode: 0o100644, modified: FileTime(seconds: 0, nanoseconds: 0),
                                changed: FileTime(seconds: 0, nanoseconds: 0))
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { NoteReader.read(UnsafeRawBufferPointer($0), path: path, status: status) }
    }

    private var notes: [Note] {
        [
            note("A.md", "---\nstatus: done\nrating: 4.5\ndue: 2026-11-20\naliases: [Alpha, Beta]\nversion: 1.10.2\n---\n# A\n"),
            note("B.md", "---\nStatus: Open\nrating: 3\ndue: 2026-12-03T10:00:00Z\nowner:\nmeta: {a: 1}\n---\n# B\n"),
            note("C.md", "---\ntags: [x]\n---\n# C\n\nstatus: done in the body\n"),
        ]
    }

    private func matching(_ query: String) throws -> [String] {
        let evaluator = try Query.parse(query).evaluator(context: QueryContext())
        return notes.filter { evaluator.matchesWithoutText($0) == true }.map(\.path)
    }

    @Test(arguments: [
        ("[status]", "[status]"),
        ("[status:done]", "[status:done]"),
        ("[ rating : >= 4 ]", "[rating:>=4]"),
        ("[due:<2026-12] budget", "([due:<2026-12] AND budget)"),
        ("-[status]", "NOT [status]"),
        ("[title:\"a ] b\"]", "[title:\"a ] b\"]"),
        ("[[Plan]]", "[[Plan]]"),
    ])
    func shapes(_ query: String, _ expected: String) throws {
        #expect(try Query.parse(query).description == expected)
    }

    @Test(arguments: [
        ("[status", 1, 8, "expected ']' to close '[' at 1:1"),
        ("[]", 1, 2, "expected a property name after '['"),
        ("[status:]", 1, 9, "expected a value after 'status:'"),
        ("[status:>=]", 1, 9, "expected a value after 'status:'"),
    ])
    func errors(_ query: String, _ line: Int, _ column: Int, _ message: String) {
        #expect(throws: QueryError(message: message, line: line, column: column, sourceLine: query)) { try Query.parse(query) }
    }

    @Test(arguments: [
        ("[status]", ["A.md", "B.md"]),
        ("-[status]", ["C.md"]),
        ("[owner]", ["B.md"]),
        ("[meta]", ["B.md"]),
        ("[STATUS:done]", ["A.md"]),
        ("[status:OPEN]", ["B.md"]),
        ("[status:do]", ["A.md"]),
        ("[status:>n]", ["B.md"]),
        ("[rating:>=4]", ["A.md"]),
        ("[rating:4.5]", ["A.md"]),
        ("[rating:<4]", ["B.md"]),
        ("[due:2026-11]", ["A.md"]),
        ("[due:<2026-12]", ["A.md"]),
        ("[due:>=2026-12-03]", ["B.md"]),
        ("[due:2026]", ["A.md", "B.md"]),
        ("[aliases:beta]", ["A.md"]),
        ("[version:1.10]", ["A.md"]),
        ("[tags]", []),
    ])
    func values(_ query: String, _ expected: [String]) throws {
        #expect(try matching(query) == expected)
    }
}
