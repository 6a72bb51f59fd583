import ArgumentParser
import Foundation
import VaultKit
import VaultPlatform

/// `vault today`: the day's note, made on first use, opened in the editor on a terminal.
struct TodayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "Open today's note, made from the daily template on first use.")

    @OptionGroup var daily: DailyOptions

    func run() throws { try daily.open(daysFromToday: 0) }
}

/// `vault yesterday`: yesterday's note.
struct YesterdayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "yesterday",
        abstract: "Open yesterday's note (made from daily.template if there is none).")

    @OptionGroup var daily: DailyOptions

    func run() throws { try daily.open(daysFromToday: -1) }
}

/// What `today` and `yesterday` take.
struct DailyOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    // Unconditional: "-1d" is a day back, not an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("Another day: \(TaskDateInput.forms), or -1d.", valueName: "day")) var date: String?
    @Flag(help: "Print the note's path instead of opening it (the default when not on a terminal).") var print = false
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func open(daysFromToday: Int) throws {
        let session = try global.openSession()
        let today = session.vault.today.adding(days: daysFromToday)
        let day: TaskDate
        if let date {
            let back = date.hasPrefix("-") ? Int(date.dropFirst().dropLast()).flatMap { date.hasSuffix("d") ? $0 : nil } : nil
            guard let parsed = back.map({ today.adding(days: -$0) }) ?? TaskDateInput.parse(date, today: today) else {
                throw ValidationError("--date takes \(TaskDateInput.forms), or -1d, not '\(date)'")
            }
            day = parsed
        } else {
            day = today
        }
        let report = try OpenDailyNote(day: day).run(in: session)
        for warning in report.warnings { Terminal.standardError.line("vault: warning: " + TerminalText.escaped(warning)) }
        if format == .json {
            Terminal.standardOutput(color: .never).jsonObject { json in
                json.key("path"); json.string(report.path)
                json.key("created"); json.bool(report.created)
            }
            return
        }
        guard !print, Syscalls.isTerminal(0), Syscalls.isTerminal(1) else {
            Swift.print(report.path)
            return
        }
        if report.created { Terminal.standardError.line("vault: made \(TerminalText.escaped(report.path))") }
        try EditCommand.open(report.path, in: try Session(global))
    }
}
