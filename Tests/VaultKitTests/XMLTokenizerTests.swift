import Foundation
import Testing
@testable import VaultKit

/// The export reader's XML: entities never expanded beyond the predefined ones, nothing
/// fetched, hostile documents refused with the file and line:column.
@Suite("XML tokenizer")
struct XMLTokenizerTests {
    private func tokens(_ text: String, lenient: Bool = false) throws(VaultError) -> [XMLToken] {
        try tokens(Array(text.utf8), lenient: lenient)
    }

    private func tokens(_ bytes: [UInt8], lenient: Bool = false) throws(VaultError) -> [XMLToken] {
        var tokenizer = XMLTokenizer(bytes: bytes, file: "x.enex", lenient: lenient)
        var result: [XMLToken] = []
        while let token = try tokenizer.next() { result.append(token) }
        return result
    }

    private func message(_ text: String, lenient: Bool = false) -> String? {
        message(Array(text.utf8), lenient: lenient)
    }

    private func message(_ bytes: [UInt8], lenient: Bool = false) -> String? {
        do {
            _ = try tokens(bytes, lenient: lenient)
            return nil
        } catch {
            return error.errorDescription
        }
    }

    @Test func readsElementsAttributesTextAndCDATA() throws {
        let result = try tokens("<?xml version=\"1.0\"?>\n<!DOCTYPE en-export SYSTEM \"http://xml.evernote.com/pub/evernote-export3.dtd\">\n<a x=\"1 &amp; 2\" y='q'><b/>t &lt;&#65;&#x42;<![CDATA[<c>&amp;]]><!-- no --></a>")
        #expect(result == [
            .start(name: "a", attributes: [XMLAttribute(name: "x", value: "1 & 2"), XMLAttribute(name: "y", value: "q")], selfClosing: false),
            .start(name: "b", attributes: [], selfClosing: true),
            .text("t <AB"),
            .text("<c>&amp;"),
            .end(name: "a"),
        ])
    }

    @Test func refusesTheBillionLaughs() {
        let bomb = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [
         <!ENTITY lol "lol">
         <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
        ]>
        <lolz>&lol2;</lolz>
        """
        let error = message(bomb)
        #expect(error?.hasPrefix("x.enex:2:16: error: the document declares its own entities") == true, "\(error ?? "no error")")
    }

    @Test func refusesAnExternalEntityAndNeverFetchesIt() {
        let external = "<?xml version=\"1.0\"?>\n<!DOCTYPE a [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<a>&xxe;</a>"
        #expect(message(external)?.contains("entities are not expanded") == true)
        // An entity the document does not declare is not looked up anywhere either.
        #expect(message("<a>&xxe;</a>") == "x.enex:1:4: error: unknown entity '&xxe;': entities are not expanded")
    }

    @Test func namesTheUnclosedTag() {
        #expect(message("<a>\n  <b>text</a>") == "x.enex:2:10: error: </a> does not close <b> (line 2:3)")
        #expect(message("<a>\n<b>") == "x.enex:2:4: error: unexpected end of file: <b> (line 2:1) is not closed")
        #expect(message("<a><![CDATA[never ends</a>")?.hasPrefix("x.enex:1:13: error: unexpected end of file in a CDATA section") == true)
        #expect(message("<a x=\"1></a>")?.contains("'<' in an attribute value") == true)
    }

    @Test func refusesInvalidUTF8WithItsPlace() {
        let bytes = Array("<a>\nok ".utf8) + [0xC3, 0x28] + Array("</a>".utf8)
        #expect(message(bytes) == "x.enex:1:4: error: the text is not valid UTF-8")
    }

    @Test func boundsTokensAndNesting() {
        var tokenizer = XMLTokenizer(bytes: Array(("<a>" + String(repeating: "x", count: 100) + "</a>").utf8), file: "x.enex", lenient: false,
                                     limits: XMLTokenizer.Limits(tokenBytes: 50))
        #expect(throws: VaultError.self) { while try tokenizer.next() != nil {} }
        let deep = String(repeating: "<a>", count: 600)
        #expect(message(deep)?.contains("elements nest deeper than 512") == true)
    }

    @Test func lenientModeKnowsHTMLCharactersAndLeavesNestingAlone() throws {
        let result = try tokens("<div>a&nbsp;b &unknown; <br></div>", lenient: true)
        #expect(result == [
            .start(name: "div", attributes: [], selfClosing: false),
            .text("a\u{A0}b &unknown; "),
            .start(name: "br", attributes: [], selfClosing: false),
            .end(name: "div"),
        ])
    }
}
