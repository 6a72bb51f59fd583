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
}
