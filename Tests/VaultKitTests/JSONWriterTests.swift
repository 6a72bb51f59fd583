import Foundation
import Testing
@testable import VaultKit
import VaultPlatform

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

    /// The byte writer of the JSON agenda escapes as the writer does: every control
    /// character, quotes and backslashes, wherever they fall.
    @Test func theByteWriterEscapesAsTheWriterDoes() {
        let specials = (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) } + ["\"", "\\", "é", "日", "\u{7F}", "\u{9B}", "😀"]
        for length in [0, 1, 7, 8, 9, 17] {
            for special in specials {
                for position in 0...length {
                    var characters = Array(repeating: Character("a"), count: length)
                    characters.insert(special, at: position)
                    var text = String(characters)
                    var out = ByteOutput(capacity: 16)
                    text.withUTF8 { JSONBytes.appendString(validUTF8: UnsafeRawBufferPointer($0), to: &out) }
                    var json = JSONWriter()
                    json.string(text)
                    #expect(out.bytes == json.bytes, "\(text.debugDescription)")
                    #expect(out.bytes == reference(text), "\(text.debugDescription)")
                }
            }
        }
    }
}
