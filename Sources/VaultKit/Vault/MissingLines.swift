/// The lines vault needs in a file of lines that people and other tools also write
/// (`.vault/.gitignore`, `.gitattributes`, git's `info/exclude`), added after the bytes
/// already there, which are kept as they are: whatever their encoding, whatever their
/// last line ends with.
struct MissingLines {
    /// The lines vault needs, in the order they are added.
    let lines: [String]
    /// Other spellings that count as a line being there (`/cache/` for `cache/`).
    var alsoSpelled: (String) -> [String] = { _ in [] }

    /// The file's bytes with the lines it lacks added, and those lines; nil when it has them
    /// all. A line counts whatever spaces, tabs or carriage return follow it, which git ignores.
    func adding(to existing: [UInt8]) -> (bytes: [UInt8], added: [String])? {
        let present = Set(existing.split(separator: 0x0A).map(Self.trimmingTrailingSpace))
        let added = lines.filter { line in
            !([line] + alsoSpelled(line)).contains { present.contains(ArraySlice($0.utf8)) }
        }
        guard !added.isEmpty else { return nil }
        let separator: [UInt8] = existing.isEmpty || existing.last == 0x0A ? [] : [0x0A]
        return (existing + separator + added.flatMap { Array(($0 + "\n").utf8) }, added)
    }

    private static func trimmingTrailingSpace(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var line = line
        while let last = line.last, last == 0x20 || last == 0x09 || last == 0x0D { line.removeLast() }
        return line
    }
}
