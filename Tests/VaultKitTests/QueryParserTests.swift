import Testing
@testable import VaultKit

/// The shape of parsed queries, shown fully parenthesised by `QueryExpression.description`.
@Suite("Query parser")
struct QueryParserTests {
    private func shape(_ text: String) throws -> String {
        try Query.parse(text).description
    }

    @Test("words, phrases and adjacency", arguments: [
        ("cafe", "cafe"),
        ("a b", "(a AND b)"),
        ("a AND b", "(a AND b)"),
        ("a b c", "(a AND b AND c)"),
        ("\"hello world\"", "\"hello world\""),
        ("a \"b c\" d", "(a AND \"b c\" AND d)"),
        ("foo-bar", "foo-bar"),
        ("C#", "C#"),
        ("10:30", "10:30"),
        ("::", "::"),
        ("a\nb", "(a AND b)"),
        ("  a\t b  ", "(a AND b)"),
    ])
    func words(_ query: String, _ expected: String) throws {
        #expect(try shape(query) == expected)
    }

    /// A word already matches where it starts a longer one (`budg` finds budget): the star
    /// of `budg*`, as other search tools spell a prefix, is accepted and dropped (in
    /// `title:budg*` too, where the title contains `budg`).
    @Test("a star after a word is a prefix: the word", arguments: [
        ("budg*", "budg"),
        ("budg** plan", "(budg AND plan)"),
        ("*", "*"),
        ("\"budg*\"", "\"budg*\""),
        ("title:budg*", "title:budg"),
    ])
    func prefixStar(_ query: String, _ expected: String) throws {
        #expect(try shape(query) == expected)
    }

    @Test("operators are upper-case only", arguments: [
        ("a and b", "(a AND and AND b)"),
        ("a or b", "(a AND or AND b)"),
        ("not a", "(not AND a)"),
        ("And Or Not", "(And AND Or AND Not)"),
        ("\"AND\"", "\"AND\""),
    ])
    func lowerCaseOperatorsAreWords(_ query: String, _ expected: String) throws {
        #expect(try shape(query) == expected)
    }

    @Test("precedence: NOT > AND > OR", arguments: [
        ("a OR b c", "(a OR (b AND c))"),
        ("a b OR c", "((a AND b) OR c)"),
        ("a AND b OR c AND d", "((a AND b) OR (c AND d))"),
        ("a OR b OR c", "(a OR b OR c)"),
        ("NOT a b", "(NOT a AND b)"),
        ("NOT a OR b", "(NOT a OR b)"),
        ("-a OR b", "(NOT a OR b)"),
        ("a -b", "(a AND NOT b)"),
        ("a OR -b c", "(a OR (NOT b AND c))"),
        ("NOT NOT a", "NOT NOT a"),
        ("--a", "NOT NOT a"),
        ("NOT -a", "NOT NOT a"),
        ("a AND NOT b OR c", "((a AND NOT b) OR c)"),
    ])
    func precedence(_ query: String, _ expected: String) throws {
        #expect(try shape(query) == expected)
    }

    @Test("parentheses", arguments: [
        ("(a)", "a"),
        ("((a))", "a"),
        ("(a OR b) c", "((a OR b) AND c)"),
        ("a (b OR c)", "(a AND (b OR c))"),
        ("NOT (a OR b)", "NOT (a OR b)"),
        ("-(a b)", "NOT (a AND b)"),
        ("(a OR b) AND (c OR d)", "((a OR b) AND (c OR d))"),
        ("a AND (b AND c)", "(a AND (b AND c))"),
        ("(a OR b)c", "((a OR b) AND c)"),
        ("x(y)", "(x AND y)"),
    ])
    func parentheses(_ query: String, _ expected: String) throws {
        #expect(try shape(query) == expected)
    }

    @Test("fields", arguments: [
        ("tag:work", "tag:work"),
        ("#work", "tag:work"),
        ("TAG:Work", "tag:Work"),
        ("Tag:project/alpha", "tag:project/alpha"),
        ("tag:#work", "tag:work"),
        ("#\"work\"", "tag:work"),
        ("folder:Work", "folder:Work"),
        ("folder:\"Work Stuff\"", "folder:\"Work Stuff\""),
        ("folder:Work/Projects", "folder:Work/Projects"),
        ("folder:/Work/", "folder:Work"),
        ("folder:/", "folder:/"),
        ("FOLDER:/", "folder:/"),
        ("title:road", "title:road"),
        ("title:\"Weekly Review\"", "title:\"Weekly Review\""),
        ("is:pinned", "is:pinned"),
        ("IS:Unsorted", "is:unsorted"),
        ("is:untagged", "is:untagged"),
        ("(folder:Work)", "folder:Work"),
        ("tag:AND", "tag:AND"),
    ])
    func fields(_ query: String, _ expected: String) throws {
        #expect(try shape(query) == expected)
    }

