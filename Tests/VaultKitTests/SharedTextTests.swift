import Testing
@testable import VaultKit

/// What a phone's share sheet brings (a title, text, a URL: any may be missing) as the
/// note or the task it becomes.
@Suite("Shared text") struct SharedTextTests {
    @Test func aTitleTextAndURLMakeANote() throws {
        let shared = SharedText(title: "Swift 6 migration", text: "Worth reading before the upgrade.", url: "https://swift.org/migration")
        let draft = try shared.noteDraft()
        #expect(draft.title == "Swift 6 migration")
        #expect(draft.body == "Worth reading before the upgrade.\n\nhttps://swift.org/migration\n")
    }

    @Test func withoutATitleTheFirstLineIsTheTitle() throws {
        let draft = try SharedText(text: "Call the plumber\nabout the boiler, not the sink").noteDraft()
        #expect(draft.title == "Call the plumber")
        #expect(draft.body == "about the boiler, not the sink\n")
        let one = try SharedText(text: "  Buy stamps  ").noteDraft()
        #expect(one.title == "Buy stamps" && one.body == "")
    }

    @Test func aURLInTheTextIsNotWrittenTwice() throws {
        // Android's share sheet sends a page's URL in `text`, often with its title.
        let draft = try SharedText(title: "A page", text: "Look: https://example.org/a", url: "https://example.org/a").noteDraft()
        #expect(draft.body == "Look: https://example.org/a\n")
        let only = try SharedText(url: "https://example.org/b").noteDraft()
        #expect(only.title == "example.org" && only.body == "https://example.org/b\n")
    }

    @Test func aLongFirstLineIsCutAtAWord() throws {
        let line = String(repeating: "word ", count: 40).trimmingSpaces()
        let draft = try SharedText(text: line).noteDraft()
        let title = try #require(draft.title)
        #expect(title.count <= SharedText.titleLimit && title.hasSuffix("word") && title.hasPrefix("word word"))
        #expect(draft.body == line + "\n", "the whole line is kept in the body")
    }

    @Test func aTaskIsOneLine() throws {
        #expect(try SharedText(title: "Reply to Ann", text: "about\nthe trip").taskDraft().text == "Reply to Ann")
        #expect(try SharedText(text: "Renew\npassport").taskDraft().text == "Renew")
        #expect(try SharedText(title: "Read this", url: "https://example.org/x").taskDraft().text == "Read this https://example.org/x")
        #expect(try SharedText(text: "see https://example.org/y", url: "https://example.org/y").taskDraft().text == "see https://example.org/y")
    }

    @Test func nothingSharedIsAnError() {
        #expect(throws: VaultError.self) { try SharedText(title: " ", text: "\n\n", url: "").noteDraft() }
        #expect(throws: VaultError.self) { try SharedText().taskDraft() }
    }
}
