import Foundation
import Testing
@testable import VaultKit

/// A small seeded generator (SplitMix64), so that a failure can be replayed.
struct QueryRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func bool(_ probability: Double = 0.5) -> Bool {
        Double(next() % 1_000_000) / 1_000_000 < probability
    }

    mutating func element<T>(of array: [T]) -> T {
        array[int(in: 0...array.count - 1)]
    }
}

/// A brute-force evaluator of query trees, independent of VaultKit's: text is folded with
/// Foundation and compared scalar by scalar; names with Foundation's case-insensitive
/// comparison, one path component at a time; dates with `Calendar`.
enum QueryReference {
    static func fold(_ text: String) -> [Unicode.Scalar] {
        Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .decomposedStringWithCanonicalMapping.unicodeScalars)
    }

    static func contains(_ haystack: String, _ needle: String) -> Bool {
        let haystack = fold(haystack), needle = fold(needle)
        if needle.isEmpty { return true }
        guard haystack.count >= needle.count else { return false }
        return (0...haystack.count - needle.count).contains { Array(haystack[$0..<$0 + needle.count]) == needle }
    }

    static func sameName(_ a: Substring, _ b: Substring) -> Bool {
        a.compare(b, options: [.caseInsensitive]) == .orderedSame
    }

    /// `name` is `ancestor` or below it, component by component.
    static func isWithin(_ name: String, _ ancestor: String) -> Bool {
        let parts = name.split(separator: "/"), ancestorParts = ancestor.split(separator: "/")
        return parts.count >= ancestorParts.count && zip(parts, ancestorParts).allSatisfy { sameName($0, $1) }
    }

    static func evaluate(_ expression: QueryExpression, _ note: QueryTestNote, context: QueryContext) -> Bool {
        switch expression {
        case .and(let operands): return operands.allSatisfy { evaluate($0, note, context: context) }
        case .or(let operands): return operands.contains { evaluate($0, note, context: context) }
        case .not(let operand): return !evaluate(operand, note, context: context)
        case .term(let term): return evaluate(term, note, context: context)
        }
    }

    static func evaluate(_ term: QueryTerm, _ test: QueryTestNote, context: QueryContext) -> Bool {
        let note = test.note
        switch term {
        case .word(let text), .phrase(let text):
            return contains(note.title, text) || contains(test.body, text)
        case .tag(let tag):
            return note.tags.contains { isWithin($0, tag) }
        case .folder(let folder):
            let parts = note.path.split(separator: "/").dropLast()
            if folder.isEmpty { return parts.isEmpty }
            return isWithin(parts.joined(separator: "/"), folder)
        case .title(let text):
            return contains(note.title, text)
        case .state(.pinned):
            return note.pinned
        case .state(.unsorted):
            return !note.path.contains("/")
        case .state(.untagged):
            return note.tags.isEmpty
        case .date(let field, let condition):
            let date = field == .created ? note.created : field == .modified ? note.modified : note.sortDate
            guard let bounds = interval(condition, context: context) else {
                Issue.record("reference cannot compute \(condition)")
                return false
            }
            return (bounds.0.map { date >= $0 } ?? true) && (bounds.1.map { date < $0 } ?? true)
        case .taskDate, .priority, .status, .task:
            Issue.record("task terms are checked by TaskQueryTests, not generated here")
            return false
        case .links, .state(.orphan):
            Issue.record("link terms need the vault's links: LinkCommandTests checks them")
            return false
        case .property:
            Issue.record("property terms are checked by PropertySearchTests, not generated here")
            return false
        }
    }

    static func interval(_ condition: QueryDateCondition, context: QueryContext) -> (Date?, Date?)? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        let today = calendar.startOfDay(for: context.now)
        guard let tomorrow = calendar.date(byAdding: .day, value: 1, to: today) else { return nil }
        func period(_ period: QueryDateCondition.Period) -> (start: Date, end: Date)? {
            switch period {
            case .year(let year):
                guard let start = calendar.date(from: DateComponents(year: year, month: 1, day: 1)),
                      let end = calendar.date(byAdding: .year, value: 1, to: start) else { return nil }
                return (start, end)
            case .month(let year, let month):
                guard let start = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
                      let end = calendar.date(byAdding: .month, value: 1, to: start) else { return nil }
                return (start, end)
            case .day(let year, let month, let day):
                guard let start = calendar.date(from: DateComponents(year: year, month: month, day: day)),
                      let end = calendar.date(byAdding: .day, value: 1, to: start) else { return nil }
                return (start, end)
            case .today:
                return (today, tomorrow)
            case .yesterday:
                guard let start = calendar.date(byAdding: .day, value: -1, to: today) else { return nil }
                return (start, today)
            case .tomorrow:
                guard let end = calendar.date(byAdding: .day, value: 1, to: tomorrow) else { return nil }
                return (tomorrow, end)
            }
        }
        switch condition {
        case .within(let p): return period(p).map { ($0.start, $0.end) }
        case .after(let p): return period(p).map { ($0.end, nil) }
        case .onOrAfter(let p): return period(p).map { ($0.start, nil) }
        case .before(let p): return period(p).map { (nil, $0.start) }
        case .onOrBefore(let p): return period(p).map { (nil, $0.end) }
        case .range(let a, let b):
            guard let first = period(a), let last = period(b) else { return nil }
            return (first.start, last.end)
        case .last(let count, let unit):
            let lower: Date?
            switch unit {
            case .days: lower = calendar.date(byAdding: .day, value: -count, to: today)
            case .weeks: lower = calendar.date(byAdding: .day, value: -7 * count, to: today)
            case .months: lower = calendar.date(byAdding: .month, value: -count, to: today)
            case .years: lower = calendar.date(byAdding: .year, value: -count, to: today)
            }
            return lower.map { ($0, tomorrow) }
        }
    }
}

