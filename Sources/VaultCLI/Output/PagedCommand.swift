import ArgumentParser

/// A command whose output may be longer than a screen: on a terminal it goes through the
/// pager (`VaultCommand.startPager`), as git's `log` and `diff` do.
protocol PagedCommand: ParsableCommand {}

extension ListCommand: PagedCommand {}
extension SearchCommand: PagedCommand {}
extension ShowCommand: PagedCommand {}
extension TasksCommand: PagedCommand {}
extension HistoryCommand: PagedCommand {}
extension CheckCommand: PagedCommand {}
extension LinksCommand: PagedCommand {}
extension BacklinksCommand: PagedCommand {}
