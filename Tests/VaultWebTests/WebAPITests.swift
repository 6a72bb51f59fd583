import Foundation
import HTTPTypes
import Hummingbird
import Testing
import VaultKit
import VaultPlatform
@testable import VaultWeb

@Suite("Web API") struct WebAPITests {
    @Test func homeIsTheMainPage() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/api/home", method: .get) { response in
                #expect(response.status == .ok)
                let home = try object(response)
                #expect(home["notes"] as? Int == 47)
                #expect(home["pinned"] as? Int == 6)
                let folders = try #require(home["folders"] as? [[String: Any]])
                #expect(folders.map { $0["name"] as? String } == ["Personal", "Reading", "Work"])
                #expect(folders.last?["color"] as? String == "yellow")
            }
        }
    }

    @Test func notesAnswerAQueryInPages() async throws {
        let fixture = try WebFixture()
        let tagged = try fixture.server.session.scan(matching: Query.parse("tag:work")).notes.count
        try await fixture.test { client in
            try await client.execute(uri: "/api/notes?q=tag%3Awork&limit=2&offset=1", method: .get) { response in
                let page = try object(response)
                #expect(page["total"] as? Int == tagged)
                #expect(tagged > 3)
                #expect(page["offset"] as? Int == 1)
                let notes = try #require(page["notes"] as? [[String: Any]])
                #expect(notes.count == 2)
                #expect(notes.allSatisfy { ($0["tags"] as? [String])?.contains("work") == true })
            }
            try await client.execute(uri: "/api/notes?q=meeting&group=month&limit=500", method: .get) { response in
                let notes = try #require(try object(response)["notes"] as? [[String: Any]])
                #expect(!notes.isEmpty)
                #expect(notes.allSatisfy { $0["group"] is String })
            }
        }
    }

    /// `sort=relevance`: the notes whose title holds the words first (the search box asks
    /// for it); an unknown order, or one with `group`, is a 400.
    @Test func notesBySortRelevance() async throws {
        let fixture = try WebFixture()
        try fixture.write("Zygote title.md", "---\nmodified: 2020-01-01T08:00:00Z\n---\n# Zygote review\n")
        try fixture.write("Zygote body.md", "---\nmodified: 2024-01-01T08:00:00Z\n---\n# Plain\n\nOne zygote.\n")
        try fixture.write("Zygote heading.md", "---\nmodified: 2022-01-01T08:00:00Z\n---\n# Lab\n\n## Zygote\n")
        await fixture.live.refresh()
        try await fixture.test { client in
            try await client.execute(uri: "/api/notes?q=zygote&sort=relevance", method: .get) { response in
                #expect(response.status == .ok)
                let notes = try #require(try object(response)["notes"] as? [[String: Any]])
                #expect(notes.map { $0["path"] as? String } == ["Zygote title.md", "Zygote heading.md", "Zygote body.md"])
            }
            try await client.execute(uri: "/api/notes?q=zygote", method: .get) { response in
                let notes = try #require(try object(response)["notes"] as? [[String: Any]])
                #expect(notes.map { $0["path"] as? String } == ["Zygote body.md", "Zygote heading.md", "Zygote title.md"])
            }
            try await client.execute(uri: "/api/notes?q=zygote&sort=size", method: .get) { response in
                #expect(response.status == .badRequest)
                try #expect(object(response)["error"] as? String == "sort is relevance")
            }
            try await client.execute(uri: "/api/notes?q=zygote&sort=relevance&group=month", method: .get) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func aMalformedQueryIs400WithItsPlace() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/api/notes?q=%28tag%3Awork", method: .get) { response in
                #expect(response.status == .badRequest)
                let error = try object(response)
                #expect(error["line"] as? Int == 1)
                #expect(error["column"] as? Int == 10)
                #expect(error["message"] as? String == "expected ')' to close '(' at 1:1")
                #expect((error["display"] as? String)?.hasSuffix("  (tag:work\n           ^") == true)
            }
            try await client.execute(uri: "/api/notes?q=tga%3Awork", method: .get) { response in
                #expect(response.status == .badRequest)
                try #expect((object(response)["error"] as? String)?.contains("did you mean 'tag'?") == true)
            }
        }
    }

    @Test func aNoteComesWithTextHTMLAndVersion() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/api/notes/" + urlPath("Work/Standup 2026-11-20.md"), method: .get) { response in
                #expect(response.status == .ok)
                let note = try object(response)
                #expect(note["title"] as? String == "Standup notes")
                #expect(note["text"] as? String == fixture.read("Work/Standup 2026-11-20.md"))
                #expect((note["html"] as? String)?.contains("<h1>Standup notes</h1>") == true)
                #expect((note["version"] as? String)?.isEmpty == false)
                #expect(response.headers[.eTag] == "\"\(note["version"] as? String ?? "")\"")
            }
        }
    }

    /// The page edits the front matter apart from the body: the note says where its front
    /// matter ends, as the server reads it (`...`, CRLF), so that the page
    /// joins the two back byte for byte. None, or one that does not parse, is "".
    @Test func aNoteSaysWhereItsFrontMatterEnds() async throws {
        let fixture = try WebFixture()
        let block = "---\r\ntags: [a]\r\naliases: [x]   # mine\r\n...\r\n"
        try fixture.write("Unusual.md", block + "# Unusual\r\n\r\nBody.\r\n")
        try fixture.write("Plain.md", "# Plain\n\nNo front matter.\n")
        try fixture.write("Broken.md", "---\ntags: [a\n---\n# Broken\n")
        try await fixture.test { client in
            let standup = fixture.read("Work/Standup 2026-11-20.md")
            for (path, expected) in [("Work/Standup 2026-11-20.md", String(standup.prefix(upTo: try #require(standup.range(of: "---\n# ")).lowerBound)) + "---\n"),
                                     ("Unusual.md", block), ("Plain.md", ""), ("Broken.md", "")] {
                try await client.execute(uri: "/api/notes/" + urlPath(path), method: .get) { response in
                    let note = try object(response)
                    #expect(note["frontMatter"] as? String == expected, "\(path)")
                    #expect((note["text"] as? String)?.hasPrefix(expected) == true, "\(path)")
                }
            }
        }
    }

    /// The editor's library is served from the binary, as the page's own files are.
    @Test func theEditorsLibraryIsServed() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            for (uri, start) in [("/js/codemirror.js", "// CodeMirror, copyright"), ("/js/codemirror-markdown.js", "// CodeMirror"),
                                 ("/js/codemirror-continuelist.js", "// CodeMirror"), ("/codemirror.css", "/* BASICS */")] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(String(buffer: response.body).hasPrefix(start), "\(uri)")
                    if uri == "/js/codemirror.js" { #expect(String(buffer: response.body).hasSuffix("  return CodeMirror;\n\n}));\n")) }
                    #expect(response.headers[.contentType]?.hasPrefix(uri.hasSuffix(".css") ? "text/css" : "text/javascript") == true, "\(uri)")
                }
            }
        }
    }

    @Test func aNoteCannotRunScript() async throws {
        let fixture = try WebFixture()
        try fixture.write("Hostile.md", "# Hostile\n\n<script>alert(1)</script>\n\n<img src=x onerror=\"alert(2)\">\n\n[click](javascript:alert(3)) and [[Groceries]] and [[Nowhere]]\n")
        await fixture.live.refresh()
        try await fixture.test { client in
            try await client.execute(uri: "/api/notes/Hostile.md", method: .get) { response in
                let html = try #require(try object(response)["html"] as? String)
                #expect(!html.contains("<script"))
                #expect(!html.contains("onerror"))
                #expect(!html.contains("javascript:"))
                #expect(html.contains("<a class=\"wikilink\" href=\"#/note/Groceries.md\">Groceries</a>"))
                #expect(html.contains("<button type=\"button\" class=\"wikilink broken\" data-create="))
                #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            }
        }
    }

    @Test func aSaveNamesItsVersionAndChangesOnlyTheText() async throws {
        let fixture = try WebFixture()
        let path = "Work/Standup 2026-11-20.md"
        let before = fixture.read(path)
        try await fixture.test { client in
            let version = try await client.execute(uri: "/api/notes/" + urlPath(path), method: .get) { response in
                try #require(try object(response)["version"] as? String)
            }
            let edited = before.replacingOccurrences(of: "Discussed the roadmap", with: "Discussed the new roadmap")
            try await client.execute(
                uri: "/api/notes/" + urlPath(path), method: .put,
                headers: .changing(fixture.csrf, [.ifMatch: version]), body: try body(["text": edited])
            ) { response in
                #expect(response.status == .ok)
                try #expect(object(response)["version"] as? String != version)
            }
            let after = fixture.read(path)
            let changed = zip(before.split(separator: "\n", omittingEmptySubsequences: false), after.split(separator: "\n", omittingEmptySubsequences: false))
                .filter { $0 != $1 }.map { String($0.1) }
            #expect(changed.count == 2)
            #expect(changed.first?.hasPrefix("modified: ") == true)
            #expect(changed.last == "Discussed the new roadmap with the whole team.")
            // The version the page had is stale now: the save is refused, nothing written.
            try await client.execute(
                uri: "/api/notes/" + urlPath(path), method: .put,
                headers: .changing(fixture.csrf, [.ifMatch: version]), body: try body(["text": "clobbered"])
            ) { response in
                #expect(response.status == .preconditionFailed)
                let current = try #require(try object(response)["current"] as? [String: Any])
                #expect(current["text"] as? String == after)
            }
            #expect(fixture.read(path) == after)
            try await client.execute(uri: "/api/notes/" + urlPath(path), method: .put, headers: .changing(fixture.csrf), body: try body(["text": "x"])) { response in
                #expect(response.status == .preconditionRequired)
            }
        }
    }

    @Test func anEmptiedNoteIsNotSaved() async throws {
        let fixture = try WebFixture()
        let before = fixture.read("Ideas.md")
        try await fixture.test { client in
            let version = try await client.execute(uri: "/api/notes/Ideas.md", method: .get) { response in
                try #require(try object(response)["version"] as? String)
            }
            // All the text cleared, blank lines left, or the front matter alone: refused as
            // `vault new` refuses an empty note.
            for text in ["", " \n\n\t\n", "---\nid: 1\n---\n\n"] {
                try await client.execute(
                    uri: "/api/notes/Ideas.md", method: .put, headers: .changing(fixture.csrf, [.ifMatch: version]), body: try body(["text": text])
                ) { response in
                    #expect(response.status == .badRequest)
                    try #expect(object(response)["error"] as? String == VaultError.emptyNote.errorDescription)
                }
            }
            #expect(fixture.read("Ideas.md") == before)
        }
    }

    @Test func anEditOnDiskMakesTheSave412() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let version = try await client.execute(uri: "/api/notes/Ideas.md", method: .get) { response in
                try #require(try object(response)["version"] as? String)
            }
            try fixture.write("Ideas.md", fixture.read("Ideas.md") + "\nwritten in vim\n")
            try await client.execute(
                uri: "/api/notes/Ideas.md", method: .put, headers: .changing(fixture.csrf, [.ifMatch: version]), body: try body(["text": "from the page"])
            ) { response in
                #expect(response.status == .preconditionFailed)
            }
            #expect(fixture.read("Ideas.md").hasSuffix("\nwritten in vim\n"))
        }
    }

    @Test func createOrganiseDeleteAndRestore() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/api/notes", method: .post, headers: .changing(fixture.csrf), body: try body(["folder": "Work", "text": "   \n"])) { response in
                #expect(response.status == .badRequest)
            }
            let path = try await client.execute(
                uri: "/api/notes", method: .post, headers: .changing(fixture.csrf), body: try body(["folder": "Work", "text": "# From the page\n\nHello.\n", "tags": ["web"]])
            ) { response in
                #expect(response.status == .created)
                return try #require(try object(response)["path"] as? String)
            }
            #expect(path == "Work/From the page.md")
            #expect(fixture.read(path).contains("tags: [web]"))
            try await client.execute(uri: "/api/notes/" + urlPath(path), method: .patch, headers: .changing(fixture.csrf), body: try body(["pinned": true, "addTags": ["draft"]])) { response in
                let note = try object(response)
                #expect(note["pinned"] as? Bool == true)
                #expect(note["tags"] as? [String] == ["web", "draft"])
            }
            try await client.execute(uri: "/api/notes/" + urlPath(path), method: .patch, headers: .changing(fixture.csrf), body: try body(["folder": "Personal"])) { response in
                try #expect(object(response)["path"] as? String == "Personal/From the page.md")
            }
            #expect(!fixture.exists(path))
            try await client.execute(uri: "/api/notes/Personal/" + urlPath("From the page.md") + "/duplicate", method: .post, headers: .changing(fixture.csrf)) { response in
                #expect(response.status == .created)
                try #expect(object(response)["path"] as? String == "Personal/From the page copy.md")
            }
            try await client.execute(uri: "/api/notes/Personal/" + urlPath("From the page.md"), method: .delete, headers: .changing(fixture.csrf)) { response in
                try #expect(object(response)["trashed"] as? String == "From the page.md")
            }
            #expect(fixture.exists(".trash/From the page.md"))
            try await client.execute(uri: "/api/trash", method: .get) { response in
                let items = try #require(try json(response) as? [[String: Any]])
                #expect(items.contains { $0["originalPath"] as? String == "Personal/From the page.md" })
            }
            try await client.execute(uri: "/api/trash/restore", method: .post, headers: .changing(fixture.csrf), body: try body(["name": "Personal/From the page.md"])) { response in
                try #expect(object(response)["path"] as? String == "Personal/From the page.md")
            }
            #expect(fixture.exists("Personal/From the page.md"))
        }
    }

    /// A delete in the browser is `vault rm`'s: the attachments only the note uses go to the
    /// trash with it, and the delete is one operation `vault undo` takes back (it was
    /// neither: the page's deletes left attachments behind and could not be undone).
    @Test func aDeleteFromThePageTakesItsAttachmentsAndCanBeUndone() async throws {
        let fixture = try WebFixture()
        try FileManager.default.createDirectory(atPath: fixture.path + "/attachments", withIntermediateDirectories: true)
        try fixture.write("attachments/receipt.png", "png bytes")
        try fixture.write("Receipt.md", "# Receipt\n\n![[receipt.png]]\n")
        let recordID = UncheckedBox<String?>(nil)
        try await fixture.test { client in
            try await client.execute(uri: "/api/notes/Receipt.md", method: .delete, headers: .changing(fixture.csrf)) { response in
                #expect(response.status == .ok)
                let answer = try object(response)
                #expect(answer["trashed"] as? String == "Receipt.md")
                recordID.value = answer["recordID"] as? String
            }
        }
        #expect(!fixture.exists("Receipt.md") && !fixture.exists("attachments/receipt.png"))
        #expect(fixture.exists(".trash/Receipt.md.attachments/attachments/receipt.png"))
        let vault = try VaultSession.open(explicit: fixture.path, workingDirectory: fixture.path).vault
        let entry = try OperationHistory(vault: vault).entry(try #require(recordID.value)).entry
        guard case .files(let record) = entry else { Issue.record("not a file operation: \(entry)"); return }
        #expect(record.kind == .delete)
        _ = try Undo(vault: vault).undo(record)
        #expect(fixture.read("Receipt.md") == "# Receipt\n\n![[receipt.png]]\n")
        #expect(fixture.read("attachments/receipt.png") == "png bytes")
    }

    /// `POST /api/undo` takes back what the page did, as `vault undo` does, and answers its
    /// report; an unknown id is 404 with what to do about it.
    @Test func anUndoFromThePageTakesBackADelete() async throws {
        let fixture = try WebFixture()
        let before = fixture.read("Ideas.md")
        try await fixture.test { client in
            let recordID = try await client.execute(uri: "/api/notes/Ideas.md", method: .delete, headers: .changing(fixture.csrf)) { response in
                try object(response)["recordID"] as? String
            }
            #expect(!fixture.exists("Ideas.md"))
            let id = try #require(recordID)
            try await client.execute(uri: "/api/undo", method: .post, headers: .changing(fixture.csrf), body: try body(["id": id, "dryRun": true])) { response in
                #expect(response.status == .ok)
                let changed = try object(response)["changed"] as? [String]
                #expect(changed == ["Ideas.md"])
            }
            #expect(!fixture.exists("Ideas.md"), "a dry run changes nothing")
            try await client.execute(uri: "/api/undo", method: .post, headers: .changing(fixture.csrf), body: try body(["id": id])) { response in
                #expect(response.status == .ok)
                let report = try object(response)
                #expect(report["changed"] as? [String] == ["Ideas.md"])
                #expect(report["undid"] as? String == id)
                #expect((report["recordID"] as? String)?.isEmpty == false)
            }
            #expect(fixture.read("Ideas.md") == before)
            try await client.execute(uri: "/api/undo", method: .post, headers: .changing(fixture.csrf), body: try body(["id": "ffffffff"])) { response in
                #expect(response.status == .notFound)
                let error = try object(response)
                #expect((error["suggestion"] as? [String: Any])?["kind"] as? String == "listHistory", "\(error)")
            }
        }
    }

    /// A restore from the page is `vault trash restore`'s: recorded, so that `vault undo`
    /// (or `POST /api/undo`) puts the note back in the trash (the page's was not recorded).
    @Test func aRestoreFromThePageCanBeUndone() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            _ = try await client.execute(uri: "/api/notes/Ideas.md", method: .delete, headers: .changing(fixture.csrf))
            let recordID = try await client.execute(uri: "/api/trash/restore", method: .post, headers: .changing(fixture.csrf), body: try body(["name": "Ideas"])) { response in
                let answer = try object(response)
                #expect(answer["path"] as? String == "Ideas.md")
                return answer["recordID"] as? String
            }
            #expect(fixture.exists("Ideas.md") && !fixture.exists(".trash/Ideas.md"))
            try await client.execute(uri: "/api/undo", method: .post, headers: .changing(fixture.csrf), body: try body(["id": try #require(recordID)])) { response in
                #expect(response.status == .ok)
            }
            #expect(!fixture.exists("Ideas.md") && fixture.exists(".trash/Ideas.md"))
        }
    }

    /// As `vault folder delete`: the notes' own attachments go along, and the whole is one
    /// operation `vault undo` takes back (the page's folder delete did neither).
    @Test func aFolderDeleteFromThePageTakesItsAttachmentsAndCanBeUndone() async throws {
        let fixture = try WebFixture()
        try FileManager.default.createDirectory(atPath: fixture.path + "/attachments", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: fixture.path + "/Receipts", withIntermediateDirectories: true)
        try fixture.write("attachments/receipt.png", "png bytes")
        try fixture.write("Receipts/Receipt.md", "# Receipt\n\n![[receipt.png]]\n")
        try fixture.write("Receipts/Other.md", "# Other\n\nText.\n")
        let recordID = UncheckedBox<String?>(nil)
        try await fixture.test { client in
            try await client.execute(uri: "/api/folders/delete", method: .post, headers: .changing(fixture.csrf), body: try body(["folder": fixture.path])) { response in
                let answer = try object(response)
                #expect(response.status == .badRequest, "\(answer)")
                #expect(answer["error"] as? String == "invalid folder name '\(fixture.path)': the vault root cannot be deleted")
            }
            try await client.execute(uri: "/api/folders/delete", method: .post, headers: .changing(fixture.csrf), body: try body(["folder": "receipts"])) { response in
                #expect(response.status == .ok)
                let answer = try object(response)
                #expect(answer["trashed"] as? Int == 2)
                recordID.value = answer["recordID"] as? String
            }
        }
        #expect(!fixture.exists("Receipts") && !fixture.exists("attachments/receipt.png"))
        #expect(fixture.exists(".trash/Receipt.md.attachments/attachments/receipt.png"))
        let vault = try VaultSession.open(explicit: fixture.path, workingDirectory: fixture.path).vault
        let entry = try OperationHistory(vault: vault).entry(try #require(recordID.value)).entry
        guard case .files(let record) = entry else { Issue.record("not a file operation: \(entry)"); return }
        #expect(record.kind == .folderDelete)
        _ = try Undo(vault: vault).undo(record)
        #expect(fixture.read("Receipts/Receipt.md") == "# Receipt\n\n![[receipt.png]]\n")
        #expect(fixture.read("Receipts/Other.md") == "# Other\n\nText.\n")
        #expect(fixture.read("attachments/receipt.png") == "png bytes")
    }

    @Test func renamesAndMovesFromThePageRewriteLinks() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let path = "Work/Projects/Alpha launch plan.md"
            try await client.execute(uri: "/api/notes/" + urlPath(path), method: .patch, headers: .changing(fixture.csrf), body: try body(["title": "Launch plan"])) { response in
                try #expect(object(response)["path"] as? String == "Work/Projects/Launch plan.md")
            }
            #expect(fixture.read("Work/Projects/Roadmap.md").contains("See also [[Launch plan]] and the risk register"))
            try await client.execute(uri: "/api/folders/rename", method: .post, headers: .changing(fixture.csrf), body: try body(["from": "Work/Projects", "to": "Plans"])) { response in
                #expect(response.status == .ok)
            }
            #expect(fixture.read("Work/Plans/Roadmap.md").contains("See also [[Launch plan]] and the risk register"))
            try await client.execute(uri: "/api/notes/" + urlPath("Work/Plans/Launch plan.md"), method: .patch, headers: .changing(fixture.csrf), body: try body(["folder": "/"])) { response in
                try #expect(object(response)["path"] as? String == "Launch plan.md")
            }
        }
    }

    @Test func aRenderedCheckboxNamesItsTask() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            // Front matter above the body (made by the create), a fenced task that is no
            // task, and a status cmark does not draw as a checkbox: the lines still match.
            let text = "# Checks\n\n- [ ] first\n- [/] doing\n\n```\n- [ ] in code\n```\n\n- [x] second\n  - [ ] nested\n"
            let path = try await client.execute(uri: "/api/notes", method: .post, headers: .changing(fixture.csrf), body: try body(["text": text])) { response in
                try #require(try object(response)["path"] as? String)
            }
            let html = try await client.execute(uri: "/api/notes/" + urlPath(path), method: .get) { response in
                try #require(try object(response)["html"] as? String)
            }
            let tasks = try await client.execute(uri: "/api/tasks?by=note&show=all&q=title%3AChecks", method: .get) { response in
                try #require((try object(response)["groups"] as? [[String: Any]])?.flatMap { $0["tasks"] as? [[String: Any]] ?? [] })
            }
            func checkbox(before words: String) throws -> String {
                let end = try #require(html.range(of: words))
                let start = try #require(html[..<end.lowerBound].range(of: "<input", options: .backwards))
                return String(html[start.lowerBound..<end.lowerBound])
            }
            func ref(_ words: String) throws -> String {
                try #require(tasks.first { $0["text"] as? String == words }?["ref"] as? String)
            }
            for words in ["first", "second", "nested"] {
                let box = try checkbox(before: words)
                #expect(box.contains("data-task=\"\(try ref(words))"), "\(words): \(box)")
                #expect(!box.contains("disabled"), "\(words): \(box)")
            }
            #expect(try checkbox(before: "second").contains("checked=\"\""))
            // The source positions asked of cmark are gone; the code block keeps its text.
            #expect(!html.contains("data-sourcepos"))
            #expect(html.contains("- [ ] in code"))
        }
    }

    /// The page's select mode: one change to several notes, recorded as one operation that
    /// `POST /api/undo` takes back whole.
    @Test func severalNotesChangeAtOnceAndUndoAsOne() async throws {
        let fixture = try WebFixture()
        let paths = ["Personal/Gift ideas.md", "Personal/Packing list.md"]
        let before = paths.map(fixture.read)
        try await fixture.test { client in
            func bulk(_ change: [String: Any]) async throws -> [String: Any] {
                try await client.execute(uri: "/api/bulk", method: .post, headers: .changing(fixture.csrf), body: try body(change.merging(["paths": paths]) { a, _ in a })) { response in
                    #expect(response.status == .ok)
                    return try object(response)
                }
            }
            func undo(_ answer: [String: Any]) async throws {
                let id = try #require(answer["recordID"] as? String)
                try await client.execute(uri: "/api/undo", method: .post, headers: .changing(fixture.csrf), body: try body(["id": id])) { response in
                    #expect(response.status == .ok)
                }
            }
            let pinned = try await bulk(["pinned": true])
            #expect(pinned["changed"] as? [String] == paths)
            #expect(paths.allSatisfy { fixture.read($0).contains("pinned: true") })
            try await undo(pinned)
            #expect(paths.map(fixture.read) == before)
            let tagged = try await bulk(["addTags": ["trip"]])
            #expect((tagged["changed"] as? [String])?.count == 2)
            try await undo(tagged)
            #expect(paths.map(fixture.read) == before)
            let moved = try await bulk(["folder": "Work"])
            #expect(moved["changed"] as? [String] == ["Work/Gift ideas.md", "Work/Packing list.md"])
            try await undo(moved)
            #expect(paths.allSatisfy(fixture.exists))
            let deleted = try await bulk(["delete": true])
            #expect(!paths.contains(where: fixture.exists))
            try await undo(deleted)
            #expect(paths.map(fixture.read) == before)
            // One change at a time, and notes to change.
            try await client.execute(uri: "/api/bulk", method: .post, headers: .changing(fixture.csrf), body: try body(["paths": paths, "pinned": true, "delete": true])) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/api/bulk", method: .post, headers: .changing(fixture.csrf), body: try body(["paths": [String](), "pinned": true])) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func aNotesLinksLeadToNotesAndFilesInThePage() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(
                uri: "/api/notes/Groceries.md/attachments?name=report.pdf", method: .post,
                headers: .changing(fixture.csrf, [.contentType: "application/octet-stream"]), body: ByteBuffer(string: "%PDF")
            ) { response in #expect(response.status == .created) }
            let text = """
                # Links

                [up](../Projects/Roadmap.md) [spaced](<../Projects/Alpha risks.md#Risks>) [[./1-1 with Dana]]
                [report](../../attachments/report.pdf) [gone](Nowhere.md) [site](https://example.com/a.md) [^a]

                [^a]: A footnote.
                """
            let path = try await client.execute(uri: "/api/notes", method: .post, headers: .changing(fixture.csrf), body: try body(["folder": "Work/Meetings", "text": text])) { response in
                try #require(try object(response)["path"] as? String)
            }
            #expect(path == "Work/Meetings/Links.md")
            let html = try await client.execute(uri: "/api/notes/" + urlPath(path), method: .get) { response in
                try #require(try object(response)["html"] as? String)
            }
            // Notes open in the page; the attachment is where the server serves it.
            #expect(html.contains(##"<a href="#/note/Work%2FProjects%2FRoadmap.md">up</a>"##))
            #expect(html.contains(##"<a href="#/note/Work%2FProjects%2FAlpha%20risks.md">spaced</a>"##))
            #expect(html.contains(##"<a class="wikilink" href="#/note/Work%2FMeetings%2F1-1%20with%20Dana.md">./1-1 with Dana</a>"##))
            #expect(html.contains(##"<a href="/files/attachments/report.pdf">report</a>"##))
            try await client.execute(uri: "/files/attachments/report.pdf", method: .get) { response in #expect(response.status == .ok) }
            // A link to nothing leads nowhere (it was a raw 404); URLs and footnotes stay.
            #expect(html.contains(##"<a class="broken-link" title="no note or file is there">gone</a>"##))
            #expect(html.contains(##"<a href="https://example.com/a.md">site</a>"##))
            #expect(html.contains(##"href="#fn-a""##))
        }
    }

    @Test func filesDroppedOnANoteAreAttachedAndShown() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]
            let html = try await client.execute(
                uri: "/api/notes/Groceries.md/attachments?name=" + urlPath("shop list.png"), method: .post,
                headers: .changing(fixture.csrf, [.contentType: "application/octet-stream"]), body: ByteBuffer(bytes: png)
            ) { response in
                #expect(response.status == .created)
                #expect(response.headers[.location] == "/files/attachments/shop%20list.png")
                return try #require(try object(response)["html"] as? String)
            }
            #expect(html.contains("<img class=\"embed\" src=\"/files/attachments/shop%20list.png\" alt=\"shop list.png\">"), "\(html)")
            #expect(fixture.read("Groceries.md").hasSuffix("![[shop list.png]]\n"))
            try await client.execute(uri: "/files/attachments/shop%20list.png", method: .get) { response in
                #expect(response.status == .ok)
                #expect(Array(response.body.readableBytesView) == png)
            }
            // A Markdown image by relative path loads the same file; another file is a link.
            try fixture.write("Groceries.md", "![a](attachments/shop%20list.png) [[shop list.png]] [[gone.pdf]]\n")
            try await client.execute(uri: "/api/notes/Groceries.md", method: .get) { response in
                let html = try #require(try object(response)["html"] as? String)
                #expect(html.contains("<img src=\"/files/attachments/shop%20list.png\" alt=\"a\" />"), "\(html)")
                #expect(html.contains("<a class=\"attachment\" href=\"/files/attachments/shop%20list.png\">shop list.png</a>"), "\(html)")
            }
            try await client.execute(uri: "/api/notes/Groceries.md/attachments?name=x.md", method: .post, headers: .changing(fixture.csrf), body: body("x")) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    /// The page's pickers come from vault, not from copies in the script.
    @Test func theVocabularyIsVaults() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/api/vocabulary", method: .get) { response in
                let answer = try object(response)
                #expect(answer["palette"] as? [String] == VaultConfig.palette)
                let priorities = answer["priorities"] as? [[String: String]] ?? []
                #expect(priorities.map { $0["name"] ?? "" } == NoteTask.Priority.allCases.map(\.rawValue))
                #expect(priorities.first?["sign"] == "🔺" && priorities.first { $0["name"] == "normal" }?["sign"] == "")
            }
        }
    }

    @Test func tagsAndFolders() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/api/tags/rename", method: .post, headers: .changing(fixture.csrf), body: try body(["from": "meeting", "to": "work"])) { response in
                #expect(response.status == .conflict)
                let answer = try object(response)
                #expect(answer["exists"] as? Bool == true)
                // The way out as a field, not as a command-line flag in the message.
                #expect((answer["suggestion"] as? [String: Any])?["kind"] as? String == "mergeTags")
                #expect(!(answer["error"] as? String ?? "--").contains("--"))
            }
            try await client.execute(uri: "/api/tags/rename", method: .post, headers: .changing(fixture.csrf), body: try body(["from": "meeting", "to": "meetings", "dryRun": true])) { response in
                let report = try object(response)
                #expect((report["count"] as? Int ?? 0) > 0)
                #expect(report["recordID"] is NSNull)
            }
            #expect(fixture.read("Work/Standup 2026-11-20.md").contains("meeting"))
            try await client.execute(uri: "/api/tags/merge", method: .post, headers: .changing(fixture.csrf), body: try body(["sources": ["meeting"], "into": "work"])) { response in
                try #expect(object(response)["recordID"] is String)
            }
            try await client.execute(uri: "/api/tags/history", method: .get) { response in
                let records = try #require(try json(response) as? [[String: Any]])
                #expect(records.last?["kind"] as? String == "merge")
            }
            try await client.execute(uri: "/api/folders", method: .post, headers: .changing(fixture.csrf), body: try body(["name": "Archive"])) { response in
                try #expect(object(response)["path"] as? String == "Archive")
            }
            try await client.execute(uri: "/api/folders/rename", method: .post, headers: .changing(fixture.csrf), body: try body(["from": "Archive", "to": "Old"])) { response in
                try #expect(object(response)["path"] as? String == "Old")
            }
            try await client.execute(uri: "/api/folders/color", method: .post, headers: .changing(fixture.csrf), body: try body(["folder": "Old", "color": "Teal"])) { response in
                try #expect(object(response)["color"] as? String == "teal")
            }
            try await client.execute(uri: "/api/folders/delete", method: .post, headers: .changing(fixture.csrf), body: try body(["folder": "Reading"])) { response in
                try #expect(object(response)["trashed"] as? Int == 8)
            }
            #expect(!fixture.exists("Reading"))
        }
    }

    @Test(arguments: [
        ("/api/notes/..%2F..%2Fetc%2Fpasswd", HTTPResponse.Status.badRequest),
        ("/api/notes/Work%2FPlan.md", .badRequest),
        ("/api/notes/%2Fetc%2Fpasswd", .badRequest),
        ("/api/notes/../../etc/passwd", .badRequest),
        ("/api/notes/.vault/config.yaml", .notFound),
        ("/api/notes/Nowhere.md", .notFound),
        ("/files/.vault/config.yaml", .notFound),
        ("/api/notes?q=is%3Afoo", .badRequest),
    ])
    func badPathsAreRefused(uri: String, status: HTTPResponse.Status) async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == status)
                try #expect(object(response)["error"] is String)
            }
        }
    }

    @Test func changesNeedTheCSRFTokenAndTheSameOrigin() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/api/notes/Ideas.md", method: .delete) { response in
                #expect(response.status == .forbidden)
            }
            try await client.execute(uri: "/api/notes/Ideas.md", method: .delete, headers: .changing("wrong")) { response in
                #expect(response.status == .forbidden)
            }
            try await client.execute(uri: "/api/notes/Ideas.md", method: .delete, headers: .changing(fixture.csrf, [.origin: "http://evil.example"])) { response in
                #expect(response.status == .forbidden)
            }
            #expect(fixture.exists("Ideas.md"))
            try await client.execute(uri: "/api/csrf", method: .get) { response in
                try #expect(object(response)["token"] as? String == fixture.csrf)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
            }
        }
    }

    @Test func attachmentsAreServedSafely() async throws {
        let fixture = try WebFixture()
        try fixture.write("Work/diagram.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>")
        try fixture.write("Work/photo.png", "not really a png")
        try await fixture.test { client in
            try await client.execute(uri: "/files/Work/diagram.svg", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentDisposition]?.hasPrefix("attachment") == true)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
            }
            try await client.execute(uri: "/files/Work/photo.png", method: .get) { response in
                #expect(response.headers[.contentType] == "image/png")
                #expect(response.headers[.contentDisposition] == nil)
            }
        }
    }

    @Test func thePageAndItsAssetsAreServedWithTheToken() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            }
            for (name, bytes) in Assets.modules {
                try await client.execute(uri: "/js/\(name)", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                    #expect(response.body.readableBytes == bytes.count)
                }
            }
            for uri in ["/js/nothing.js", "/js/", "/app.js"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .notFound, "\(uri)")
                }
            }
        }
    }

    /// The page names its vault (what it remembers in the browser, the theme, is kept per
    /// vault) by a hash of the vault's path, not by the path itself.
    @Test func thePageNamesItsVaultByAKey() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let page = try await client.execute(uri: "/", method: .get) { response in String(buffer: response.body) }
            let key = Assets.vaultKey(path: fixture.server.session.root.path)
            #expect(page.contains("<meta name=\"vault-key\" content=\"\(key)\">"))
            #expect(!page.contains("{{"))
            #expect(!page.contains(fixture.path))
            #expect(key != Assets.vaultKey(path: fixture.path + "-other"))
        }
    }

    /// The page loads one module of its own, and every module it imports, at any depth, is
    /// served here: nothing from another host, and none missing from the table in Assets.
    @Test func thePageLoadsOnlyItsOwnModules() throws {
        let page = Assets.pageTemplate
        let scripts = page.matches(of: /<script\b[^>]*>/).map { String($0.output) }
        #expect(scripts == ["<script type=\"module\" src=\"/js/app.js\">"])
        var seen: Set<String> = []
        var waiting = ["app.js"]
        while let name = waiting.popLast() {
            guard seen.insert(name).inserted else { continue }
            let bytes = try #require(Assets.modules[name], "/js/\(name) is imported but not served")
            let source = String(decoding: bytes, as: UTF8.self)
            for line in source.split(separator: "\n") where line.hasPrefix("import ") {
                // `import … from './x.js';`, or `import './x.js';` for a script run for its effect (CodeMirror's).
                let target = try #require(line.firstMatch(of: /^import (?:.* from )?'\.\/([a-z-]+\.js)';$/), "\(name): \(line)")
                waiting.append(String(target.1))
            }
        }
        #expect(seen == Set(Assets.modules.keys))
    }
}

