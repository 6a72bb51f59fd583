import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// One door per operation: the command line, the web API and `vault mcp` call the same use
/// cases, so the same operation through any of them leaves the same files, the same
/// `.vault/history` records and the same result of `vault undo`. Copies of one vault, one
/// driven by `vault`, another by `vault serve`'s API or by `vault mcp`'s tools, compared byte
/// for byte after each step (the records' ids and times and the trash's deletion times
/// aside: they name the moment).
@Suite("The command line, the web API and the assistant") struct FrontEndParityTests {
    @Test func theSameOperationsLeaveTheSameVault() throws {
        let (cli, web) = (try TestVault.example(), try TestVault.example())
        for vault in [cli, web] {
            try vault.createDirectory("attachments")
            try vault.createDirectory("Old")
            try vault.write("attachments/receipt.png", "receipt bytes")
            try vault.write("attachments/old.png", "old bytes")
            try vault.write("Receipt.md", "---\nid: receipt\n---\n# Receipt\n\n![[receipt.png]]\n")
            // Dated, so that their list order (newest first) is one on both copies: two files
            // written in one clock tick have one modification time, and tie by title.
            try vault.write("Old/First.md", "---\nid: old-1\nmodified: 2026-01-02T10:00:00Z\n---\n# First\n\n![[old.png]]\n")
            try vault.write("Old/Second.md", "---\nid: old-2\nmodified: 2026-01-01T10:00:00Z\ntags: [alpha]\n---\n# Second\n\nText.\n")
            try vault.write("Plan.md", "---\nid: plan\ntags: [beta]\n---\n# Plan\n\n- [ ] write it\n- [ ] ship it\n")
            try vault.write("Links.md", "---\nid: links\ntags: [alpha]\n---\n# Links\n\nSee [[Plan]] and [the plan](Plan.md).\n")
        }
        #expect(try Self.differences(cli, web) == [])
        let server = try Server(web)
        defer { server.stop() }

        // A note with its attachment.
        #expect(try cli.run("rm", "Receipt").status == 0)
        try server.send("DELETE", "/api/notes/Receipt.md")
        #expect(try Self.differences(cli, web) == [])
        // A folder with an attachment only its notes use.
        #expect(try cli.run("folder", "delete", "Old", "--yes").status == 0)
        try server.send("POST", "/api/folders/delete", ["folder": "Old"])
        let afterDelete = try Self.differences(cli, web); #expect(afterDelete == [], "\(afterDelete)")
        // A move and a rename, the links to the note rewritten.
        #expect(try cli.run("mv", "Plan", "Work").status == 0)
        try server.send("PATCH", "/api/notes/Plan.md", ["folder": "Work"])
        #expect(try Self.differences(cli, web) == [])
        #expect(try cli.run("rename", "Work/Plan", "Roadmap two").status == 0)
        try server.send("PATCH", "/api/notes/Work/Plan.md", ["title": "Roadmap two"])
        #expect(try Self.differences(cli, web) == [])
        // A tag merge.
        #expect(try cli.run("tag", "merge", "alpha", "beta", "--into", "gamma").status == 0)
        try server.send("POST", "/api/tags/merge", ["sources": ["alpha", "beta"], "into": "gamma"])
        #expect(try Self.differences(cli, web) == [])
        // Two tasks done at once (recorded, being more than one).
        let agenda = try JSONSerialization.jsonObject(with: Data(try cli.run("tasks", "--format", "json", "--all").stdout.utf8))
        let refs = Self.refs(in: agenda, path: "Work/Roadmap two.md")
        #expect(refs.count == 2, "\(agenda)")
        #expect(try cli.run(arguments: ["task", "done"] + refs).status == 0)
        try server.send("POST", "/api/tasks/change", ["refs": refs, "status": "done"])
        #expect(try Self.differences(cli, web) == [])
        // A task category added, then moved first: the same bytes of .vault/config.yaml.
        #expect(try cli.run("task", "category", "icon", "errand", "🛒").status == 0)
        #expect(try cli.run("task", "category", "color", "errand", "green").status == 0)
        try server.send("POST", "/api/tasks/categories", ["name": "errand", "icon": "🛒", "color": "green"])
        #expect(try cli.run("task", "category", "move", "errand", "--before", "finance").status == 0)
        try server.send("POST", "/api/tasks/categories/move", ["name": "errand", "before": "finance"])
        #expect(try Self.differences(cli, web) == [])
        #expect(try cli.text(".vault/config.yaml").contains("  categories:\n    errand: { icon: \"🛒\", color: green }\n    finance:"))

        // Every operation taken back, newest first, on both copies alike: `vault undo` on
        // one, `POST /api/undo` on the other, with the same report.
        let history = try JSONSerialization.jsonObject(with: Data(try cli.run("history", "--format", "json").stdout.utf8)) as? [[String: Any]] ?? []
        let webHistory = try JSONSerialization.jsonObject(with: Data(try web.run("history", "--format", "json").stdout.utf8)) as? [[String: Any]] ?? []
        #expect(history.count == 6 && webHistory.count == 6, "\(history) \(webHistory)")
        for (mine, theirs) in zip(history.reversed(), webHistory.reversed()) {
            let one = try cli.run("undo", mine["id"] as? String ?? "", "--format", "json")
            #expect(one.status == 0, "\(one)")
            let report = try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any] ?? [:]
            let other = try server.send("POST", "/api/undo", ["id": theirs["id"] as? String ?? ""])
            #expect(report["changed"] as? [String] == other["changed"] as? [String], "\(report) \(other)")
            #expect((report["changed"] as? [String])?.isEmpty == false, "\(report)")
            #expect(report["undid"] as? String == mine["id"] as? String && other["undid"] as? String == theirs["id"] as? String)
            #expect(try Self.differences(cli, web) == [])
        }
        server.stop()
        #expect(!cli.exists("Work/Roadmap two.md") && cli.exists("Plan.md") && cli.exists("Old/First.md") && cli.exists("attachments/receipt.png"))
    }

    /// The operations the assistant has (delete, move, rename, undo) leave what the command
    /// line's leave.
    @Test func theAssistantLeavesTheVaultTheCommandLineLeaves() throws {
        let (cli, mcp) = (try TestVault.example(), try TestVault.example())
        for vault in [cli, mcp] {
            try vault.createDirectory("attachments")
            try vault.write("attachments/receipt.png", "receipt bytes")
            try vault.write("Receipt.md", "---\nid: receipt\n---\n# Receipt\n\n![[receipt.png]]\n")
            try vault.write("Plan.md", "---\nid: plan\ntags: [beta]\n---\n# Plan\n\n- [ ] write it\n")
            try vault.write("Links.md", "---\nid: links\n---\n# Links\n\nSee [[Plan]] and [the plan](Plan.md).\n")
        }
        #expect(try Self.differences(cli, mcp) == [])
        let assistant = try Assistant(mcp)
        defer { assistant.stop() }

        #expect(try cli.run("rm", "Receipt").status == 0)
        try assistant.call("delete_notes", ["notes": ["Receipt"]])
        #expect(try Self.differences(cli, mcp) == [])
        #expect(try cli.run("mv", "Plan", "Work").status == 0)
        try assistant.call("move_notes", ["notes": ["Plan"], "folder": "Work"])
        #expect(try Self.differences(cli, mcp) == [])
        #expect(try cli.run("rename", "Work/Plan", "Roadmap two").status == 0)
        try assistant.call("rename_note", ["note": "Work/Plan.md", "title": "Roadmap two"])
        #expect(try Self.differences(cli, mcp) == [])

        let history = try JSONSerialization.jsonObject(with: Data(try cli.run("history", "--format", "json").stdout.utf8)) as? [[String: Any]] ?? []
        let mcpHistory = try JSONSerialization.jsonObject(with: Data(try mcp.run("history", "--format", "json").stdout.utf8)) as? [[String: Any]] ?? []
        #expect(history.count == 3 && mcpHistory.count == 3, "\(history) \(mcpHistory)")
        for (mine, theirs) in zip(history.reversed(), mcpHistory.reversed()) {
            #expect(try cli.run("undo", mine["id"] as? String ?? "").status == 0)
            try assistant.call("undo", ["record_id": theirs["id"] as? String ?? ""])
            #expect(try Self.differences(cli, mcp) == [])
        }
        #expect(cli.exists("Plan.md") && cli.exists("attachments/receipt.png"))
    }

    /// Requests piped in at once, the input closed after them (a script, `printf … | vault
    /// mcp`): each is answered before the assistant's process ends, a write included.
    @Test func everyRequestReadBeforeTheEndOfInputIsAnswered() throws {
        let vault = try TestVault.example()
        let messages: [[String: Any]] = [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": ["protocolVersion": "2025-03-26", "capabilities": [String: Any](), "clientInfo": ["name": "script", "version": "1"]]],
            ["jsonrpc": "2.0", "method": "notifications/initialized"],
            ["jsonrpc": "2.0", "id": 2, "method": "tools/list"],
            ["jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": ["name": "search_notes", "arguments": ["query": "milk"]]],
            ["jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": ["name": "create_note", "arguments": ["title": "Piped", "text": "In.\n"]]],
            // The same id twice: both are answered.
            ["jsonrpc": "2.0", "id": 5, "method": "tools/list"],
            ["jsonrpc": "2.0", "id": 5, "method": "tools/list"],
            // Ids the server takes for no request, and a request that is an answer: none
            // is waited for.
            ["jsonrpc": "2.0", "id": 1.5, "method": "tools/list"],
            ["jsonrpc": "2.0", "id": true, "method": "tools/list"],
            ["jsonrpc": "2.0", "id": 7, "method": "ping", "result": [String: Any]()],
        ]
        let input = try messages.map { try JSONSerialization.data(withJSONObject: $0) + Data("\n".utf8) }.reduce(Data(), +)
        // Bounded, so that a process that waits for an answer that never comes fails the test.
        let timeout = try #require(CLI.which("timeout"))
        let result = try CLI.run(timeout, ["60", try CLI.binary.get().path, "mcp", "--vault", vault.root.path], in: vault.root, stdin: input)
        #expect(result.status == 0, "\(result)")
        let answers = result.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(answers.compactMap { $0["id"] as? Int }.sorted() == [1, 2, 3, 4, 5, 5], "\(result.stdout)")
        #expect(answers.allSatisfy { $0["error"] == nil && ($0["result"] as? [String: Any])?["isError"] as? Bool != true }, "\(result.stdout)")
        #expect(vault.exists("Piped.md"))
    }

    /// The REFs of the tasks of the note at `path` in `vault tasks --format json`.
    static func refs(in agenda: Any, path: String) -> [String] {
        var found: [String] = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if object["note"] as? String == path, let ref = object["ref"] as? String { found.append(ref) }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(agenda)
        return Array(Set(found)).sorted()
    }

    /// The files that differ between the two vaults, by path, once what names the moment
    /// is set aside: history records compared by content without their ids and times, the
    /// trash's deletion times.
    static func differences(_ one: TestVault, _ other: TestVault) throws -> [String] {
        let (mine, theirs) = (try contents(one), try contents(other))
        var different = Set(mine.keys).symmetricDifference(theirs.keys).sorted()
        different += mine.keys.filter { theirs[$0] != nil && theirs[$0] != mine[$0] }.sorted()
        let (myRecords, theirRecords) = (try records(one), try records(other))
        if myRecords != theirRecords { different.append(".vault/history: \(myRecords) ≠ \(theirRecords)") }
        return different
    }

    private static func contents(_ vault: TestVault) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let root = vault.root.standardizedFileURL.path
        guard let walk = FileManager.default.enumerator(atPath: root) else { return found }
        while let path = walk.nextObject() as? String {
            if [".git", ".vault/cache", ".vault/tmp", ".vault/history"].contains(path) { walk.skipDescendants(); continue }
            if path == ".vault/lock" { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                found[path + "/"] = Data()
                continue
            }
            var data = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
            if path.hasSuffix(".trashinfo") {
                data = Data(String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("DeletionDate=") }.joined(separator: "\n").utf8)
            }
            found[path] = data
        }
        return found
    }

    private static func records(_ vault: TestVault) throws -> [String] {
        let directory = vault.url(".vault/history").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return try names.map { name in
            let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            return text.split(separator: "\n").filter { !$0.hasPrefix("id: ") && !$0.hasPrefix("time: ") && !$0.hasPrefix("undoes: ") && !$0.hasPrefix("summary: \"undo ") }
                .joined(separator: "\n")
        }.sorted()
    }
}

