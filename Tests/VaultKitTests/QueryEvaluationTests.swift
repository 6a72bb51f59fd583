import Foundation
import Testing
@testable import VaultKit
import VaultPlatform

/// A note as a scan would hand it to a filter: the `Note` and its searchable text.
struct QueryTestNote {
    var note: Note
    var body: String

    var path: String { note.path }
}

/// A date from ISO 8601 text with an offset.
func queryTestDate(_ text: String) -> Date {
    guard let date = NoteDate.parse(text, timeZone: TimeZone(identifier: "UTC") ?? .current) else {
        Issue.record("bad test date \(text)")
        return .distantPast
    }
    return date
}

func makeQueryTestNote(
    _ path: String,
    title: String? = nil,
    tags: [String] = [],
    pinned: Bool = false,
    created: String = "2026-06-15T12:00:00+02:00",
    modified: String? = nil,
    sortDate: String? = nil,
    body: String = "",
    brokenFrontMatter: Bool = false
) -> QueryTestNote {
    let name = path.split(separator: "/").last.map { String($0.dropLast(3)) } ?? path
    let createdDate = queryTestDate(created)
    let status = FileStatus(size: Int64(body.utf8.count), inode: 1, mode: 0o100644, modified: FileTime(seconds: 0, nanoseconds: 0),
                            changed: FileTime(seconds: 0, nanoseconds: 0))
    var note = NoteReader.read(UnsafeRawBufferPointer(start: nil, count: 0), path: path, status: status)
    note.title = title ?? name
    note.tags = tags
    note.pinned = pinned
    note.created = createdDate
    note.modified = modified.map(queryTestDate) ?? createdDate
    note.sortDate = sortDate.map(queryTestDate) ?? createdDate
    note.frontMatterError = brokenFrontMatter ? FrontMatterError(message: "did not find expected key", line: 2, column: 1) : nil
    note.hasFrontMatter = true
    return QueryTestNote(note: note, body: body)
}

extension QueryContext {
    /// Friday 20 November 2026, 15:00 in Paris.
    static let paris = QueryContext(
        now: queryTestDate("2026-11-20T15:00:00+01:00"),
        timeZone: TimeZone(identifier: "Europe/Paris") ?? .current
    )
}

/// The paths of the notes `query` matches. Also checks that the one-shot
/// `Query.matches(_:text:context:)` and the metadata-only answer agree with the evaluator.
func queryMatches(_ query: String, in notes: [QueryTestNote], context: QueryContext = .paris) throws -> [String] {
    let parsed = try Query.parse(query)
    let evaluator = parsed.evaluator(context: context)
    return notes.filter { test in
        var body = test.body
        return body.withUTF8 { bytes in
            let text = UnsafeRawBufferPointer(bytes)
            let result = evaluator.matches(test.note, text: text)
            #expect(parsed.matches(test.note, text: text, context: context) == result)
            if let early = evaluator.matchesWithoutText(test.note) {
                #expect(early == result, "\(query) on \(test.path)")
            } else {
                #expect(parsed.needsText, "\(query) undecided without text on \(test.path)")
            }
            return result
        }
    }.map(\.path)
}

@Suite("Query evaluation")
struct QueryEvaluationTests {
    let notes: [QueryTestNote] = [
        makeQueryTestNote("Work/Standup.md", title: "Standup notes", tags: ["work", "project/alpha"], pinned: true,
                          body: "# Standup notes\n\nDiscussed the roadmap with the café team.\n- [ ] send the budget\n"),
        makeQueryTestNote("Work/Projects/Roadmap.md", title: "Roadmap", tags: ["Project"], body: "Quarterly plan"),
        makeQueryTestNote("Work/Projects/Old/Archive.md", tags: ["archive"], body: "deeper than a subfolder"),
        makeQueryTestNote("Groceries.md", body: "milk, eggs, CAFÉ beans"),
        makeQueryTestNote("Personal/Café Crème.md", title: "Café Crème", tags: ["personal", "Café"], body: "Cafe\u{301} au lait"),
        makeQueryTestNote("Work Stuff/Plan.md", tags: ["projects"], pinned: true, body: "nothing here"),
        makeQueryTestNote("Broken.md", title: "Broken", body: "---\ntags: [secret\n---\nBroken front matter text\n", brokenFrontMatter: true),
        makeQueryTestNote("work/lower.md", tags: ["WORK/Sub"], body: "lower-case folder"),
    ]

    private func paths(_ query: String) throws -> [String] {
        try queryMatches(query, in: notes)
    }

    private var allPaths: [String] { notes.map(\.path) }