@Suite("Web access policy") struct AccessPolicyTests {
    func request(_ authority: String?, method: HTTPRequest.Method = .get, path: String = "/api/home", headers: HTTPFields = [:]) -> Request {
        Request(head: HTTPRequest(method: method, scheme: "http", authority: authority, path: path, headerFields: headers), body: RequestBody(buffer: ByteBuffer()))
    }

    @Test func hostMustNameTheServer() {
        let policy = AccessPolicy(options: ServeOptions(host: "127.0.0.1", port: 8375), csrfToken: "t")
        #expect(policy.refusal(for: request("127.0.0.1:8375")) == nil)
        #expect(policy.refusal(for: request("localhost:8375")) == nil)
        #expect(policy.refusal(for: request("attacker.example:8375"))?.status == .misdirectedRequest)
        #expect(policy.refusal(for: request("127.0.0.1:9999"))?.status == .misdirectedRequest)
        #expect(policy.refusal(for: request(nil))?.status == .misdirectedRequest)
    }

    @Test func beyondLoopbackTheTokenIsNeeded() {
        let policy = AccessPolicy(options: ServeOptions(host: "192.0.2.10", port: 8375, token: "secret"), csrfToken: "t")
        #expect(policy.refusal(for: request("192.0.2.10:8375"))?.status == .unauthorized)
        #expect(policy.refusal(for: request("localhost:8375"))?.status == .misdirectedRequest)
        #expect(policy.refusal(for: request("192.0.2.10:8375", headers: [.authorization: "Bearer secret"])) == nil)
        #expect(policy.refusal(for: request("192.0.2.10:8375", path: "/?token=secret")) == nil)
        #expect(policy.refusal(for: request("192.0.2.10:8375", headers: [.cookie: "a=b; vault_token=secret"])) == nil)
    }

