import Foundation

/// The settings in `.vault/config.yaml`. Unknown keys are the user's and are ignored here.
public struct VaultConfig: Sendable, Equatable {
    public static let fileName = "config.yaml"
    public static let palette = ["gray", "blue", "orange", "yellow", "green", "indigo", "red", "purple", "pink", "teal", "brown"]

    /// Days a trashed note is kept before it is purged.
    public var trashDays = 30
    /// Whether lists show a snippet under each title by default.
    public var listSnippet = true
    /// How lists write dates older than a week: `dd/MM/yy` (the default, as Apple Notes
    /// writes them in most of the world) or `iso` (`2026-11-04`, for readers of `MM/dd`).
    public var listDateFormat: RelativeDate.Style = .dayMonthYear
    /// Whether `#tags` in a note's body are tags (`tags.inline`, on by default, as
    /// Obsidian reads them); off, a note's tags are its front matter's only.
    public var inlineTags = true
    /// Colour names by tag key (see `TagName.key`).
    public var tagColors: [String: String] = [:]
    /// Colour names by folder path, compared case-insensitively.
    public var folderColors: [String: String] = [:]
    /// The note `vault task add` appends to without `--note` (`tasks.inbox`).
    public var taskInbox = "Tasks.md"
    /// The day weeks start on for the agenda, 0 = Sunday (`tasks.weekStart`).
    public var weekStart = 1
    /// Icons and colours of task categories by tag key (`tasks.categories`).
    public var taskCategories: [String: TaskCategoryStyle] = [:]
    /// The categories of `tasks.categories` as written, in the file's order: the order of
    /// the mapping's keys is the categories' order (docs/tasks.md).
    public var taskCategoryOrder: [String] = []
    /// The folder `vault attach` copies files into (`attachments.folder`), vault-relative;
    /// never a notes folder.
    public var attachmentFolder = "attachments"
    /// Where `vault new` puts a note no folder was given for (`new.folder`); "" is the root.
    public var newFolder = ""
    /// A folder's own template, by folder path compared case-insensitively (`new.templates`).
    public var folderTemplates: [String: String] = [:]
    /// Where the daily notes are (`daily.folder`), the template they start from
    /// (`daily.template`, else `daily` when the vault has one) and their names' format
    /// (`daily.format`, Moment's tokens, YYYY-MM-DD by default).
    public var dailyFolder = "Daily"
    public var dailyTemplate: String?
    public var dailyFormat = "YYYY-MM-DD"
    /// The searches kept by name (`searches:`), in the file's order.
    public var searches = SavedSearches()
    /// What an assistant (`vault mcp`) may see and change (`mcp.folders`, `mcp.readOnly`):
    /// nil folders is the whole vault; the command's own options narrow it further.
    public var assistantFolders: [String]?
    public var assistantReadOnly = false
    /// Values that could not be understood, located in the config file.
    public var problems: [Diagnostic] = []

    public init() {}

    static let defaultText = """
        trashDays: 30
        list:
          snippet: true          # show the body snippet under each title
        colors:
          tags: {}
          folders: {}

        """

    /// Reads the config of `root`; a missing file gives the defaults.
    public static func load(from root: VaultRoot) -> VaultConfig {
        let path = VaultRoot.settingsDirectory + "/" + fileName
        guard let bytes = try? root.read(path).bytes else { return VaultConfig() }
        return bytes.withUnsafeBytes { parse($0, path: path) }
    }