    private func complement(_ paths: [String]) -> [String] {
        allPaths.filter { !paths.contains($0) }
    }

    @Test("tag: the tag or its descendants, case-insensitively")
    func tags() throws {
        #expect(try paths("tag:work") == ["Work/Standup.md", "work/lower.md"])
        #expect(try paths("#WORK") == ["Work/Standup.md", "work/lower.md"])
        #expect(try paths("tag:work/sub") == ["work/lower.md"])
        #expect(try paths("tag:project") == ["Work/Standup.md", "Work/Projects/Roadmap.md"])
        #expect(try paths("tag:project/alpha") == ["Work/Standup.md"])
        #expect(try paths("tag:project/alph") == [])
        #expect(try paths("tag:proj") == [])
        #expect(try paths("tag:projects") == ["Work Stuff/Plan.md"])
        #expect(try paths("-tag:project") == complement(["Work/Standup.md", "Work/Projects/Roadmap.md"]))
        #expect(try paths("NOT #work") == complement(["Work/Standup.md", "work/lower.md"]))
    }

    @Test("tag names compare after NFC, not ignoring accents")
    func tagNormalisation() throws {
        #expect(try paths("tag:café") == ["Personal/Café Crème.md"])
        #expect(try paths("tag:CAFE\u{301}") == ["Personal/Café Crème.md"])
        #expect(try paths("tag:cafe") == [])
        let decomposed = [makeQueryTestNote("a.md", tags: ["Re\u{301}sume\u{301}/draft"])]
        #expect(try queryMatches("#résumé", in: decomposed) == ["a.md"])
        // The Kelvin sign lower-cases to an ASCII k.
        let kelvin = [makeQueryTestNote("k.md", tags: ["\u{212A}elvin"])]
        #expect(try queryMatches("tag:kelvin", in: kelvin) == ["k.md"])
    }

    @Test("a broken front matter gives no tags, but its text is searchable")
    func brokenFrontMatter() throws {
        #expect(try paths("tag:secret") == [])
        #expect(try paths("secret") == ["Broken.md"])
        #expect(try paths("is:untagged folder:/") == ["Groceries.md", "Broken.md"])
    }

    @Test("folder: the folder and everything below it, case-insensitively")
    func folders() throws {
        let work = ["Work/Standup.md", "Work/Projects/Roadmap.md", "Work/Projects/Old/Archive.md", "work/lower.md"]
        #expect(try paths("folder:Work") == work)
        #expect(try paths("folder:WORK") == work)
        #expect(try paths("folder:work/") == work)
        #expect(try paths("folder:Work/Projects") == ["Work/Projects/Roadmap.md", "Work/Projects/Old/Archive.md"])
        #expect(try paths("folder:work/projects/old") == ["Work/Projects/Old/Archive.md"])
        #expect(try paths("folder:Wor") == [])
        #expect(try paths("folder:\"Work Stuff\"") == ["Work Stuff/Plan.md"])
        #expect(try paths("folder:/") == ["Groceries.md", "Broken.md"])
        #expect(try paths("-folder:/") == complement(["Groceries.md", "Broken.md"]))
        #expect(try paths("folder:café") == [])
        #expect(try paths("folder:PERSONAL") == ["Personal/Café Crème.md"])
        #expect(try paths("NOT folder:Work") == complement(work))
    }

    @Test("folder names compare after NFC")
    func folderNormalisation() throws {
        let decomposed = [makeQueryTestNote("Cafe\u{301}/a.md"), makeQueryTestNote("Café/Sub/b.md"), makeQueryTestNote("Cafe/c.md")]
        #expect(try queryMatches("folder:CAFÉ", in: decomposed) == ["Cafe\u{301}/a.md", "Café/Sub/b.md"])
        #expect(try queryMatches("folder:café/sub", in: decomposed) == ["Café/Sub/b.md"])
    }

    @Test("title: contains, ignoring case and accents")
    func titles() throws {
        #expect(try paths("title:road") == ["Work/Projects/Roadmap.md"])
        #expect(try paths("title:CAFE") == ["Personal/Café Crème.md"])
        #expect(try paths("title:\"cafe creme\"") == ["Personal/Café Crème.md"])
        #expect(try paths("title:roadmap") == ["Work/Projects/Roadmap.md"])
        #expect(try paths("-title:o") == complement(["Work/Standup.md", "Work/Projects/Roadmap.md", "Groceries.md", "Broken.md", "work/lower.md"]))
    }

