import ArgumentParser

/// How a write command reports: a line per note changed (or only a count with `--quiet`,
/// with progress on stderr when it is a terminal), or one JSON object.
struct WriteOutput: ParsableArguments {
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text
    @Flag(name: [.short, .long], help: "Print only how many notes changed, not a line per note.") var quiet = false

    /// True when each note's line is printed.
    var listsNotes: Bool { format == .text && !quiet }
}
