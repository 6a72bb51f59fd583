import Foundation
import Testing

/// `vault tasks --format json` byte for byte: the agenda's JSON is written from the
/// cached task records directly (docs/performance.md), and must stay the bytes the
/// `NoteTask` writer gave: escapes, non-ASCII text, every date field, priorities,
/// statuses, recurrence, categories and buckets.
@Suite("tasks json bytes")
struct TasksJSONBytesTests {
    @Test func theJSONAgendaIsByteForByteWhatItWas() throws {
        let vault = try TestVault()
        try vault.write("Work/x \"q\".md", "---\nid: 1\n---\n# Plan\n\n"
            + "- [ ] pay \"rent\" \\ now 📅 2000-01-01 🔁 every month #home #work/deep\n"
            + "- [x] done one ✅ 2001-02-03 ➕ 2000-12-31\n"
            + "- [/] doing ⏳ 2999-05-06 🛫 2000-02-02 ⏫\n"
            + "    - [ ] sub task 🔽 tab\there\n"
            + "- [-] cancelled ❌ 2002-03-04 🔺\n"
            + "- [ ] ünïcödé ☺ 日本 ⏬ [due:: 2999-01-01]\n"
            + "- [ ] control \u{01} char 🔼\n")
        let all = try vault.run("tasks", "--all", "--format", "json")
        #expect(all.status == 0, "\(all)")
        #expect(all.stdout == #"[{"ref":"dd6d02c","note":"Work/x \"q\".md","line":6,"text":"pay \"rent\" \\ now #home #work/deep","status":"todo","priority":"normal","due":"2000-01-01","scheduled":null,"start":null,"created":null,"done":null,"cancelled":null,"recurrence":"every month","categories":["home","work/deep"],"bucket":"Overdue"},{"ref":"4ef6d40","note":"Work/x \"q\".md","line":11,"text":"ünïcödé ☺ 日本","status":"todo","priority":"lowest","due":"2999-01-01","scheduled":null,"start":null,"created":null,"done":null,"cancelled":null,"recurrence":null,"categories":[],"bucket":"Later"},{"ref":"4f6078d","note":"Work/x \"q\".md","line":10,"text":"cancelled","status":"cancelled","priority":"highest","due":null,"scheduled":null,"start":null,"created":null,"done":null,"cancelled":"2002-03-04","recurrence":null,"categories":[],"bucket":"No Due Date"},{"ref":"e969a18","note":"Work/x \"q\".md","line":8,"text":"doing","status":"doing","priority":"high","due":null,"scheduled":"2999-05-06","start":"2000-02-02","created":null,"done":null,"cancelled":null,"recurrence":null,"categories":[],"bucket":"No Due Date"},{"ref":"9eb3b55","note":"Work/x \"q\".md","line":12,"text":"control \u0001 char","status":"todo","priority":"medium","due":null,"scheduled":null,"start":null,"created":null,"done":null,"cancelled":null,"recurrence":null,"categories":[],"bucket":"No Due Date"},{"ref":"12e6bf7","note":"Work/x \"q\".md","line":7,"text":"done one","status":"done","priority":"normal","due":null,"scheduled":null,"start":null,"created":"2000-12-31","done":"2001-02-03","cancelled":null,"recurrence":null,"categories":[],"bucket":"No Due Date"},{"ref":"a685d7c","note":"Work/x \"q\".md","line":9,"text":"sub task 🔽 tab\there","status":"todo","priority":"normal","due":null,"scheduled":null,"start":null,"created":null,"done":null,"cancelled":null,"recurrence":null,"categories":[],"bucket":"No Due Date"}]"# + "\n")
        let open = try vault.run("tasks", "--format", "json")
        #expect(open.stdout == #"[{"ref":"dd6d02c","note":"Work/x \"q\".md","line":6,"text":"pay \"rent\" \\ now #home #work/deep","status":"todo","priority":"normal","due":"2000-01-01","scheduled":null,"start":null,"created":null,"done":null,"cancelled":null,"recurrence":"every month","categories":["home","work/deep"],"bucket":"Overdue"},{"ref":"4ef6d40","note":"Work/x \"q\".md","line":11,"text":"ünïcödé ☺ 日本","status":"todo","priority":"lowest","due":"2999-01-01","scheduled":null,"start":null,"created":null,"done":null,"cancelled":null,"recurrence":null,"categories":[],"bucket":"Later"},{"ref":"e969a18","note":"Work/x \"q\".md","line":8,"text":"doing","status":"doing","priority":"high","due":null,"scheduled":"2999-05-06","start":"2000-02-02","created":null,"done":null,"cancelled":null,"recurrence":null,"categories":[],"bucket":"No Due Date"},{"ref":"9eb3b55","note":"Work/x \"q\".md","line":12,"text":"control \u0001 char","status":"todo","priority":"medium","due":null,"scheduled":null,"start":null,"created":null,"done":null,"cancelled":null,"recurrence":null,"categories":[],"bucket":"No Due Date"},{"ref":"a685d7c","note":"Work/x \"q\".md","line":9,"text":"sub task 🔽 tab\there","status":"todo","priority":"normal","due":null,"scheduled":null,"start":null,"created":null,"done":null,"cancelled":null,"recurrence":null,"categories":[],"bucket":"No Due Date"}]"# + "\n")
    }

