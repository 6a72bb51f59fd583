import Foundation
import Testing
@testable import VaultKit

/// Notes with random task lines, written by a generator that remembers what each line
/// means: the reader must find exactly those tasks with exactly those fields, whatever the
/// order of the fields, the signs' variation selectors, the indentation, the line endings
/// and the code blocks around them.
@Suite struct TaskPropertyTests {
    /// What the generator meant by a task line.
    struct Expected: Equatable, CustomStringConvertible {
        var line: Int
        var status: NoteTask.Status
        var text: String
        var priority: NoteTask.Priority = .normal
        var dates: [NoteTask.DateField: String] = [:]
        var recurrence: String?
        var categories: [String] = []

        var description: String { "\(line) \(status) '\(text)' \(priority) \(dates.sorted { $0.key.rawValue < $1.key.rawValue }) \(recurrence ?? "-") \(categories)" }

        init(_ task: NoteTask) {
            line = task.line
            status = task.status
            text = task.text
            priority = task.priority
            for field in NoteTask.DateField.allCases { dates[field] = task[field]?.description }
            recurrence = task.recurrence
            categories = task.categories
        }

        init(line: Int, status: NoteTask.Status, text: String) {
            self.line = line
            self.status = status
            self.text = text
        }
    }

    static let words = ["call", "Mom", "pay", "rent", "café", "naïve", "x", "2026", "a/b", "[link]", "日本", "v1.2"]
    static let tags = ["home", "work/client", "Ünï", "a_b", "x-1"]
    static let statuses: [(String, NoteTask.Status)] = [(" ", .todo), ("/", .doing), ("x", .done), ("X", .done), ("-", .cancelled), ("?", .todo)]
    static let signs: [(String, NoteTask.Priority)] = [("🔺", .highest), ("⏫", .high), ("🔼", .medium), ("🔽", .low), ("⏬", .lowest)]

    /// One random task line and what it means.
    static func taskLine(_ random: inout QueryRandom, number: Int) -> (String, Expected) {
        let indent = random.element(of: ["", "  ", "    ", "\t", " \t"])
        let marker = random.element(of: ["-", "*", "+", "1.", "12)"])
        let (box, status) = random.element(of: statuses)
        var words = (0..<random.int(in: 0...3)).map { _ in random.element(of: Self.words) }
        for _ in 0..<random.int(in: 0...2) {
            words.insert("#" + random.element(of: tags), at: random.int(in: 0...words.count))
        }
        var categories: [String] = []
        for word in words where word.hasPrefix("#") && !categories.contains(String(word.dropFirst())) {
            categories.append(String(word.dropFirst()))
        }
        var expected = Expected(line: number, status: status, text: words.joined(separator: " "))
        expected.categories = categories
        var fields: [String] = []
        for field in NoteTask.DateField.allCases where random.bool(0.3) {
            let date = String(format: "20%02d-%02d-%02d", random.int(in: 20...40), random.int(in: 1...12), random.int(in: 1...28))
            expected.dates[field] = date
            if random.bool(0.2) {
                fields.append("[\(field == .done ? "completion" : field.rawValue):: \(date)]")
            } else {
                fields.append(String(Character(field.sign)) + (random.bool(0.3) ? "\u{FE0F}" : "") + " " + date)
            }
        }
        if random.bool(0.4) {
            let (sign, priority) = random.element(of: signs)
            expected.priority = priority
            fields.append(random.bool(0.2) ? "[priority:: \(priority.rawValue)]" : sign + (random.bool(0.3) ? "\u{FE0F}" : ""))
        }
        if random.bool(0.2) {
            let rule = random.element(of: ["every week", "every 2 days when done", "every month on the 1st"])
            expected.recurrence = rule
            fields.append("🔁 " + rule)
        }
        // The fields in any order, after the words.
        for index in fields.indices.reversed() { fields.swapAt(index, random.int(in: 0...index)) }
        let line = indent + marker + " [" + box + "]" + ([""] + words + fields).joined(separator: " ")
        return (line, expected)
    }

    /// The reference reading of generated notes: the generator's own record.
    @Test func theReaderFindsWhatTheGeneratorWrote() throws {
        var failed = false
        for seed in UInt64(1)...400 where !failed {
            var random = QueryRandom(seed: seed)
            let newline = random.bool(0.3) ? "\r\n" : "\n"
            var lines: [String] = []
            var expected: [Expected] = []
            if random.bool(0.5) { lines += ["---", "tags: [a]", "note: - [ ] not a task in front matter", "---"] }
            var fence: String?
            for _ in 0..<random.int(in: 1...25) {
                switch random.int(in: 0...9) {
                case 0:
                    if let open = fence {
                        lines.append(open)
                        fence = nil
                    } else {
                        fence = random.element(of: ["```", "~~~"])
                        lines.append((fence ?? "") + random.element(of: ["", "swift", "md"]))
                    }
                case 1:
                    lines.append(random.element(of: ["", "# Heading", "some text - [ ] inline", "> a quote", "-[ ] no space", "- [] empty"]))
                default:
                    let (line, meaning) = Self.taskLine(&random, number: lines.count + 1)
                    // A task in a quote or callout is a task.
                    lines.append((random.bool(0.1) ? random.element(of: ["> ", ">> ", " > "]) : "") + line)
                    if fence == nil { expected.append(meaning) }
                }
            }
            let text = lines.joined(separator: newline) + (random.bool(0.8) ? newline : "")
            let found = Array(text.utf8).withUnsafeBytes { TaskReader.tasks(in: $0, path: "n.md") }
            #expect(found.problems.isEmpty, "seed \(seed): \(found.problems)")
            #expect(found.tasks.map(Expected.init) == expected, "seed \(seed):\n\(text)")
            failed = found.tasks.map(Expected.init) != expected || !found.problems.isEmpty
            failed = failed || !Self.recordsKeep(found.tasks, seed: seed)
        }
    }

    /// True when the tasks, encoded as the cache keeps them and read back as records, are
    /// the same tasks (without their lines, which the cache does not keep), and the
    /// records of one status are that status's tasks.
    static func recordsKeep(_ tasks: [NoteTask], seed: UInt64) -> Bool {
        var writer = ByteWriter()
        NoteTaskList(tasks: tasks, problems: []).encode(to: &writer)
        let expected = tasks.map { task in
            var task = task
            task.source = ""
            return task
        }
        return writer.bytes.withUnsafeBytes { bytes in
            func read(_ statuses: TaskStatusSet) -> [NoteTask] {
                var reader = ByteReader(bytes: bytes, offset: 0)
                var problems: [Diagnostic] = []
                var read: [NoteTask] = []
                let decoded = NoteTaskList.records(from: &reader, note: 7, path: "n.md", statuses: statuses, problems: &problems) { record in
                    #expect(record.note == 7)
                    read.append(NoteTask(record, path: "n.md"))
                }
                #expect(decoded, "seed \(seed)")
                return read
            }
            let all = read(.all)
            let doing = read(TaskStatusSet([.doing]))
            #expect(all == expected, "seed \(seed)")
            #expect(doing == expected.filter { $0.status == .doing }, "seed \(seed)")
            return all == expected && doing == expected.filter { $0.status == .doing }
        }
    }
}