/// Random notes and random queries: VaultKit must agree with the reference, and the
/// boolean laws must hold.
@Suite("Query properties")
struct QueryPropertyTests {
    static let vocabulary = [
        "cafe", "Café", "CAFÉ", "cafe\u{301}", "roadmap", "Roadmap", "naïve", "NAIVE", "straße", "STRASSE",
        "σοφία", "ΣΟΦΊΑ", "λόγος", "ΛΟΓΟΣ", "ёлка", "ЕЛКА", "日本", "the", "team", "plan", "résumé", "Resume",
        "über", "Uber", "budget", "a", "ab", "Ab", "and", "or", "10:30", "x-y", "C#",
    ]
    static let separators = [" ", " ", " ", "\n", ", ", ". ", "\n\n- "]
    static let folders = ["", "", "Work/", "work/", "Work/Projects/", "Work/Projects/Deep/", "Personal/", "Café/", "Cafe\u{301}/", "Work Stuff/"]
    static let tags = ["work", "Work", "work/alpha", "project", "Project/Beta", "project/beta/gamma", "café", "Cafe\u{301}", "projects", "été", "ÉTÉ/x"]
    static let queryTags = ["work", "WORK", "work/alpha", "project", "project/beta", "proj", "café", "CAFÉ", "cafe", "projects", "été", "ete", "nothing"]
    static let queryFolders = ["", "Work", "work/projects", "Work/Projects/Deep", "Personal", "café", "CAFÉ", "Work Stuff", "Wor", "Projects"]

    /// Instants around the period boundaries of the fixed "now" (20 November 2026, Paris).
    static let instants: [String] = [
        "2025-12-31T23:59:59+01:00", "2026-01-01T00:00:00+01:00", "2026-10-31T23:59:59+01:00",
        "2026-11-01T00:00:00+01:00", "2026-11-30T23:59:59+01:00", "2026-12-01T00:00:00+01:00",
        "2026-11-19T23:59:59+01:00", "2026-11-20T00:00:00+01:00", "2026-11-20T23:59:59+01:00",
        "2026-11-21T00:00:00+01:00", "2026-11-13T00:00:00+01:00", "2026-11-12T23:59:59+01:00",
        "2026-10-20T00:00:00+02:00", "2026-10-19T23:59:59+02:00", "2026-03-29T01:30:00+01:00",
        "2026-03-29T03:30:00+02:00", "2025-11-20T00:00:00+01:00", "2026-05-20T00:00:00+02:00",
    ]

    private static func text(_ random: inout QueryRandom, words: ClosedRange<Int>) -> String {
        var text = ""
        for index in 0..<random.int(in: words) {
            if index > 0 { text += random.element(of: separators) }
            text += random.element(of: vocabulary)
        }
        return text
    }

    private static func date(_ random: inout QueryRandom) -> String {
        if random.bool(0.7) { return random.element(of: instants) }
        let month = random.int(in: 1...12), day = random.int(in: 1...28), hour = random.int(in: 0...23)
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(random.element(of: ["2025", "2026"]))-\(pad(month))-\(pad(day))T\(pad(hour)):30:00Z"
    }

    static func notes(_ random: inout QueryRandom, count: Int) -> [QueryTestNote] {
        (0..<count).map { index in
            let title = text(&random, words: 1...3)
            let tagCount = random.int(in: 0...3)
            return makeQueryTestNote(
                random.element(of: folders) + "note \(index).md",
                title: title,
                tags: (0..<tagCount).map { _ in random.element(of: tags) },
                pinned: random.bool(0.3),
                created: date(&random),
                modified: date(&random),
                sortDate: date(&random),
                body: random.bool(0.1) ? "" : text(&random, words: 0...25),
                brokenFrontMatter: random.bool(0.05)
            )
        }
    }

