import Testing
@testable import VaultKit

/// Malformed queries: exact message, line and column.
@Suite("Query errors")
struct QueryErrorTests {
    private func parseError(_ query: String) -> QueryError? {
        do {
            _ = try Query.parse(query)
            return nil
        } catch {
            return error
        }
    }

    @Test("message and place", arguments: [
        // Empty queries.
        ("", "query:1:1: empty query"),
        ("   \t ", "query:1:1: empty query"),
        // Parentheses.
        ("(tag:work OR tag:home", "query:1:22: expected ')' to close '(' at 1:1"),
        ("((a)", "query:1:5: expected ')' to close '(' at 1:1"),
        ("a (b (c) d", "query:1:11: expected ')' to close '(' at 1:3"),
        ("tag:a)", "query:1:6: unexpected ')' without a matching '('"),
        (")", "query:1:1: unexpected ')' without a matching '('"),
        ("(a))", "query:1:4: unexpected ')' without a matching '('"),
        ("()", "query:1:2: empty parentheses"),
        ("(", "query:1:2: expected a term after '('"),
        // Dangling operators.
        ("tag:a AND", "query:1:10: expected a term after 'AND'"),
        ("tag:a AND   ", "query:1:10: expected a term after 'AND'"),
        ("OR x", "query:1:1: expected a term before 'OR'"),
        ("AND x", "query:1:1: expected a term before 'AND'"),
        ("(OR x)", "query:1:2: expected a term before 'OR'"),
        ("a OR OR b", "query:1:6: expected a term after 'OR'"),
        ("a AND AND b", "query:1:7: expected a term after 'AND'"),
        ("a AND OR b", "query:1:7: expected a term after 'AND'"),
        ("(a OR)", "query:1:6: expected a term after 'OR'"),
        ("NOT", "query:1:4: expected a term after 'NOT'"),
        ("NOT )", "query:1:5: expected a term after 'NOT'"),
        ("a NOT OR b", "query:1:7: expected a term after 'NOT'"),
        ("-", "query:1:2: expected a term after '-'"),
        ("(a -)", "query:1:5: expected a term after '-'"),
        ("a - b", "query:1:4: expected a term directly after '-' (no space)"),
        ("a\nOR", "query:2:3: expected a term after 'OR'"),
        // Quotes.
        ("\"abc", "query:1:5: expected '\"' to close the phrase opened at 1:1"),
        ("a \"b c", "query:1:7: expected '\"' to close the phrase opened at 1:3"),
        ("folder:\"Work", "query:1:13: expected '\"' to close the value opened at 1:8"),
        ("#\"work", "query:1:7: expected '\"' to close the tag opened at 1:2"),
        ("\"\"", "query:1:1: empty phrase"),
        // Fields.
        ("tga:work", "query:1:1: unknown field 'tga' (did you mean 'tag'?)"),
        ("a fodler:Work", "query:1:3: unknown field 'fodler' (did you mean 'folder'?)"),
        ("Titel:x", "query:1:1: unknown field 'Titel' (did you mean 'title'?)"),
        ("tags:x", "query:1:1: unknown field 'tags' (did you mean 'tag'?)"),
        ("sortDate:2026", "query:1:1: unknown field 'sortDate' (did you mean 'date'?)"),
        ("pinned:true", "query:1:1: unknown field 'pinned' (did you mean 'is:pinned'?)"),
        ("http://example.com", "query:1:1: unknown field 'http' (known fields: tag, folder, title, is, links, created, modified, date, due, scheduled, done, priority, status, task; put text that contains ':' in quotes)"),
        ("tag:", "query:1:5: expected a value after 'tag:'"),
        ("(folder:)", "query:1:9: expected a value after 'folder:'"),
        ("title:\"\"", "query:1:7: empty value for 'title:'"),
        ("#", "query:1:2: expected a tag name after '#'"),
        ("a # b", "query:1:4: expected a tag name after '#'"),
        ("#\"\"", "query:1:2: empty tag name after '#'"),
        ("tag:a,b", "query:1:5: invalid tag 'a,b': a tag cannot contain ','"),
        ("tag:work/", "query:1:5: invalid tag 'work/': a tag cannot start or end with '/' or have an empty level"),
        ("#c#", "query:1:2: invalid tag 'c#': a tag cannot contain '#'"),
        ("folder:.git", "query:1:8: invalid folder '.git': '.git' starts with '.', and such directories are not part of the vault"),
        ("is:foo", "query:1:4: unknown value 'foo' for 'is:' (expected pinned, unsorted, untagged or orphan)"),
        ("is:pined", "query:1:4: unknown value 'pined' for 'is:' (did you mean 'pinned'?)"),
        // Dates.
        ("created:2026-13", "query:1:14: invalid month '13' in '2026-13' (months are 01 to 12)"),
        ("date:2026-02-30", "query:1:14: invalid day '30' in '2026-02-30' (February 2026 has 28 days)"),
        ("date:2026-04-31", "query:1:14: invalid day '31' in '2026-04-31' (April 2026 has 30 days)"),
        ("date:0000", "query:1:6: invalid year '0000' in '0000' (years are 0001 to 9999)"),
        ("modified:someday", "query:1:10: invalid date 'someday' (expected YYYY, YYYY-MM, YYYY-MM-DD, today, yesterday, tomorrow, or a count like 7d, 4w, 6m)"),
        ("date:2026-1", "query:1:6: invalid date '2026-1' (expected YYYY, YYYY-MM, YYYY-MM-DD, today, yesterday, tomorrow, or a count like 7d, 4w, 6m)"),
        ("date:>=26", "query:1:8: invalid date '26' (expected YYYY, YYYY-MM, YYYY-MM-DD, today, yesterday, tomorrow, or a count like 7d, 4w, 6m)"),
        ("date:>", "query:1:7: expected a date after '>'"),
        ("date:<=", "query:1:8: expected a date after '<='"),
        ("date:>7d", "query:1:7: '7d' cannot follow '>': it already means the last 7 days"),
        ("date:<1w", "query:1:7: '1w' cannot follow '<': it already means the last 1 week"),
        ("date:>2026..2027", "query:1:6: a date range cannot follow '>'"),
        ("date:2026..", "query:1:12: expected a date after '..'"),
        ("date:..2026", "query:1:6: expected a date before '..'"),
        ("date:2026..7d", "query:1:12: '7d' cannot be part of a range"),
        ("date:2026-03..2026-01", "query:1:6: the range '2026-03..2026-01' ends before it starts"),
        ("date:2026-01..2026-13", "query:1:20: invalid month '13' in '2026-13' (months are 01 to 12)"),
        ("date:0d", "query:1:6: the count in '0d' must be at least 1"),
        ("date:9999999d", "query:1:6: the count in '9999999d' is too large (at most 100000)"),
        ("created:\"2026-13\"", "query:1:15: invalid month '13' in '2026-13' (months are 01 to 12)"),
    ])
    func messages(_ query: String, _ expected: String) throws {
        let error = try #require(parseError(query))
        #expect(error.errorDescription == expected)
    }