    static func parse(_ bytes: UnsafeRawBufferPointer, path: String) -> VaultConfig {
        var config = VaultConfig()
        let root: YAMLNode?
        do {
            root = try YAMLReader.parse(bytes)
        } catch {
            config.problems.append(Diagnostic(path: path, line: error.line + 1, column: error.column + 1, severity: .error, message: error.message))
            return config
        }
        // Kept apart from `config` and added at the end: `readTasks` takes `config` inout,
        // and a `report` that changed it too would be two accesses at once (a trap).
        var problems: [Diagnostic] = []
        func report(_ message: String, _ node: YAMLNode) {
            problems.append(Diagnostic(path: path, line: node.line + 1, column: node.column + 1, severity: .warning, message: message))
        }
        for (key, value) in pairs(root) {
            switch key {
            case "trashdays":
                // 0 would empty the trash at every write: refused, the default stays.
                if let text = value.scalar, let days = Int(text), days >= 1 {
                    config.trashDays = days
                } else {
                    report("'trashDays' should be a whole number of days, at least 1 (30 is used)", value)
                }
            case "list":
                for (listKey, listValue) in pairs(value) {
                    switch listKey {
                    case "snippet":
                        if let flag = listValue.scalar.flatMap(YAMLBool.value(of:)) {
                            config.listSnippet = flag
                        } else {
                            report("'list.snippet' should be true or false", listValue)
                        }
                    case "dateformat":
                        if let style = listValue.scalar.flatMap(RelativeDate.Style.init(rawValue:)) {
                            config.listDateFormat = style
                        } else {
                            report("'list.dateFormat' should be dd/MM/yy or iso", listValue)
                        }
                    default:
                        continue
                    }
                }
            case "tags":
                for (tagsKey, tagsValue) in pairs(value) where tagsKey == "inline" {
                    if let flag = tagsValue.scalar.flatMap(YAMLBool.value(of:)) {
                        config.inlineTags = flag
                    } else {
                        report("'tags.inline' should be true or false", tagsValue)
                    }
                }
            case "tasks":
                readTasks(value, into: &config, report: report)
            case "new":
                for (newKey, newValue) in pairs(value) {
                    switch newKey {
                    case "folder":
                        if let folder = folderName(newValue) { config.newFolder = folder } else { report("'new.folder' should be a folder of the vault, such as Inbox", newValue) }
                    case "templates":
                        for pair in rawPairs(newValue) {
                            guard let folder = pair.key.scalar, let name = pair.value.scalar, !name.isEmpty else { continue }
                            config.folderTemplates[folder.lowercased()] = name
                        }
                    default:
                        continue
                    }
                }
            case "daily":
                for (dailyKey, dailyValue) in pairs(value) {
                    switch dailyKey {
                    case "folder":
                        if let folder = folderName(dailyValue) { config.dailyFolder = folder } else { report("'daily.folder' should be a folder of the vault, such as Daily", dailyValue) }
                    case "template":
                        config.dailyTemplate = dailyValue.scalar.flatMap { $0.isEmpty ? nil : $0 }
                    case "format":
                        // The format names a file: no slash or leading dot may come out of it.
                        if let format = dailyValue.scalar, !format.isEmpty, !format.contains("/"), !format.hasPrefix(".") {
                            config.dailyFormat = format
                        } else {
                            report("'daily.format' should be a date format for a file name, such as YYYY-MM-DD", dailyValue)
                        }
                    default:
                        continue
                    }
                }
            case "mcp":
                for (mcpKey, mcpValue) in pairs(value) {
                    switch mcpKey {
                    case "folders":
                        let items: [YAMLNode] = if case .sequence(let items, _) = mcpValue.kind { items } else { [mcpValue] }
                        let folders = items.compactMap(folderName)
                        if folders.count == items.count { config.assistantFolders = folders } else { report("'mcp.folders' should be a list of folders of the vault, such as [Work, Notes]", mcpValue) }
                    case "readonly":
                        if let flag = mcpValue.scalar.flatMap(YAMLBool.value(of:)) { config.assistantReadOnly = flag } else { report("'mcp.readOnly' should be true or false", mcpValue) }
                    default:
                        continue
                    }
                }
            case "attachments":
                for (attachmentKey, attachmentValue) in pairs(value) where attachmentKey == "folder" {
                    let folder = attachmentValue.scalar.map { $0.split(separator: "/").joined(separator: "/") } ?? ""
                    if folder.isEmpty || VaultPath.problem(withName: folder.replacingOccurrences(of: "/", with: "-")) != nil || folder.contains("..") {
                        report("'attachments.folder' should be a folder of the vault, such as attachments", attachmentValue)
                    } else {
                        config.attachmentFolder = folder
                    }
                }
            case "searches":
                for pair in rawPairs(value) {
                    guard let name = pair.key.scalar, SavedSearches.problem(withName: name) == nil, let query = pair.value.scalar else {
                        report("a saved search is a name and a query, such as week: modified:7d", pair.value)
                        continue
                    }
                    config.searches.set(name, to: query)
                }
            case "colors":
                for (kind, map) in pairs(value) {
                    for pair in rawPairs(map) {
                        guard let name = pair.key.scalar, let color = pair.value.scalar?.lowercased() else { continue }
                        guard palette.contains(color) else {
                            report("unknown colour '\(color)' (use one of: \(palette.joined(separator: " ")))", pair.value)
                            continue
                        }
                        if kind == "tags" { config.tagColors[TagName.key(name)] = color }
                        if kind == "folders" { config.folderColors[name.lowercased()] = color }
                    }
                }
            default:
                continue
            }
        }
        config.problems += problems
        return config
    }