    /// A piece of a vocabulary word (or a whole one), to look for.
    private static func fragment(_ random: inout QueryRandom) -> String {
        let word = Array(random.element(of: vocabulary))
        if random.bool(0.5) { return String(word) }
        let start = random.int(in: 0...word.count - 1)
        let end = random.int(in: start + 1...word.count)
        return String(word[start..<end])
    }

    private static func period(_ random: inout QueryRandom) -> QueryDateCondition.Period {
        switch random.int(in: 0...4) {
        case 0: return .year(random.int(in: 2025...2026))
        case 1:
            let anyMonth = random.int(in: 1...12)
            return .month(year: random.int(in: 2025...2026), month: random.element(of: [1, 3, 10, 11, 12, anyMonth]))
        case 2: return .day(year: 2026, month: random.element(of: [1, 3, 10, 11, 12]), day: random.element(of: [1, 12, 13, 19, 20, 21, 28, 29]))
        case 3: return .today
        default: return .yesterday
        }
    }

    private static func dateCondition(_ random: inout QueryRandom) -> QueryDateCondition {
        switch random.int(in: 0...6) {
        case 0: return .within(period(&random))
        case 1: return .after(period(&random))
        case 2: return .onOrAfter(period(&random))
        case 3: return .before(period(&random))
        case 4: return .onOrBefore(period(&random))
        case 5:
            var first = period(&random), last = period(&random)
            // The parser refuses a range that ends before it starts.
            if first.isAbsolute, last.isAbsolute, first.days(today: 0).lowerBound >= last.days(today: 0).upperBound {
                swap(&first, &last)
            }
            return .range(first, last)
        default:
            let anyCount = random.int(in: 1...400)
            return .last(random.element(of: [1, 2, 7, 8, 30, 60, anyCount]), random.element(of: QueryDateCondition.Unit.allCases))
        }
    }

    static func term(_ random: inout QueryRandom) -> QueryTerm {
        switch random.int(in: 0...9) {
        case 0, 1:
            // Text that would not read back as a word is a phrase.
            let text = fragment(&random)
            let special = ["AND", "OR", "NOT"].contains(text) || text.hasPrefix("-") || text.hasPrefix("#")
            return special ? .phrase(text) : .word(text)
        case 2: return .phrase(fragment(&random) + random.element(of: [" ", ", ", "\n"]) + fragment(&random))
        case 3: return .tag(random.element(of: queryTags))
        case 4: return .folder(random.element(of: queryFolders))
        case 5: return .title(fragment(&random))
        case 6: return .state(random.element(of: [.pinned, .unsorted, .untagged]))
        default: return .date(random.element(of: QueryTerm.DateField.allCases), dateCondition(&random))
        }
    }

    static func expression(_ random: inout QueryRandom, depth: Int) -> QueryExpression {
        if depth == 0 || random.bool(0.35) { return .term(term(&random)) }
        switch random.int(in: 0...2) {
        case 0: return .and((0..<random.int(in: 2...3)).map { _ in expression(&random, depth: depth - 1) })
        case 1: return .or((0..<random.int(in: 2...3)).map { _ in expression(&random, depth: depth - 1) })
        default: return .not(expression(&random, depth: depth - 1))
        }
    }

    /// The query as a person would type it: only the parentheses precedence needs, `AND`
    /// or mere adjacency, `NOT` or `-`.
    static func typed(_ expression: QueryExpression, _ random: inout QueryRandom) -> String {
        switch expression {
        case .or(let operands):
            return operands.map { typed($0, &random) }.joined(separator: " OR ")
        case .and(let operands):
            return operands.map { operand -> String in
                if case .or = operand { return "(" + typed(operand, &random) + ")" }
                return typed(operand, &random)
            }.joined(separator: random.bool() ? " AND " : " ")
        case .not(let operand):
            let inner: String
            switch operand {
            case .and, .or: inner = "(" + typed(operand, &random) + ")"
            default: inner = typed(operand, &random)
            }
            return (random.bool() ? "NOT " : "-") + inner
        case .term(let term):
            return term.description
        }
    }

    private static func evaluate(_ query: Query, _ note: QueryTestNote, _ context: QueryContext) -> Bool {
        var body = note.body
        return body.withUTF8 { query.evaluator(context: context).matches(note.note, text: UnsafeRawBufferPointer($0)) }
    }