    @Test("the leftmost problem is reported")
    func leftmost() throws {
        #expect(parseError("tga:x \"unterminated")?.message == "unknown field 'tga' (did you mean 'tag'?)")
        #expect(parseError("OR \"unterminated")?.message == "expected a term before 'OR'")
    }

    @Test("caret display, as the CLI prints it after 'vault: error: '")
    func caret() throws {
        let error = try #require(parseError("(tag:work OR tag:home"))
        #expect(error.rendered == """
            query:1:22: expected ')' to close '(' at 1:1
              (tag:work OR tag:home
                                   ^
            """)
        #expect(error.caretDisplay == "  (tag:work OR tag:home\n                       ^")
        #expect(error.line == 1 && error.column == 22)
        #expect(error.message == "expected ')' to close '(' at 1:1")
    }

    @Test("the caret is under the right character on multi-line queries, with tabs")
    func caretPlacement() throws {
        let second = try #require(parseError("tag:a\n\tOR tga:b"))
        #expect(second.errorDescription == "query:2:5: unknown field 'tga' (did you mean 'tag'?)")
        #expect(second.caretDisplay == "  \tOR tga:b\n  \t   ^")
        let accented = try #require(parseError("café tga:b"))
        #expect(accented.column == 6)
        #expect(accented.caretDisplay == "  café tga:b\n       ^")
    }

    @Test("deep nesting is an error, not a crash")
    func nesting() throws {
        let deep = String(repeating: "(", count: 101) + "a" + String(repeating: ")", count: 101)
        #expect(parseError(deep)?.errorDescription == "query:1:101: the query nests too deeply (more than 100 levels of parentheses and negations)")
        #expect(parseError(String(repeating: "-", count: 500) + "a") != nil)
        let fine = String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)
        #expect(parseError(fine) == nil)
    }

    @Test("long flat queries parse")
    func longQuery() throws {
        let words = (0..<5000).map { "w\($0)" }.joined(separator: " OR ")
        #expect(parseError(words) == nil)
    }

    @Test("errors are lowercase")
    func lowercase() {
        for query in ["", "(", "tga:x", "is:x", "date:x", "\"", "-", "NOT"] {
            let first = parseError(query)?.message.first
            #expect(first.map { !$0.isUppercase } == true, "\(query)")
        }
    }
}
