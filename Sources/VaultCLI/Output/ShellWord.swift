/// A word on a shell's command line as typed so far: its text, and how it is quoted.
struct ShellWord {
    enum Quoting { case none, single, double }

    let text: String
    let quoting: Quoting

    init(typed word: String) {
        if word.hasPrefix("\"") {
            (text, quoting) = (String(word.dropFirst()).replacingOccurrences(of: "\\\"", with: "\""), .double)
        } else if word.hasPrefix("'") {
            (text, quoting) = (String(word.dropFirst()), .single)
        } else {
            var text = ""
            var escaped = false
            for character in word {
                if character == "\\", !escaped {
                    escaped = true
                    continue
                }
                escaped = false
                text.append(character)
            }
            (self.text, quoting) = (text, .none)
        }
    }
}
