import Foundation
import Testing
@testable import VaultKit

/// JSON strings are escaped eight bytes at a time while no byte needs it: the same bytes
/// as one byte at a time, wherever in a string the escaped bytes fall.
@Suite struct JSONWriterTests {
    /// The escape written out one byte at a time, as JSONWriter did before.
    private func reference(_ text: String) -> [UInt8] {
        var out: [UInt8] = [0x22]
        for byte in text.utf8 {
            switch byte {
            case 0x22: out += Array(#"\""#.utf8)
            case 0x5C: out += Array(#"\\"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case ..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
            default: out.append(byte)
            }
        }
        return out + [0x22]
    }

    @Test func escapesEveryByteWhereverItFalls() {
        let specials: [Character] = ["\"", "\\", "\n", "\t", "\u{01}", "\u{1F}", "é", "日", " ", "!", "#", "]", "\u{7F}"]
        for length in 0..<20 {
            for special in specials {
                for position in 0...length {
                    var characters = Array(repeating: Character("a"), count: length)
                    characters.insert(special, at: position)
                    let text = String(characters)
                    var json = JSONWriter()
                    json.string(text)
                    #expect(json.bytes == reference(text), "\(text.debugDescription)")
                }
            }
        }
    }
}
