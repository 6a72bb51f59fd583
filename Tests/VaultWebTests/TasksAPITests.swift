import Foundation
import HTTPTypes
import Hummingbird
import Testing
import VaultKit
@testable import VaultWeb

/// `/api/tasks`: the agenda and task changes of the web app, each a one-line edit.
@Suite struct TasksAPITests {
    /// Today where the tests run, as the server writes it.
    static var today: String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(from: Date())
    }

    func agenda(_ client: RouterClient, _ query: String = "") async throws -> [String: Any] {
        try await client.execute(uri: "/api/tasks" + query, method: .get) { response in
            #expect(response.status == .ok)
            return try object(response)
        }
    }

    func tasks(_ agenda: [String: Any]) -> [[String: Any]] {
        (agenda["groups"] as? [[String: Any]] ?? []).flatMap { $0["tasks"] as? [[String: Any]] ?? [] }
    }

    func ref(_ agenda: [String: Any], _ text: String) throws -> String {
        try #require(tasks(agenda).first { ($0["text"] as? String)?.hasPrefix(text) == true }?["ref"] as? String)
    }

    @Test func theAgendaInItsGroups() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let byDue = try await agenda(client)
            let headings = (byDue["groups"] as? [[String: Any]] ?? []).compactMap { $0["heading"] as? String }
            #expect(headings.first == "Overdue")
            #expect(headings.last == "No Due Date")
            #expect(tasks(byDue).allSatisfy { ["todo", "doing"].contains($0["status"] as? String) })
            let categories = try #require(byDue["categories"] as? [String: [String: Any]])
            #expect(categories["finance"]?["icon"] as? String == "💶")
            #expect(categories["finance"]?["color"] as? String == "teal")
            let byCategory = try await agenda(client, "?by=category&q=%23finance")
            #expect((byCategory["groups"] as? [[String: Any]])?.first?["heading"] as? String == "#finance")
            let done = try await agenda(client, "?show=done")
            #expect(tasks(done).allSatisfy { $0["status"] as? String == "done" })
            #expect(!tasks(done).isEmpty)
            try await client.execute(uri: "/api/tasks?show=later", method: .get) { response in #expect(response.status == .badRequest) }
            try await client.execute(uri: "/api/tasks?q=due:soon", method: .get) { response in #expect(response.status == .badRequest) }
        }
    }

    /// The category manager's calls: each answers the whole list in order and changes only
    /// its bytes of `.vault/config.yaml`; a rename renames the tag on task lines too.
    @Test func categoriesAreAddedRecolouredRenamedAndMoved() async throws {
        let fixture = try WebFixture()
        let config = fixture.read(".vault/config.yaml")
        try await fixture.test { router in
            func call(_ path: String, _ payload: [String: Any], status: HTTPResponse.Status = .ok) async throws -> [String: Any] {
                try await router.execute(uri: "/api/tasks/categories" + path, method: .post, headers: .changing(fixture.csrf), body: try body(payload)) { response in
                    #expect(response.status == status, "\(path) \(payload)")
                    return try object(response)
                }
            }
            func names(_ answer: [String: Any]) -> [String] { (answer["categories"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
            let listed = try await router.execute(uri: "/api/tasks/categories", method: .get) { try object($0) }
            #expect(names(listed) == ["finance", "travel"])
            var expected = config
            let added = try await call("", ["name": "#errand", "icon": "🛒", "color": "green"])
            #expect(names(added) == ["finance", "travel", "errand"])
            expected = expected.replacingOccurrences(of: "    travel: { icon: \"✈️\" }\n", with: "    travel: { icon: \"✈️\" }\n    errand: { icon: \"🛒\", color: green }\n")
            #expect(fixture.read(".vault/config.yaml") == expected)
            _ = try await call("", ["name": "travel", "color": "indigo"])
            expected = expected.replacingOccurrences(of: "travel: { icon: \"✈️\" }", with: "travel: { icon: \"✈️\", color: indigo }")
            #expect(fixture.read(".vault/config.yaml") == expected)
            let moved = try await call("/move", ["name": "errand", "before": "finance"])
            #expect(names(moved) == ["errand", "finance", "travel"])
            let renamed = try await call("/rename", ["from": "finance", "to": "money"])
            #expect(names(renamed) == ["errand", "money", "travel"])
            #expect((renamed["changed"] as? Int ?? 0) > 0)
            let agenda = try await agenda(router, "?by=category")
            #expect(!tasks(agenda).contains { ($0["categories"] as? [String])?.contains("finance") == true })
            #expect(tasks(agenda).contains { ($0["categories"] as? [String])?.contains("money") == true })
            // Bad input is refused and nothing is written.
            let now = fixture.read(".vault/config.yaml")
            let refused = try await call("", ["name": "errand", "icon": "ab"], status: .badRequest)
            #expect(refused["error"] as? String == "invalid icon 'ab': an icon is one emoji, such as 💼, or none")
            _ = try await call("", ["name": "errand", "color": "mauve"], status: .badRequest)
            _ = try await call("/move", ["name": "nope"], status: .notFound)
            _ = try await call("/rename", ["from": "errand", "to": "travel"], status: .conflict)
            #expect(fixture.read(".vault/config.yaml") == now)
            let removed = try await call("/remove", ["name": "errand"])
            #expect(names(removed) == ["money", "travel"])
        }
    }

    @Test func aCheckboxClickChangesOneLine() async throws {
        let fixture = try WebFixture()
        let before = fixture.read("Personal/Trip to Lisbon.md")
        try await fixture.test { client in
            let ref = try ref(try await agenda(client), "offline maps")
            try await client.execute(uri: "/api/tasks/change", method: .post, headers: .changing(fixture.csrf), body: try body(["refs": [ref], "status": "done"])) { response in
                #expect(response.status == .ok)
                let answer = try object(response)
                #expect((answer["tasks"] as? [[String: Any]])?.first?["status"] as? String == "done")
            }
            #expect(fixture.read("Personal/Trip to Lisbon.md") == before.replacingOccurrences(of: "- [ ] offline maps\n", with: "- [x] offline maps ✅ \(Self.today)\n"))
            // The old REF names a line that changed: refused, and nothing more is written.
            let after = fixture.read("Personal/Trip to Lisbon.md")
            try await client.execute(uri: "/api/tasks/change", method: .post, headers: .changing(fixture.csrf), body: try body(["refs": [ref], "status": "todo"])) { response in
                #expect(response.status == .conflict)
                let failed = try #require(try object(response)["failed"] as? [[String: Any]])
                #expect(failed.first?["ref"] as? String == ref)
            }
            #expect(fixture.read("Personal/Trip to Lisbon.md") == after)
        }
    }

    @Test func dueDatePriorityCategoriesAndRemoval() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let agenda = try await agenda(client)
            let insurance = try ref(agenda, "travel insurance")
            try await client.execute(uri: "/api/tasks/change", method: .post, headers: .changing(fixture.csrf), body: try body(["refs": [insurance], "due": "2027-01-15", "priority": "low"])) { response in
                #expect(response.status == .ok)
            }
            #expect(fixture.read("Personal/Trip to Lisbon.md").contains("- [ ] travel insurance 📅 2027-01-15 🔽 #travel\n"))
            let changed = try ref(try await self.agenda(client), "travel insurance")
            try await client.execute(uri: "/api/tasks/change", method: .post, headers: .changing(fixture.csrf), body: try body(["refs": [changed], "due": NSNull()])) { response in
                #expect(response.status == .ok)
            }
            #expect(fixture.read("Personal/Trip to Lisbon.md").contains("- [ ] travel insurance 🔽 #travel\n"))
            let before = try await self.agenda(client)
            let refs = try ["oat milk", "spinach"].map { try ref(before, $0) }
            try await client.execute(uri: "/api/tasks/change", method: .post, headers: .changing(fixture.csrf), body: try body(["refs": refs, "addCategory": "shop"])) { response in
                let changed = try object(response)["tasks"] as? [[String: Any]]
                #expect(changed?.count == 2)
            }
            #expect(fixture.read("Groceries.md").contains("- [ ] oat milk #shop\n- [ ] eggs (12)\n"))
            #expect(fixture.read("Groceries.md").contains("- [ ] spinach #shop\n"))
            let tagged = try await self.agenda(client)
            let shopped = try ["oat milk", "spinach"].map { try ref(tagged, $0) }
            try await client.execute(uri: "/api/tasks/change", method: .post, headers: .changing(fixture.csrf), body: try body(["refs": shopped, "remove": true])) { response in
                #expect(response.status == .ok)
            }
            #expect(!fixture.read("Groceries.md").contains("oat milk") && !fixture.read("Groceries.md").contains("spinach"))
            #expect(fixture.read("Groceries.md").contains("- [ ] eggs (12)\n"))
        }
    }

    @Test func quickAddGoesToTheInbox() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/api/tasks", method: .post, headers: .changing(fixture.csrf), body: try body(["text": "call the plumber", "due": "tomorrow", "priority": "high", "categories": ["home"]])) { response in
                #expect(response.status == .created)
                try #expect(object(response)["note"] as? String == "Inbox.md")
            }
            #expect(fixture.read("Inbox.md").hasSuffix("- return the library books by the 30th\n- [ ] call the plumber #home ⏫ ➕ \(Self.today) 📅 \(TaskDateInput.parse("tomorrow", today: try #require(TaskDate(Self.today)))?.description ?? "")\n"))
            let listed = try await agenda(client)
            #expect(tasks(listed).contains { $0["text"] as? String == "call the plumber #home" })
            try await client.execute(uri: "/api/tasks", method: .post, headers: .changing(fixture.csrf), body: try body(["text": "x", "due": "someday"])) { response in
                #expect(response.status == .badRequest)
            }
        }
    }
}
