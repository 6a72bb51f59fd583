import ArgumentParser
import Foundation
import VaultKit
import VaultPlatform

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// Writes to stdout or stderr, with colour only on a terminal and never with `NO_COLOR`.
struct Terminal {
    let fd: Int32
    let colored: Bool

    /// Standard output: this process's, or that of the process `vault serve` answers for.
    static func standardOutput(color: ColorChoice) -> Terminal {
        let fd = CommandAnswer.current?.output ?? 1
        return Terminal(fd: fd, colored: useColor(color, fd: fd))
    }

    static var standardError: Terminal {
        Terminal(fd: CommandAnswer.current?.errors ?? 2, colored: false)
    }

    static func useColor(_ choice: ColorChoice, fd: Int32) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            let environment = CommandAnswer.current?.environment ?? ProcessInfo.processInfo.environment
            let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            return !noColor && Syscalls.isTerminal(fd)
        }
    }

    /// True when this stream is an interactive terminal.
    var isInteractive: Bool { Syscalls.isTerminal(fd) }

    /// Writes all of `text`; callers batch their output into large strings.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Writes what `out` holds and empties it.
    func write(_ out: inout ByteOutput) {
        out.withBytes { write($0) }
        out.removeAll()
    }

    private func write(_ bytes: UnsafeRawBufferPointer) {
        // A closed pipe (`vault list | head`): stop writing quietly.
        try? Syscalls.writeAll(fd, bytes)
    }

    func line(_ text: String = "") { write(text + "\n") }

    /// Errors and warnings name notes, whose names and titles may hold control characters.
    func printError(_ error: VaultError) {
        let message = TerminalText.escaped(error.commandLineDescription, keepingLineBreaks: true)
        line(error.isLocated ? message : "vault: error: " + message)
    }

    func warning(_ diagnostic: Diagnostic) { line(TerminalText.escaped(diagnostic.description, keepingLineBreaks: true)) }

    // MARK: - Styles

    static let colorCodes: [String: String] = [
        "gray": "90", "blue": "34", "orange": "38;5;208", "yellow": "33", "green": "32",
        "indigo": "38;5;62", "red": "31", "purple": "35", "pink": "38;5;205", "teal": "36", "brown": "38;5;130",
    ]

    /// The SGR code of a colour of the palette.
    static func code(of color: String?) -> String? { color.flatMap { colorCodes[$0] } }
    static let boldCode = "1"
    static let dimCode = "2"

    func paint(_ text: String, _ color: String?) -> String { styled(text, Self.code(of: color)) }
    func bold(_ text: String) -> String { styled(text, Self.boldCode) }
    func dim(_ text: String) -> String { styled(text, Self.dimCode) }

    private func styled(_ text: String, _ code: String?) -> String {
        guard colored, let code else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