    /// A folder of the vault (`Folder` or `Folder/Subfolder`), "" or `/` for the root; nil
    /// for anything else.
    private static func folderName(_ node: YAMLNode) -> String? {
        guard let text = node.scalar else { return nil }
        let parts = text.split(separator: "/").map(String.init)
        guard parts.count <= 2, parts.allSatisfy({ VaultPath.problem(withName: $0) == nil && !$0.hasPrefix(".") }) else { return nil }
        return parts.joined(separator: "/")
    }

    private static func readTasks(_ value: YAMLNode, into config: inout VaultConfig, report: (String, YAMLNode) -> Void) {
        for (key, value) in pairs(value) {
            switch key {
            case "inbox":
                if let path = value.scalar, path.hasSuffix(".md"), !path.hasPrefix("/"), !path.split(separator: "/").contains(where: { $0 == ".." || $0.hasPrefix(".") }) {
                    config.taskInbox = path
                } else {
                    report("'tasks.inbox' should be the path of a note in the vault, such as Tasks.md or Inbox/Tasks.md", value)
                }
            case "weekstart":
                if let day = value.scalar.flatMap({ TaskDateInput.weekday(named: $0.lowercased()) }) {
                    config.weekStart = day
                } else {
                    report("'tasks.weekStart' should be a weekday, such as monday or sunday", value)
                }
            case "categories":
                for pair in rawPairs(value) {
                    guard let name = pair.key.scalar else { continue }
                    var style = TaskCategoryStyle()
                    for (field, setting) in pairs(pair.value) {
                        if field == "icon" { style.icon = setting.scalar }
                        if field == "color" {
                            if let color = setting.scalar?.lowercased(), palette.contains(color) {
                                style.color = color
                            } else {
                                report("unknown colour '\(setting.scalar ?? "")' (use one of: \(palette.joined(separator: " ")))", setting)
                            }
                        }
                    }
                    if config.taskCategories.updateValue(style, forKey: TagName.key(name)) == nil { config.taskCategoryOrder.append(name) }
                }
            default:
                continue
            }
        }
    }

    /// The icon and colour of a task category: its own, else its tag's colour.
    public func style(ofCategory name: String) -> TaskCategoryStyle {
        var style = taskCategories[TagName.key(name)] ?? TaskCategoryStyle()
        if style.color == nil { style.color = color(ofTag: name) }
        return style
    }

    private static func rawPairs(_ node: YAMLNode?) -> [YAMLPair] {
        if case .mapping(let pairs, _)? = node?.kind { return pairs }
        return []
    }

    private static func pairs(_ node: YAMLNode?) -> [(String, YAMLNode)] {
        rawPairs(node).compactMap { pair in pair.key.scalar.map { ($0.lowercased(), pair.value) } }
    }

    /// The colour of a folder, if the config gives one.
    public func color(ofFolder path: String) -> String? { folderColors[path.lowercased()] }

    /// The colour of a tag, if the config gives one.
    public func color(ofTag name: String) -> String? { tagColors[TagName.key(name)] }
}

/// How a task category shows: an icon (an emoji) and a colour of the palette.
public struct TaskCategoryStyle: Sendable, Equatable {
    public var icon: String?
    public var color: String?

    public init(icon: String? = nil, color: String? = nil) {
        self.icon = icon
        self.color = color
    }
}