    @Test func aServerBeyondLoopbackMakesAToken() throws {
        let server = VaultServer(session: VaultSession(vault: Vault(root: try VaultRoot(path: WebFixture.examplePath))), options: ServeOptions(host: "0.0.0.0"))
        #expect(server.accessToken?.count == 64)
        #expect(server.url.hasSuffix("?token=" + (server.accessToken ?? "")))
    }
}

@Suite("Live index") struct LiveIndexTests {
    @Test func anEditOnDiskIsAnEvent() async throws {
        let fixture = try WebFixture()
        let events = fixture.events.subscribe()
        try fixture.write("Ideas.md", fixture.read("Ideas.md") + "\nmore\n")
        try fixture.write("New note.md", "# New\n\ntext\n")
        try FileManager.default.removeItem(atPath: fixture.path + "/Inbox.md")
        await fixture.live.refresh()
        var iterator = events.makeAsyncIterator()
        let event = try #require(await iterator.next())
        #expect(event == "event: change\ndata: {\"changed\":[\"Ideas.md\"],\"added\":[\"New note.md\"],\"removed\":[\"Inbox.md\"]}\n\n")
        #expect(fixture.live.snapshot.scan.notes.count == 47)
    }

    /// A command answered by the server first waits for the watcher to have read every
    /// change made before it: here a note written just before the call.
    @Test func settledHasReadAWriteMadeBeforeIt() async throws {
        let fixture = try WebFixture()
        try fixture.live.startWatching()
        defer { fixture.live.stopWatching() }
        try fixture.write("Just written.md", "# Just written\n")
        let snapshot = try #require(await fixture.live.settled(timeout: .seconds(60)))
        #expect(snapshot.scan.notes.contains { $0.path == "Just written.md" })
    }