    @Test("VaultKit agrees with the reference evaluator on random queries", arguments: [1, 2, 3, 4] as [UInt64])
    func agreesWithReference(_ seed: UInt64) throws {
        var random = QueryRandom(seed: seed)
        let context = QueryContext.paris
        let notes = Self.notes(&random, count: 40)
        var matched = 0, total = 0, textDecided = 0
        for _ in 0..<150 {
            let expression = Self.expression(&random, depth: 3)
            let query = Query(expression)
            // The printed form reads back as the same tree, and the typed form means the same.
            let printed = try Query.parse(expression.description)
            #expect(printed.expression == expression, "\(expression)")
            let typedText = Self.typed(expression, &random)
            let typed = try Query.parse(typedText)
            for note in notes {
                let expected = QueryReference.evaluate(expression, note, context: context)
                let actual = Self.evaluate(query, note, context)
                total += 1
                if actual { matched += 1 }
                #expect(actual == expected, "\(expression) on \(note.path) (seed \(seed))")
                #expect(Self.evaluate(typed, note, context) == expected, "\(typedText) on \(note.path) (seed \(seed))")
                let early = query.evaluator(context: context).matchesWithoutText(note.note)
                if let early { #expect(early == actual, "\(expression) decided early on \(note.path)") } else { textDecided += 1 }
                if !query.needsText { #expect(early != nil, "\(expression) needs no text") }
            }
        }
        // The generators are only worth something if they give both outcomes, and often
        // need the text to decide.
        #expect(matched > total / 5 && matched < total * 4 / 5, "\(matched) of \(total) matched")
        #expect(textDecided > total / 10, "\(textDecided) of \(total) needed the text")
    }

    @Test("tag postings never lose a match, and metadata settles only what the text would", arguments: [5, 6, 7] as [UInt64])
    func postingsAndMetadataAgree(_ seed: UInt64) {
        var random = QueryRandom(seed: seed)
        let context = QueryContext.paris
        let notes = Self.notes(&random, count: 40)
        let postings = TagPostings(notes.map(\.note))
        var settled = 0, narrowed = 0
        for _ in 0..<200 {
            let expression = Self.expression(&random, depth: 3)
            let query = Query(expression)
            let evaluator = query.evaluator(context: context)
            let candidates = postings.candidates(for: evaluator).map { Set($0.map(Int.init)) }
            if candidates != nil { narrowed += 1 }
            for (index, note) in notes.enumerated() {
                let actual = Self.evaluate(query, note, context)
                if actual, let candidates { #expect(candidates.contains(index), "\(expression): \(note.path) not a candidate") }
                if let decided = evaluator.matchesWithoutText(note.note) {
                    settled += 1
                    #expect(decided == actual, "\(expression) settled by the metadata of \(note.path) (seed \(seed))")
                }
            }
        }
        #expect(narrowed > 10 && settled > 1000, "narrowed \(narrowed), settled \(settled)")
    }

    @Test("NOT q and q split the notes; a AND b is within a; a is within a OR b", arguments: [11, 12] as [UInt64])
    func laws(_ seed: UInt64) {
        var random = QueryRandom(seed: seed)
        let context = QueryContext.paris
        let notes = Self.notes(&random, count: 40)
        for _ in 0..<150 {
            let a = Self.expression(&random, depth: 2), b = Self.expression(&random, depth: 2)
            let q = Query(a), notQ = Query(.not(a))
            let both = Query(.and([a, b])), either = Query(.or([a, b]))
            for note in notes {
                let inA = Self.evaluate(q, note, context)
                #expect(Self.evaluate(notQ, note, context) != inA, "NOT \(a) on \(note.path)")
                if Self.evaluate(both, note, context) { #expect(inA, "\(a) AND \(b) on \(note.path)") }
                if inA { #expect(Self.evaluate(either, note, context), "\(a) OR \(b) on \(note.path)") }
            }
        }
    }

    @Test("a time zone west of UTC and a different clock give the same agreement")
    func otherContext() throws {
        var random = QueryRandom(seed: 99)
        let context = QueryContext(now: queryTestDate("2026-03-01T02:30:00Z"), timeZone: TimeZone(identifier: "America/Los_Angeles") ?? .current)
        let notes = Self.notes(&random, count: 40)
        for _ in 0..<100 {
            let expression = QueryExpression.term(.date(random.element(of: QueryTerm.DateField.allCases), Self.dateCondition(&random)))
            let query = Query(expression)
            for note in notes {
                #expect(Self.evaluate(query, note, context) == QueryReference.evaluate(expression, note, context: context), "\(expression) on \(note.path)")
            }
        }
    }
}
