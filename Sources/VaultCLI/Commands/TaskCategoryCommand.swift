import ArgumentParser
import Foundation
import VaultKit

/// `vault task category`: the icons, colours and order of task categories in
/// `.vault/config.yaml` (docs/tasks.md), through the `TaskCategories` use case.
struct TaskCategoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category",
        abstract: "List, add, rename, recolour, reorder and remove task categories.",
        discussion: """
            A category is a #tag on task lines; its icon, colour and place in the order are
            kept in .vault/config.yaml under tasks.categories, in the order of its keys.
            """,
        subcommands: [List.self, Icon.self, Color.self, Rename.self, Move.self, Remove.self]
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "The categories in their order: icon, name, colour.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            let session = try global.openSession()
            show(TaskCategories.list(session.config), format: format, terminal: global.terminal)
        }
    }

    struct Icon: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "icon", abstract: "Set a category's icon (none removes it); a new category goes last.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The category (a tag, with or without #).") var name: String
        @Argument(help: "One emoji, or none.") var icon: String
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            try setCategory(name, icon: icon, global: global, format: format)
        }
    }

    struct Color: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "color", abstract: "Set a category's colour (none removes it); a new category goes last.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The category (a tag, with or without #).") var name: String
        @Argument(help: ArgumentHelp("One of: \(VaultConfig.palette.joined(separator: " ")), or none.")) var color: String
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            try setCategory(name, color: color, global: global, format: format)
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename", abstract: "Rename a category, on every task line too (vault undo takes the lines back).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The category.") var old: String
        @Argument(help: "Its new name.") var new: String
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            let session = try Session(global)
            let tasks = session.vault.tasks(of: session.sortedNotes).tasks
            let report = try session.write { try TaskCategories(.rename(old, to: new), tasks: tasks).run(in: $0) }
            for error in report.failed { Terminal.standardError.printError(error) }
            if format == .json {
                show(report.category.map { [$0] } ?? [], format: format, terminal: session.terminal)
            } else {
                let count = report.changedTasks.count
                session.terminal.line(TerminalText.escaped("renamed \(old) → \(new) on \(count) task\(count == 1 ? "" : "s")"))
            }
            if !report.failed.isEmpty { throw ExitCode(2) }
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a category before another, or to the end.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The category.") var name: String
        @Option(help: "The category it goes before; without it, the end.") var before: String?
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            let session = try global.openSession()
            let report = try session.reportedWrite { try TaskCategories(.move(name, before: before)).run(in: $0) }
            show(report.categories, format: format, terminal: global.terminal)
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Forget a category's icon, colour and place; its tasks keep their #tag.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The category.") var name: String

        func run() throws {
            _ = try global.openSession().reportedWrite { try TaskCategories(.remove(name)).run(in: $0) }
            global.terminal.line(TerminalText.escaped("removed category \(name)"))
        }
    }
}

/// `icon` and `color`: one field of the category set (the other left as it is), then the
/// category shown.
private func setCategory(_ name: String, icon: String? = nil, color: String? = nil, global: GlobalOptions, format: OutputFormat) throws {
    let report = try global.openSession().reportedWrite { try TaskCategories(.set(name, icon: icon, color: color)).run(in: $0) }
    show(report.category.map { [$0] } ?? [], format: format, terminal: global.terminal)
}

/// One category a line: icon (or -), name, colour (or -); or `{"categories": [...]}`.
private func show(_ categories: [TaskCategories.Category], format: OutputFormat, terminal: Terminal) {
    if format == .json {
        terminal.jsonObject { TaskCategories.Category.writeJSON(categories, to: &$0) }
        return
    }
    for category in categories {
        terminal.line(TerminalText.escaped("\(category.icon ?? "-") \(category.name) \(category.color ?? "-")"))
    }
}
