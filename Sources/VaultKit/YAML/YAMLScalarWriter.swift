import Foundation

/// Writes strings as YAML scalars that libyaml reads back as the same string.
public enum YAMLScalarWriter {
    public enum Context { case block, flow }

    /// The string plain when that reads back unchanged, else double-quoted.
    public static func render(_ value: String, in context: Context = .block) -> String {
        isPlainSafe(value, in: context) ? value : doubleQuoted(value)
    }

    /// Renders `value` in `style` where it can be, so a rewritten value keeps its quoting.
    public static func render(_ value: String, like style: YAMLNode.ScalarStyle, in context: Context = .block) -> String {
        switch style {
        case .doubleQuoted: return doubleQuoted(value)
        case .singleQuoted where !value.contains(where: { $0.isNewline }):
            return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        default: return render(value, in: context)
        }
    }

    public static func doubleQuoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            // YAML reads these as line breaks, or not at all: escaped, they come back as they were.
            case "\u{2028}": out += "\\L"
            case "\u{2029}": out += "\\P"
            case "\u{FEFF}": out += "\\uFEFF"
            default:
                if scalar.properties.generalCategory == .control {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func isPlainSafe(_ value: String, in context: Context) -> Bool {
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last else { return false }
        if " \t".unicodeScalars.contains(first) || " \t".unicodeScalars.contains(last) { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) {
            // `-x`, `?x`, `:x` are plain when followed by a non-space, but keep it simple.
            return false
        }
        if value.contains(": ") || value.contains(" #") || value.hasSuffix(":") { return false }
        if context == .flow, value.contains(where: { ",[]{}".contains($0) }) { return false }
        if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{FEFF}" }) { return false }
        let lower = value.lowercased()
        if ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"].contains(lower) { return false }
        if looksNumeric(lower) { return false }
        return true
    }

    /// What YAML 1.1 (PyYAML's resolver rules) reads as a number or a timestamp. Compiled
    /// once; never mutated after.
    nonisolated(unsafe) private static let nonStrings: [Regex<Substring>] = [
        /[-+]?0b[0-1_]+/,
        /[-+]?0[0-7_]+/,
        /[-+]?(?:0|[1-9][0-9_]*)/,
        /[-+]?0x[0-9a-fA-F_]+/,
        /[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+/,
        /[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*(?:[eE][-+][0-9]+)?/,
        /[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*/,
        /[-+]?\.(?:inf|Inf|INF)/,
        /\.(?:nan|NaN|NAN)/,
        /[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt ].*)?/,
    ]

    /// True for what YAML 1.1 reads as a number or a timestamp rather than a string.
    private static func looksNumeric(_ value: String) -> Bool {
        let utf8 = value.utf8
        guard let first = utf8.first, first == UInt8(ascii: ".") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
                || (0x30...0x39).contains(first) else { return false }
        // Letters appear in numbers only as 0x/0b prefixes, exponents, .inf/.nan, or in a
        // timestamp; anything else with a letter (a UUID) is a string without asking a regex.
        let hasLetter = utf8.contains { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        if hasLetter, !value.contains("0x"), !value.contains("0b"), !value.contains("."), !(value.count >= 10 && value.dropFirst(4).first == "-") {
            return false
        }
        return nonStrings.contains { value.wholeMatch(of: $0) != nil }
    }
}