    @Test("is: pinned, unsorted, untagged")
    func states() throws {
        #expect(try paths("is:pinned") == ["Work/Standup.md", "Work Stuff/Plan.md"])
        #expect(try paths("-is:pinned") == complement(["Work/Standup.md", "Work Stuff/Plan.md"]))
        #expect(try paths("is:unsorted") == ["Groceries.md", "Broken.md"])
        #expect(try paths("NOT is:unsorted") == complement(["Groceries.md", "Broken.md"]))
        #expect(try paths("is:untagged") == ["Groceries.md", "Broken.md"])
        #expect(try paths("-is:untagged") == complement(["Groceries.md", "Broken.md"]))
    }

    @Test("words and phrases: title or body, ignoring case and diacritics, NFC or NFD")
    func text() throws {
        #expect(try paths("cafe") == ["Work/Standup.md", "Groceries.md", "Personal/Café Crème.md"])
        #expect(try paths("CAFÉ") == ["Work/Standup.md", "Groceries.md", "Personal/Café Crème.md"])
        #expect(try paths("cafe\u{301}") == ["Work/Standup.md", "Groceries.md", "Personal/Café Crème.md"])
        #expect(try paths("-cafe") == complement(["Work/Standup.md", "Groceries.md", "Personal/Café Crème.md"]))
        #expect(try paths("\"au lait\"") == ["Personal/Café Crème.md"])
        #expect(try paths("\"lait au\"") == [])
        #expect(try paths("\"café team\"") == ["Work/Standup.md"])
        #expect(try paths("crème") == ["Personal/Café Crème.md"])  // in the title only
        #expect(try paths("standup") == ["Work/Standup.md"])
        #expect(try paths("budget") == ["Work/Standup.md"])
        #expect(try paths("quarterly plan") == ["Work/Projects/Roadmap.md"])
        #expect(try paths("and") == ["Work/Standup.md"])  // inside "Standup": substrings match
        #expect(try paths("\"the roadmap\" OR lower") == ["Work/Standup.md", "work/lower.md"])
    }

    @Test("combinations")
    func combinations() throws {
        #expect(try paths("#work cafe") == ["Work/Standup.md"])
        #expect(try paths("folder:Work -#work") == ["Work/Projects/Roadmap.md", "Work/Projects/Old/Archive.md"])
        #expect(try paths("is:pinned OR is:unsorted") == ["Work/Standup.md", "Groceries.md", "Work Stuff/Plan.md", "Broken.md"])
        #expect(try paths("(#work OR #personal) cafe") == ["Work/Standup.md", "Personal/Café Crème.md"])
        #expect(try paths("#work OR #personal cafe") == ["Work/Standup.md", "Personal/Café Crème.md", "work/lower.md"])
        #expect(try paths("NOT (is:pinned OR folder:/)") == complement(["Work/Standup.md", "Work Stuff/Plan.md", "Groceries.md", "Broken.md"]))
    }

    @Test("metadata decides before the text is read")
    func shortCircuit() throws {
        let note = notes[0].note  // pinned, tagged work
        let context = QueryContext.paris
        // Only decided by the text: undecided on metadata alone.
        #expect(try Query.parse("cafe").evaluator(context: context).matchesWithoutText(note) == nil)
        // AND with a false metadata term, OR with a true one: decided without the text.
        #expect(try Query.parse("cafe -is:pinned").evaluator(context: context).matchesWithoutText(note) == false)
        #expect(try Query.parse("cafe OR #work").evaluator(context: context).matchesWithoutText(note) == true)
        #expect(try Query.parse("(cafe OR x) AND (is:unsorted OR folder:Personal)").evaluator(context: context).matchesWithoutText(note) == false)
        #expect(try Query.parse("NOT (cafe AND tag:nothing)").evaluator(context: context).matchesWithoutText(note) == true)
        // A text that would match if it were read.
        var body = "cafe"
        let matched = try body.withUTF8 { bytes in
            try Query.parse("cafe -is:pinned").evaluator(context: context).matches(note, text: UnsafeRawBufferPointer(bytes))
        }
        #expect(!matched)
    }

    @Test("the evaluator's methods have the shapes of a scan filter's two steps")
    func filterShapes() throws {
        let evaluator = try Query.parse("#work cafe").evaluator(context: .paris)
        let decide: @Sendable (Note) -> Bool? = evaluator.matchesWithoutText
        let matches: @Sendable (Note, UnsafeRawBufferPointer) -> Bool = evaluator.matches
        var body = notes[0].body
        #expect(decide(notes[0].note) == nil)
        #expect(body.withUTF8 { matches(notes[0].note, UnsafeRawBufferPointer($0)) })
        #expect(decide(notes[3].note) == false)
    }
}