    /// The edges the byte writer of records takes apart: a task with every field, tasks
    /// with no words, escapes and control characters, non-ASCII categories, a path that
    /// JSON escapes, and grouping by note (one note: the order of notes is their dates').
    @Test func everyFieldAndEveryEscapeAreWhatTheyWere() throws {
        let vault = try TestVault()
        try vault.write("Dir é/a\\b/N \"1\".md", bytes: Array("---\ntags: [x]\n---\n# Every field\n\n".utf8)
            + Array("- [ ] all of it ⏫ 📅 2999-01-02 ⏳ 2999-01-01 🛫 2998-12-31 ➕ 2000-12-01 🔁 every week #a #b/c #ü\n".utf8)
            + Array("- [ ] \n- [/] 🔺\n".utf8)
            + Array("- [ ] tab\tand ".utf8) + [0x7F] + Array(" del ".utf8) + [0x1B] + Array(" esc and ".utf8) + [0xC2, 0x9B]
            + Array(" csi and \\ \" quote ✅ 2031-01-01 ❌ 2031-01-02\n".utf8)
            + Array("- [x] done fully ✅ 2020-05-05 ➕ 2020-01-01\n- [ ] 😀 emoji 🔽 #😀\n".utf8))
        let all = try vault.run("tasks", "--all", "--format", "json")
        #expect(all.status == 0, "\(all)")
        #expect(all.stdout == ##"[{"ref":"490594e","note":"Dir é/a\\b/N \"1\".md","line":6,"text":"all of it #a #b/c #ü","status":"todo","priority":"high","due":"2999-01-02","scheduled":"2999-01-01","start":"2998-12-31","created":"2000-12-01","done":null,"cancelled":null,"recurrence":"every week","categories":["a","b/c","ü"],"bucket":"Later"},{"ref":"57fcd15","note":"Dir é/a\\b/N \"1\".md","line":8,"text":"","status":"doing","priority":"highest","due":null,"scheduled":null,"start":null,"created":null,"done":null,"cancelled":null,"recurrence":null,"categories":[],"bucket":"No Due Date"},{"ref":"65c31a5","note":"Dir é/a\\b/N \"1\".md","line":10,"text":"done fully","status":"done","priority":"normal","due":null,"scheduled":null,"start":null,"created":"2020-01-01","done":"2020-05-05","cancelled":null,"recurrence":null,"categories":[],"bucket":"No Due Date"},{"ref":"185174f","note":"Dir é/a\\b/N \"1\".md","line":7,"text":"","status":"todo","priority":"normal","due":null,"scheduled":null,"start":null,"created":null,"done":null,"cancelled":null,"recurrence":null,"categories":[],"bucket":"No Due Date"},{"ref":"b6cbf34","note":"Dir é/a\\b/N \"1\".md","line":9,"text":"tab\tand \##u{7F} del \u001b esc and \##u{9B} csi and \\ \" quote","status":"todo","priority":"normal","due":null,"scheduled":null,"start":null,"created":null,"done":"2031-01-01","cancelled":"2031-01-02","recurrence":null,"categories":[],"bucket":"No Due Date"},{"ref":"24aab89","note":"Dir é/a\\b/N \"1\".md","line":11,"text":"😀 emoji #😀","status":"todo","priority":"low","due":null,"scheduled":null,"start":null,"created":null,"done":null,"cancelled":null,"recurrence":null,"categories":["😀"],"bucket":"No Due Date"}]"## + "\n")
        let byNote = try vault.run("tasks", "--all", "--format", "json", "--by", "note")
        #expect(byNote.stdout == ##"[{"ref":"490594e","note":"Dir é/a\\b/N \"1\".md","line":6,"text":"all of it #a #b/c #ü","status":"todo","priority":"high","due":"2999-01-02","scheduled":"2999-01-01","start":"2998-12-31","created":"2000-12-01","done":null,"cancelled":null,"recurrence":"every week","categories":["a","b/c","ü"],"bucket":"Later"},{"ref":"185174f","note":"Dir é/a\\b/N \"1\".md","line":7,"text":"","status":"todo","priority":"normal","due":null,"scheduled":null,"start":null,"created":null,"done":null,"cancelled":null,"recurrence":null,"categories":[],"bucket":"No Due Date"},{"ref":"57fcd15","note":"Dir é/a\\b/N \"1\".md","line":8,"text":"","status":"doing","priority":"highest","due":null,"scheduled":null,"start":null,"created":null,"done":null,"cancelled":null,"recurrence":null,"categories":[],"bucket":"No Due Date"},{"ref":"b6cbf34","note":"Dir é/a\\b/N \"1\".md","line":9,"text":"tab\tand \##u{7F} del \u001b esc and \##u{9B} csi and \\ \" quote","status":"todo","priority":"normal","due":null,"scheduled":null,"start":null,"created":null,"done":"2031-01-01","cancelled":"2031-01-02","recurrence":null,"categories":[],"bucket":"No Due Date"},{"ref":"65c31a5","note":"Dir é/a\\b/N \"1\".md","line":10,"text":"done fully","status":"done","priority":"normal","due":null,"scheduled":null,"start":null,"created":"2020-01-01","done":"2020-05-05","cancelled":null,"recurrence":null,"categories":[],"bucket":"No Due Date"},{"ref":"24aab89","note":"Dir é/a\\b/N \"1\".md","line":11,"text":"😀 emoji #😀","status":"todo","priority":"low","due":null,"scheduled":null,"start":null,"created":null,"done":null,"cancelled":null,"recurrence":null,"categories":["😀"],"bucket":"No Due Date"}]"## + "\n")
        let none = try vault.run("tasks", "--format", "json", "--limit", "0")
        #expect(none.stdout == "[]\n")
    }

    /// The array is written in chunks formatted apart (on all cores): one comma between
    /// every two tasks across the chunks, none after the last, every task once in order.
    @Test func aLongAgendaIsOneArrayAcrossItsChunks() throws {
        let vault = try TestVault()
        let count = 9_000
        try vault.write("Many.md", (1...count).map { "- [ ] task \($0)\n" }.joined())
        let result = try vault.run("tasks", "--format", "json")
        #expect(result.status == 0, "\(result)")
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(tasks.count == count)
        #expect(tasks.map { $0["line"] as? Int ?? 0 } == Array(1...count))
        #expect(tasks.map { $0["text"] as? String ?? "" } == (1...count).map { "task \($0)" })
        #expect(result.stdout.hasSuffix("}]\n") && !result.stdout.contains(",,") && !result.stdout.contains(",]"))
    }
}