/// `vault serve` on a vault, and requests to its API as the page makes them.
private final class Server {
    let process = Process()
    let port: Int
    let token: String

    init(_ vault: TestVault) throws {
        port = try ServeTests.freePort()
        process.executableURL = try CLI.binary.get()
        process.arguments = ["serve", "--vault", vault.root.path, "--port", String(port)]
        process.environment = CLI.baseEnvironment()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The URL is printed once the server listens.
        _ = output.fileHandleForReading.availableLine()
        let answer = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/api/csrf")!)
        token = (try JSONSerialization.jsonObject(with: answer) as? [String: Any])?["token"] as? String ?? ""
    }

    /// Sends a request with a JSON body; fails the test unless the answer is a 2xx.
    /// Sends a request, expecting a 2xx answer; returns the answer's JSON.
    @discardableResult
    func send(_ method: String, _ path: String, _ body: [String: Any]? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)" + path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!)!)
        request.httpMethod = method
        request.setValue(token, forHTTPHeaderField: "X-CSRF-Token")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
        }
        let done = DispatchSemaphore(value: 0)
        let result = UncheckedResult()
        URLSession.shared.dataTask(with: request) { data, response, error in
            result.value = (data, (response as? HTTPURLResponse)?.statusCode ?? 0, error)
            done.signal()
        }.resume()
        done.wait()
        let (data, status, error) = result.value ?? (nil, 0, nil)
        #expect(error == nil && (200..<300).contains(status), "\(method) \(path): \(status) \(String(decoding: data ?? Data(), as: UTF8.self))", sourceLocation: sourceLocation)
        return (data.flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]) ?? [:]
    }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
    }
}