    /// Without a watcher the server cannot know it has read everything: nil, at once.
    @Test func settledWithoutAWatcherIsNil() async throws {
        let fixture = try WebFixture()
        #expect(await fixture.live.settled(timeout: .seconds(60)) == nil)
    }

    @Test func notesReReadAloneGiveWhatARescanGives() async throws {
        let fixture = try WebFixture()
        let events = fixture.events.subscribe()
        try fixture.write("Ideas.md", fixture.read("Ideas.md") + "\nzanzibar\n")
        try fixture.write("New note.md", "---\ntags: [fresh]\npinned: true\n---\n# New\n\ntext\n")
        try FileManager.default.removeItem(atPath: fixture.path + "/Inbox.md")
        await fixture.live.refresh(["Ideas.md", "New note.md", "Inbox.md", ".git/index"])
        var iterator = events.makeAsyncIterator()
        let event = try #require(await iterator.next())
        #expect(event == "event: change\ndata: {\"changed\":[\"Ideas.md\"],\"added\":[\"New note.md\"],\"removed\":[\"Inbox.md\"]}\n\n")
        let session = fixture.live.session
        let rescan = try session.scan()
        let snapshot = fixture.live.snapshot
        #expect(snapshot.sorted.map(\.path) == session.sorted(rescan).map(\.path))
        #expect(snapshot.index.tags.map(\.path) == session.index(of: rescan).tags.map(\.path))
        #expect(snapshot.links.value.resolve("new note") == "New note.md")
        #expect(snapshot.links.value.resolve("Inbox") == nil)
        try await fixture.test { client in
            try await client.execute(uri: "/api/notes?q=zanzibar", method: .get) { response in
                let notes = try #require(try object(response)["notes"] as? [[String: Any]])
                #expect(notes.map { $0["path"] as? String } == ["Ideas.md"])
            }
            try await client.execute(uri: "/api/notes?q=tag%3Afresh", method: .get) { response in
                let notes = try #require(try object(response)["notes"] as? [[String: Any]])
                #expect(notes.map { $0["path"] as? String } == ["New note.md"])
            }
        }
    }

