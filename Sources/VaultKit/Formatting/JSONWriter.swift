/// A small streaming JSON writer: `Codable` would build an intermediate tree per note,
/// which shows on 100,000-note listings.
public struct JSONWriter {
    public private(set) var output: String = ""
    private var needsComma: [Bool] = [false]

    public init() {
        output.reserveCapacity(4096)
    }

    public mutating func beginObject() { value("{"); needsComma.append(false) }
    public mutating func endObject() { needsComma.removeLast(); output += "}" }
    public mutating func beginArray() { value("["); needsComma.append(false) }
    public mutating func endArray() { needsComma.removeLast(); output += "]" }

    public mutating func key(_ name: String) {
        separate()
        appendString(name)
        output += ":"
        needsComma[needsComma.count - 1] = false
        pendingKey = true
    }

    public mutating func string(_ text: String?) {
        guard let text else { return null() }
        separate()
        appendString(text)
    }

    public mutating func number(_ value: Int) { self.value(String(value)) }
    public mutating func bool(_ flag: Bool) { value(flag ? "true" : "false") }
    public mutating func null() { value("null") }

    public mutating func strings(_ items: [String]) {
        beginArray()
        for item in items { string(item) }
        endArray()
    }

    /// Takes the text written so far, to stream large outputs.
    public mutating func flush() -> String {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    private var pendingKey = false

    private mutating func value(_ raw: String) {
        separate()
        output += raw
    }

    private mutating func separate() {
        if pendingKey {
            pendingKey = false
        } else if needsComma[needsComma.count - 1] {
            output += ","
        }
        needsComma[needsComma.count - 1] = true
    }

    private mutating func appendString(_ text: String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