    @Test("field terms")
    func fieldTerms() throws {
        #expect(try Query.parse("#Project/Alpha").expression == .term(.tag("Project/Alpha")))
        #expect(try Query.parse("folder:/").expression == .term(.folder("")))
        #expect(try Query.parse("folder:\"Work Stuff/Sub\"").expression == .term(.folder("Work Stuff/Sub")))
        #expect(try Query.parse("is:PINNED").expression == .term(.state(.pinned)))
        #expect(try Query.parse("title:\"a b\"").expression == .term(.title("a b")))
        #expect(try Query.parse("\"say \\\"hi\\\" \\\\ now\"").expression == .term(.phrase("say \"hi\" \\ now")))
        #expect(try Query.parse("\"a\\b\"").expression == .term(.phrase("a\\b")))
        #expect(try Query.parse("and").expression == .term(.word("and")))
    }

    @Test("dates", arguments: [
        ("created:2026", QueryTerm.date(.created, .within(.year(2026)))),
        ("created:2026-11", .date(.created, .within(.month(year: 2026, month: 11)))),
        ("modified:2026-11-20", .date(.modified, .within(.day(year: 2026, month: 11, day: 20)))),
        ("date:>2026-11", .date(.sortDate, .after(.month(year: 2026, month: 11)))),
        ("date:>=2026-11-20", .date(.sortDate, .onOrAfter(.day(year: 2026, month: 11, day: 20)))),
        ("date:<2026", .date(.sortDate, .before(.year(2026)))),
        ("date:<=2026-02", .date(.sortDate, .onOrBefore(.month(year: 2026, month: 2)))),
        ("date:2026-01-01..2026-03-31", .date(.sortDate, .range(.day(year: 2026, month: 1, day: 1), .day(year: 2026, month: 3, day: 31)))),
        ("date:2025..2026-06", .date(.sortDate, .range(.year(2025), .month(year: 2026, month: 6)))),
        ("date:2026-01..today", .date(.sortDate, .range(.month(year: 2026, month: 1), .today))),
        ("created:today", .date(.created, .within(.today))),
        ("created:Yesterday", .date(.created, .within(.yesterday))),
        ("modified:>=yesterday", .date(.modified, .onOrAfter(.yesterday))),
        ("modified:7d", .date(.modified, .last(7, .days))),
        ("modified:4w", .date(.modified, .last(4, .weeks))),
        ("modified:6m", .date(.modified, .last(6, .months))),
        ("modified:1y", .date(.modified, .last(1, .years))),
        ("modified:12D", .date(.modified, .last(12, .days))),
        ("DATE:2026", .date(.sortDate, .within(.year(2026)))),
        ("date:\"2026-11\"", .date(.sortDate, .within(.month(year: 2026, month: 11)))),
        ("created:2024-02-29", .date(.created, .within(.day(year: 2024, month: 2, day: 29)))),
    ])
    func dates(_ query: String, _ expected: QueryTerm) throws {
        #expect(try Query.parse(query).expression == .term(expected))
    }

    @Test("and/or chains are one node; explicit parentheses are kept")
    func chains() throws {
        #expect(try Query.parse("a b AND c").expression == .and([.term(.word("a")), .term(.word("b")), .term(.word("c"))]))
        #expect(try Query.parse("a OR b OR c").expression == .or([.term(.word("a")), .term(.word("b")), .term(.word("c"))]))
        #expect(try Query.parse("a OR (b OR c)").expression == .or([.term(.word("a")), .or([.term(.word("b")), .term(.word("c"))])]))
    }

    @Test("description reads back as the same tree", arguments: [
        "a b OR -c", "NOT (#work OR folder:\"Work Stuff\") title:x", "\"AND\" OR \"-x\" OR \"#y\" OR \"tag:z\"",
        "created:>=2026-11 date:2026-01-01..2026-03-31 modified:7d", "is:pinned -is:untagged folder:/",
        "\"a \\\"quoted\\\" phrase\"", "10:30 OR tag:a/b",
    ])
    func roundTrip(_ query: String) throws {
        let parsed = try Query.parse(query)
        #expect(try Query.parse(parsed.description).expression == parsed.expression)
    }

    @Test("needsText only for words and phrases", arguments: [
        ("cafe", true), ("\"a b\"", true), ("#work -cafe", true), ("NOT (is:pinned OR x)", true),
        ("#work", false), ("title:cafe", false), ("folder:/ is:pinned -tag:x", false), ("created:7d", false),
    ])
    func needsText(_ query: String, _ expected: Bool) throws {
        #expect(try Query.parse(query).needsText == expected)
    }
}