    @Test func searchesAnswerAsAScanOfTheFilesDoes() async throws {
        let fixture = try WebFixture()
        let session = fixture.live.session
        #expect(fixture.live.isTextIndexed)
        let queries = ["meeting", "tag:work AND plan", "NOT the", "caf", "zz", "title:ideas OR milk", "#work -tag:work/meetings", "folder:Work \"next steps\""]
        let found = Locked(0)
        try await fixture.test { client in
            for text in queries {
                let expected = session.sorted(try session.scan(matching: Query.parse(text))).map(\.path)
                if !expected.isEmpty { found.withLock { $0 += 1 } }
                let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
                try await client.execute(uri: "/api/notes?limit=1000&q=" + encoded, method: .get) { response in
                    let notes = try #require(try object(response)["notes"] as? [[String: Any]])
                    #expect(notes.map { $0["path"] as? String ?? "" } == expected, "\(text)")
                }
            }
            try await client.execute(uri: "/api/status", method: .get) { response in
                let status = try object(response)
                #expect(status["textSearch"] as? String == "ready")
                #expect(status["notes"] as? Int == (try session.scan().notes.count))
            }
        }
        #expect(found.withLock { $0 } >= 6, "most queries find notes")
    }

    /// A word search that finds nothing is answered with the vault's closest words.
    @Test func aSearchThatFindsNothingSuggestsCloseWords() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/api/notes?q=meetigns", method: .get) { response in
                let answer = try object(response)
                #expect(answer["total"] as? Int == 0)
                #expect((answer["suggestions"] as? [String])?.first == "meetings")
            }
            try await client.execute(uri: "/api/notes?q=meeting", method: .get) { response in
                let answer = try object(response)
                #expect(answer["suggestions"] == nil)
            }
            try await client.execute(uri: "/api/status", method: .get) { response in
                let index = try #require(try object(response)["wordIndex"] as? [String: Any])
                #expect((index["words"] as? Int ?? 0) > 100)
                #expect((index["bytes"] as? Int ?? 0) > 1000)
            }
        }
    }

    @Test func theWatcherSeesEditsAndNewDirectories() async throws {
        let fixture = try WebFixture()
        let reports = Locked<[String]>([])
        let watcher = try DirectoryWatcher(root: fixture.path) { report in reports.withLock { $0 += report.paths } }
        defer { watcher.stop() }
        try FileManager.default.createDirectory(atPath: fixture.path + "/Later", withIntermediateDirectories: false)
        // The new directory is watched once its creation is seen.
        try await waitUntil { reports.withLock { $0.contains("Later") } }
        try fixture.write("Later/Note.md", "# Note\n")
        try await waitUntil { reports.withLock { $0.contains("Later/Note.md") } }
        try fixture.write(".vault/ignored.txt", "cache")
        try fixture.write("Work/Plan.md", "# Plan\n")
        try await waitUntil { reports.withLock { $0.contains("Work/Plan.md") } }
        #expect(!reports.withLock { $0.contains { $0.hasPrefix(".vault") } })
    }

    /// Given the folders a scan found, the watcher watches those (and the trash's tree)
    /// without reading every directory again.
    @Test func aWatcherGivenTheScansFoldersWatchesEachOnce() async throws {
        let fixture = try WebFixture()
        try FileManager.default.createDirectory(atPath: fixture.path + "/Work/Deep", withIntermediateDirectories: true)
        try fixture.write("Work/Deep/Note.md", "# Deep\n")
        try FileManager.default.createDirectory(atPath: fixture.path + "/.trash/Sub", withIntermediateDirectories: true)
        let folders = try fixture.live.session.scan().folders
        #expect(folders.contains("Work/Deep"))
        let reports = Locked<[String]>([])
        let watcher = try DirectoryWatcher(root: fixture.path, directories: folders, alsoWatch: [".trash"]) { report in
            reports.withLock { $0 += report.paths }
        }
        defer { watcher.stop() }
        #expect(watcher.watchedCount == 1 + folders.count + 2)
        try fixture.write("Work/Deep/Note.md", "# Deep, edited\n")
        try fixture.write(".trash/Sub/Gone.md", "# Gone\n")
        try await waitUntil { reports.withLock { $0.contains("Work/Deep/Note.md") && $0.contains(".trash/Sub/Gone.md") } }
    }
}

/// Waits for a condition that a background thread makes true: polls, for at most a
/// minute (a wait for an outcome, however busy the machine, not a measure of speed).
func waitUntil(_ condition: () -> Bool) async throws {
    var polls = 0
    while !condition(), polls < 6000 {
        try await Task.sleep(for: .milliseconds(10))
        polls += 1
    }
    #expect(condition())
}

/// A value a `@Sendable` test closure hands back to the test that runs it.
final class UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