/// The answer of a request, handed from URLSession's thread to the test's.
private final class UncheckedResult: @unchecked Sendable {
    var value: (Data?, Int, (any Error)?)?
}

/// `vault mcp` on a vault, and tool calls as an assistant's client makes them (JSON-RPC,
/// one message a line, over its stdin and stdout). `environment` is added to the tests'.
final class Assistant {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    private var nextID = 0

    init(_ vault: TestVault, arguments: [String] = [], environment: [String: String?] = [:]) throws {
        process.executableURL = try CLI.binary.get()
        process.arguments = ["mcp", "--vault", vault.root.path] + arguments
        var variables = CLI.baseEnvironment()
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        _ = try request("initialize", ["protocolVersion": "2025-03-26", "capabilities": [String: Any](),
                                       "clientInfo": ["name": "parity", "version": "1"]])
        try send(["jsonrpc": "2.0", "method": "notifications/initialized"])
    }

    /// Calls a tool, expecting no error; returns its structured content.
    @discardableResult
    func call(_ tool: String, _ arguments: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let answer = try request("tools/call", ["name": tool, "arguments": arguments])
        let result = answer["result"] as? [String: Any] ?? [:]
        #expect(answer["error"] == nil && result["isError"] as? Bool != true, "\(tool): \(answer)", sourceLocation: sourceLocation)
        return result["structuredContent"] as? [String: Any] ?? [:]
    }

    /// Calls a tool: its whole result (`content`, `structuredContent`, `isError`) as JSON
    /// with sorted keys, to compare byte for byte.
    func result(_ tool: String, _ arguments: [String: Any]) throws -> String {
        let answer = try request("tools/call", ["name": tool, "arguments": arguments])
        let result = answer["result"] ?? answer
        return String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self)
    }

    private func request(_ method: String, _ parameters: [String: Any]) throws -> [String: Any] {
        nextID += 1
        try send(["jsonrpc": "2.0", "id": nextID, "method": method, "params": parameters])
        // Lines without this id (notifications, logs) are passed over.
        while true {
            let line = output.fileHandleForReading.availableLine()
            guard !line.isEmpty else { return [:] }
            if let message = try? JSONSerialization.jsonObject(with: line) as? [String: Any], message["id"] as? Int == nextID { return message }
        }
    }

    private func send(_ message: [String: Any]) throws {
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: message) + Data([0x0A]))
    }

    func stop() {
        guard process.isRunning else { return }
        // Every call was answered: nothing is cut short.
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }
}
