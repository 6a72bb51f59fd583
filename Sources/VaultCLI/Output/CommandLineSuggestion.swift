import VaultKit

extension Suggestion {
    /// A name as a shell word: quoted when it has a space or a quote.
    private static func quoted(_ name: String) -> String {
        name.contains(where: { $0 == " " || $0 == "'" }) ? "\"\(name)\"" : name
    }

    /// The suggestion as the command to run.
    var commandLineText: String {
        switch self {
        case .createVault: "create one with 'vault init'"
        case .createFolder(let folder):
            "create it with 'vault folder create \(Self.quoted(folder))'"
        case .mergeTags: "use --merge"
        case .checkVault: "see 'vault check'"
        case .listTasks: "run 'vault tasks' for the current REFs"
        case .listHistory: "see 'vault history'"
        case .listTagHistory: "see 'vault tag history'"
        case .setUpSync: "set it up with vault sync --setup"
        case .mergeTagsAgain(let sources, let target):
            "run 'vault tag merge \(sources.map(Self.quoted).joined(separator: " ")) --into \(Self.quoted(target))'"
        case .readNoteAgain: "see 'vault show'"
        case .confirmInAdvance(let action): "use --yes to \(action) without a question"
        case .nameTheNote: "vault edit NAME"
        }
    }
}

extension VaultError {
    /// The message with its suggestion worded as a command: inside the message's closing
    /// remark in parentheses when it has one, else as one.
    var commandLineDescription: String {
        let message = errorDescription ?? "\(self)"
        guard let suggestion else { return message }
        if message.hasSuffix(")") { return message.dropLast() + "; " + suggestion.commandLineText + ")" }
        return message + " (" + suggestion.commandLineText + ")"
    }
}
