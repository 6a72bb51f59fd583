/// Task categories, the one way every front end lists and changes them: a category is a
/// `#tag` on task lines; its icon, colour and place in the order are its entry in
/// `.vault/config.yaml`'s `tasks.categories` (order = the order of the keys), written by
/// the minimal config edit. A rename renames the tag on every task line too, recorded as
/// one operation for `vault undo`. Bad input is refused before anything is written.
public struct TaskCategories {
    /// A category as the config lists it.
    public struct Category: Sendable, Equatable {
        public var name: String
        public var icon: String?
        public var color: String?
    }

    /// What a change asks for. For `set`, nil leaves a field as it is and `none` removes it.
    public enum Change: Sendable {
        case set(String, icon: String?, color: String?)
        case rename(String, to: String)
        case move(String, before: String?)
        case remove(String)
    }

    /// What a change did.
    public struct Report: Sendable {
        /// The category as stored (its new name after a rename), nil after a removal.
        public var category: Category?
        /// The task lines a rename changed, and those that could not be.
        public var changedTasks: [NoteTask] = []
        public var failed: [VaultError] = []
        /// The operation in `.vault/history/` of a rename that changed tasks.
        public var recordID: String?
        /// Every category after the change, in order (what a front end shows next).
        public var categories: [Category] = []
    }

    /// The word that removes an icon or a colour: `--color none`.
    public static let none = "none"

    /// The categories of `config`, in their order.
    public static func list(_ config: VaultConfig) -> [Category] {
        config.taskCategoryOrder.compactMap { name in
            config.taskCategories[TagName.key(name)].map { Category(name: name, icon: $0.icon, color: $0.color) }
        }
    }

    public let change: Change
    /// Every task of the vault; a rename changes those with the old category.
    public let tasks: [NoteTask]

    public init(_ change: Change, tasks: [NoteTask] = []) {
        self.change = change
        self.tasks = tasks
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws(VaultError) -> Report {
        let editor = ConfigEditor(root: changes.vault.root)
        let config = VaultConfig.load(from: changes.vault.root)
        if let problem = config.problems.first(where: { $0.severity == .error }) { throw .located(problem) }
        var report = Report()
        var stored: String?
        switch change {
        case .set(let name, let icon, let color):
            let name = try Self.name(name)
            var fields: [(String, String?)] = []
            if let icon { fields.append(("icon", try Self.icon(icon).map(YAMLScalarWriter.doubleQuoted))) }
            if let color { fields.append(("color", try Self.color(color))) }
            try editor.setCategory(Self.configured(name, in: config) ?? name, fields: fields)
            stored = Self.configured(name, in: config) ?? name
        case .rename(let old, let new):
            let (old, new) = (try Self.name(old), try Self.name(new))
            let oldKey = TagName.key(old)
            let tagged = tasks.filter { $0.categories.contains { TagName.key($0) == oldKey } }
            let listed = Self.configured(old, in: config)
            guard listed != nil || !tagged.isEmpty else { throw .categoryNotFound(old) }
            guard TagName.key(new) != oldKey else { throw .categoryNameUnchanged(new) }
            if Self.configured(new, in: config) != nil { throw .categoryExists(new) }
            if !tagged.isEmpty {
                let renamed: ChangeTasks.Report
                do {
                    renamed = try ChangeTasks(tagged, [.removeCategory(old), .addCategory(new)], chosenBy: "#\(old)").run(in: changes)
                } catch {
                    throw error as? VaultError ?? .invalidArgument("\(error)")
                }
                report.changedTasks = renamed.changed
                report.failed = renamed.failed
                report.recordID = renamed.recordID
            }
            if let listed { try editor.renameCategory(listed, to: new) }
            stored = new
        case .move(let name, let before):
            guard let listed = Self.configured(try Self.name(name), in: config) else { throw .categoryNotFound(name) }
            var target: String?
            if let before {
                guard let other = Self.configured(try Self.name(before), in: config) else { throw .categoryNotFound(before) }
                target = other
            }
            try editor.moveCategory(listed, before: target)
            stored = listed
        case .remove(let name):
            guard let listed = Self.configured(try Self.name(name), in: config) else { throw .categoryNotFound(name) }
            try editor.removeCategory(listed)
        }
        let after = VaultConfig.load(from: changes.vault.root)
        report.categories = Self.list(after)
        report.category = stored.flatMap { name in Self.list(after).first { TagName.key($0.name) == TagName.key(name) } }
        return report
    }

    // MARK: - Checking what is asked

    /// The name as the config writes it, if it lists the category.
    private static func configured(_ name: String, in config: VaultConfig) -> String? {
        config.taskCategoryOrder.first { TagName.key($0) == TagName.key(name) }
    }

    /// A category's name without its `#`, if it is a valid tag.
    static func name(_ text: String) throws(VaultError) -> String {
        let name = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if let problem = TagName.problem(with: name) { throw .invalidTagName(text, reason: problem) }
        return name
    }

    /// One emoji (one grapheme: `👩‍💻` and `🇫🇷` count as one), or nil for `none`.
    static func icon(_ text: String) throws(VaultError) -> String? {
        if text.lowercased() == none { return nil }
        guard text.count == 1, let first = text.unicodeScalars.first, first.properties.isEmoji,
              first.properties.isEmojiPresentation || text.unicodeScalars.contains("\u{FE0F}") || text.unicodeScalars.count > 1 && first.value > 0x7F else {
            throw .invalidIcon(text)
        }
        return text
    }

    /// A colour of the palette in lowercase, or nil for `none`.
    static func color(_ text: String) throws(VaultError) -> String? {
        let color = text.lowercased()
        if color == none { return nil }
        guard VaultConfig.palette.contains(color) else {
            throw .unknownColor(text)
        }
        return color
    }
}
