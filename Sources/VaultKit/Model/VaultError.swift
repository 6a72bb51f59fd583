import Foundation
import VaultPlatform

/// Every error a user of `vault` can see. Messages are lowercase and name the file
/// (and place, where one is known) they are about.
public enum VaultError: LocalizedError, Sendable, Equatable {
    /// A problem located in a note file; printed as `path:line:column: error: message`.
    case located(Diagnostic)
    case noVault(searchedFrom: String)
    case vaultExists(String)
    /// A vault would be made inside another one.
    case insideVault(String, vault: String)
    /// No note has that path, title, file name or id; `suggestion` is the title nearest
    /// to what was typed, if one is near.
    case noteNotFound(String, suggestion: String? = nil)
    case ambiguousNote(String, candidates: [String])
    /// No note in the trash has that original path, name or title.
    case trashedNoteNotFound(String)
    /// No search is saved under that name (`searches:` in the config).
    case savedSearchNotFound(String)
    /// A rename onto the name of another saved search.
    case savedSearchExists(String)
    case invalidSearchName(String, reason: String)
    /// A query that does not parse, rendered with its place (`QueryError.rendered`).
    case invalidQuery(String)
    /// `suggestion`: the folder `vault folder create` could make for it (nil when that
    /// would fail: a missing parent, deeper than one level of subfolders).
    case folderNotFound(String, suggestion: String?)
    case invalidFolderName(String, reason: String)
    case invalidTagName(String, reason: String)
    case invalidTitle(String, reason: String)
    /// A rename onto a tag that exists, which is a merge and must be asked for.
    case tagExists(String, renaming: String)
    /// No note has the tag; `suggestion` is the closest tag that exists.
    case tagNotFound(String, suggestion: String?)
    /// A task category `.vault/config.yaml` does not list (and, for a rename, no task has).
    case categoryNotFound(String)
    /// A category rename onto one the config already lists.
    case categoryExists(String)
    case destinationExists(String)
    case outsideVault(String)
    /// A path inside the vault that passes through (or is) a symbolic link: vault neither
    /// reads nor writes through links inside a vault.
    case symbolicLink(String)
    case conflict(path: String)
    case io(path: String, operation: String, errno: Int32)
    /// A bad argument to a library call: one no front end lets a user give (a front end
    /// checks its input first), or a front end's own refusal of how its input is shaped (an
    /// assistant tool's argument of the wrong type, a command's missing option). The message
    /// is shown as it is. Every case a user can meet in the domain has a case of its own.
    case invalidArgument(String)
    /// An export `vault import` cannot read at all (an archive refused, a format it does
    /// not take): the file, the entry inside it when there is one, and why.
    case unreadableExport(path: String, entry: String?, reason: String)
    case editorFailed(String)
    /// No task of the note has the REF any more: its line changed since it was listed.
    case staleTask(ref: String, path: String)
    /// No task of the vault has the REF.
    case taskNotFound(String)
    case ambiguousTask(String, candidates: [String])
    /// No recorded operation has the id (`tags`: among the tag operations).
    case operationNotFound(String, tags: Bool)
    /// A split is not undone: merging its tags again is.
    case splitIsUndoneByMerging(sources: [String], into: String)
    /// The vault is in no git repository, which sync needs.
    case notARepository
    /// A note with no text (whitespace only, title or not) is not kept.
    case emptyNote
    /// No template of that name in `.vault/templates/`; the names there.
    case noTemplate(String, available: [String])
    /// A git command vault ran failed (`push`, `fetch`, …), with git's own line about it.
    case gitFailed(command: String, message: String)
    /// More than one recorded operation's id starts with what was given; their ids, and
    /// (when known, in the same order) their kinds (`move`, `tag`, …).
    case ambiguousOperation(String, candidates: [String], kinds: [String] = [])
    /// The note changed since the version an edit names was read: nothing was written.
    case staleVersion(path: String, current: String)
    /// An edit's text to replace is not in the note (`count` 0) or is there more than once.
    case replacedTextNotUnique(path: String, count: Int)
    /// No heading of the note has that text.
    case headingNotFound(path: String, heading: String)
    /// A front-matter key that cannot be set or removed this way, with why.
    case propertyRefused(key: String, reason: String)
    /// A property value that does not read as one YAML value, with why.
    case invalidPropertyValue(key: String, value: String, reason: String)
    /// A folder outside the folders an assistant was given.
    case outsideScope(String, allowed: [String])
    /// The assistant was given the vault to read only.
    case readOnlyScope

    // Typed in place of `invalidArgument` (issue 53): git, sync, versions and history.
    /// git cannot be run at all (`reason`: why the system could not start it).
    case gitUnavailable(reason: String)
    /// The git that runs is older than the one sync's merge needs.
    case gitTooOld(version: String, needed: String)
    /// git refuses to work in the vault's repository (its ownership, a broken config…).
    case repositoryRefused(reason: String)
    /// A merge, rebase, cherry-pick… is under way in the repository; nothing was changed.
    case repositoryBusy(operation: String)
    /// HEAD is on no branch, so there is nothing to sync; nothing was changed.
    case detachedHead
    /// The branch has a name vault does not hand to git (it could read as an option).
    case unsafeBranchName(String)
    /// A file vault writes for sync (in the vault or the git directory) could not be
    /// written; `reason` is the system's, `consequence` what was therefore not done.
    case syncWriteFailed(path: String, reason: String?, consequence: String)
    /// The vault is a folder of a larger git repository, which sync does not commit or push.
    case vaultInsideRepository(repository: String)
    /// A merge would write a path vault never writes; nothing was merged.
    case mergeWritesForbiddenPath(String, problem: String)
    /// A merge puts a file where the vault has a folder (or other non-file).
    case mergeBlockedByFolder(String, isFolder: Bool)
    /// No version of the note is from that day or before; `first` is the day of its first.
    case noVersionOnDay(path: String, day: String, first: String?)
    /// No commit of the note starts with those hex digits.
    case noCommitOfNote(path: String, prefix: String)
    /// What was given as a version is neither a commit nor a day.
    case invalidVersion(String)
    /// git has no text of the file in that commit.
    case notInCommit(path: String, commit: String)
    /// The operation was undone by a later one, which is what to undo to do it again.
    case alreadyUndone(id: String, by: String)
    /// Only a tag merge can be split; `kind` is what the operation is.
    case notAMerge(id: String, kind: String)
    /// The merge was split already, by the operation `by`.
    case alreadySplit(id: String, by: String)
    /// The vault is in no git repository, so git keeps no versions of its notes.
    case noVersionsKept
    /// No version of the note is named by what was given (a commit or a day).
    case noVersionMatching(path: String, text: String)
    /// What was given as a commit is not one (4 or more hex digits).
    case notACommit(String)
    /// git has no text of a note that left the vault from before it left.
    case noTextBeforeDeletion(path: String)
    /// A file where a note is expected (a daily note's path) is something else.
    case notANote(String)
    /// A trashed item cannot be brought back to the path it names, with why.
    case unrestorable(String, reason: String)
    /// A file to attach that cannot be read, with why.
    case unreadableAttachment(String, reason: String)
    /// A name an attachment cannot have, with why.
    case invalidFileName(String, reason: String)
    /// A colour not in the palette.
    case unknownColor(String)
    /// An icon that is not one emoji.
    case invalidIcon(String)
    /// A rename of a task category onto its own name.
    case categoryNameUnchanged(String)
    /// A line given as a task that is none.
    case notATask(String)
    /// A merge of tags with no tag but the target.
    case nothingToMerge
    /// A property change that sets and removes nothing.
    case noPropertyChange
    /// A list cursor no list gave.
    case invalidCursor(String)
    /// A text offset past the end of the text.
    case offsetPastEnd(offset: Int, total: Int)
    /// A note merge (what git runs during a merge) asked outside a git repository: the
    /// directory it was asked in.
    case mergeOutsideRepository(String)
    /// A file a note merge reads or writes that it cannot (`operation`: read or write),
    /// with the system's reason.
    case mergeFileFailed(path: String, operation: String, reason: String)
    /// A deletion that must be confirmed, asked where there is no one to confirm it:
    /// what it would have done. Nothing was deleted.
    case notConfirmed(action: String)
    /// Several notes match where one is to be picked, and there is no terminal to pick
    /// it on: how many.
    case pickNeedsTerminal(count: Int)

    public var errorDescription: String? {
        switch self {
        case .located(let diagnostic):
            return diagnostic.description
        case .noVault(let directory):
            return "no vault found in '\(directory)' or any parent directory (a vault is a directory with a '.vault' folder)"
        case .vaultExists(let path):
            return "'\(path)' is already a vault"
        case .insideVault(let path, let vault):
            return "'\(path)' is inside the vault '\(vault)': a vault inside it would be one of its folders too"
        case .noTemplate(let name, let available):
            return "no template '\(name)' in \(NoteTemplate.directory)/" + (available.isEmpty ? " (it has none)" : " (it has: \(available.joined(separator: ", ")))")
        case .noteNotFound(let name, let suggestion):
            return "no note matches '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .trashedNoteNotFound(let name):
            return "no note in the trash matches '\(name)'"
        case .savedSearchNotFound(let name):
            return "no saved search '\(name)'"
        case .savedSearchExists(let name):
            return "a search is already saved as '\(name)'"
        case .invalidSearchName(let name, let reason):
            return "invalid name '\(name)': \(reason)"
        case .invalidQuery(let rendered):
            return rendered
        case .ambiguousNote(let name, let candidates):
            return "'\(name)' matches \(candidates.count) notes: " + candidates.joined(separator: ", ")
        case .folderNotFound(let name, _?):
            return "folder '\(name)' does not exist"
        case .folderNotFound(let name, nil):
            let depth = name.split(separator: "/").count
            return "folder '\(name)' does not exist" + (depth > 2 ? " (folders nest one level deep: Folder/Subfolder)" : "")
        case .invalidFolderName(let name, let reason):
            return "invalid folder name '\(name)': \(reason)"
        case .invalidTagName(let name, let reason):
            return "invalid tag '\(name)': \(reason)"
        case .invalidTitle(let title, let reason):
            return "invalid title '\(title)': \(reason)"
        case .tagExists(let name, let old):
            return "tag '\(name)' already exists; renaming '\(old)' onto it merges them"
        case .tagNotFound(let name, let suggestion):
            return "no note has the tag '\(name)'; nothing changed" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .categoryNotFound(let name):
            return "no task category '\(name)'; nothing changed"
        case .categoryExists(let name):
            return "task category '\(name)' already exists; nothing changed"
        case .destinationExists(let path):
            return "'\(path)' already exists; nothing was overwritten"
        case .outsideVault(let path):
            return "'\(path)' is outside the vault"
        case .symbolicLink(let path):
            return "'\(path)' leads through a symbolic link; vault does not follow links inside the vault"
        case .conflict(let path):
            return "\(path): changed on disk while vault was writing it; left as it is on disk"
        case .io(let path, let operation, let code):
            return "\(path): cannot \(operation): \(SystemError(operation: operation, code: code).reason)"
        case .invalidArgument(let message):
            return message
        case .unreadableExport(let path, let entry?, let reason):
            return "\(path): entry '\(entry)': \(reason)"
        case .unreadableExport(let path, nil, let reason):
            return "\(path): \(reason)"
        case .editorFailed(let message):
            return message
        case .staleTask(let ref, let path):
            return "\(path): task \(ref) has changed since it was listed, so vault changed nothing"
        case .taskNotFound(let ref):
            return "no task has the REF '\(ref)' (a REF changes when its task's line changes)"
        case .ambiguousTask(let ref, let candidates):
            return "'\(ref)' is the start of \(candidates.count) REFs: " + candidates.joined(separator: ", ") + "; give more of it"
        case .operationNotFound(let id, let tags):
            return "no \(tags ? "tag " : "")operation has the id '\(id)'"
        case .notARepository:
            return "the vault is not a git repository (nothing was changed)"
        case .emptyNote:
            return "an empty note is not kept: give it some text"
        case .splitIsUndoneByMerging(let sources, let target):
            return "a split is not undone: merge \(sources.joined(separator: ", ")) into \(target) again"
        case .gitFailed(let command, let message):
            return "git \(command) failed: \(message)"
        case .ambiguousOperation(let id, let candidates, let kinds):
            let named = kinds.count == candidates.count ? zip(candidates, kinds).map { "\($0) (\($1))" } : candidates
            return "'\(id)' is the start of \(candidates.count) operation ids: " + named.joined(separator: ", ") + "; give more of it"
        case .staleVersion(let path, let current):
            return "\(path): changed since that version was read, so nothing was changed (its version is now \(current); read it again)"
        case .replacedTextNotUnique(let path, let count):
            return count == 0
                ? "\(path): the text to replace is not in the note, so nothing was changed"
                : "\(path): the text to replace is in the note \(count) times, so nothing was changed (give more of it, so that it is there once)"
        case .headingNotFound(let path, let heading):
            return "\(path): no heading reads '\(heading)', so nothing was changed"
        case .propertyRefused(let key, let reason):
            return "'\(key)' cannot be set here: \(reason); nothing was changed"
        case .invalidPropertyValue(let key, let value, let reason):
            return "'\(key): \(value)' is not one YAML value (\(reason)); nothing was changed"
        case .outsideScope(let folder, let allowed):
            return "'\(folder.isEmpty ? "/" : folder)' is outside the folders given (\(allowed.joined(separator: ", "))); nothing was changed"
        case .readOnlyScope:
            return "the vault is open to read only; nothing was changed"
        case .gitUnavailable(let reason):
            return "cannot run git: \(reason) (install git)"
        case .gitTooOld(let version, let needed):
            return "a sync merges with git \(needed) or later, and this is \(version); install a newer git (nothing was merged)"
        case .repositoryRefused(let reason):
            return "git refuses the vault's repository: \(reason) (nothing was changed)"
        case .repositoryBusy(let operation):
            return "the repository is in the middle of \(operation); finish or abort it with git first (nothing was changed)"
        case .detachedHead:
            return "HEAD is detached; check out a branch first (nothing was changed)"
        case .unsafeBranchName(let branch):
            return "the branch '\(branch)' has a name vault does not hand to git; check out another branch (nothing was pushed)"
        case .syncWriteFailed(let path, let reason, let consequence):
            return "cannot write \(path)" + (reason.map { ": \($0)" } ?? "") + " (\(consequence))"
        case .vaultInsideRepository(let top):
            return "the vault is a folder of the git repository at \(top), not a repository of its own; "
                + "a sync commits and pushes a whole repository, so it syncs only a vault at the top of one "
                + "(git init in the vault makes it one; nothing was changed)"
        case .mergeWritesForbiddenPath(let path, let problem):
            return "the merge would write '\(path)', which vault never writes (\(problem)); nothing was merged: remove it from the other machine's history"
        case .mergeBlockedByFolder(let path, let isFolder):
            return "the merge puts a file at '\(path)', where this vault has \(isFolder ? "a folder" : "something that is no file"); move it away and sync again (the merge was not finished)"
        case .noVersionOnDay(let path, let day, let first):
            return "\(path) has no version from \(day) or before" + (first.map { " (its first is from \($0))" } ?? " (git has none of it yet)")
        case .noCommitOfNote(let path, let prefix):
            return "no commit of \(path) starts with '\(prefix)' (vault log \(path) lists them)"
        case .invalidVersion(let text):
            return "'\(text)' is neither a commit (4 or more of its hex digits) nor a day (YYYY-MM-DD)"
        case .notInCommit(let path, let commit):
            return "git has no '\(path)' in commit \(commit.prefix(8))"
        case .alreadyUndone(let id, let later):
            return "operation \(id) was undone by \(later); undo \(later) to do it again"
        case .notAMerge(let id, let kind):
            return "operation \(id) is a \(kind); only merges can be split"
        case .alreadySplit(let id, let later):
            return "merge \(id) was already split by \(later)"
        case .noVersionsKept:
            return "the vault is not a git repository, so no versions of its notes are kept"
        case .noVersionMatching(let path, let text):
            return "no version of \(path) matches '\(text)'"
        case .notACommit(let text):
            return "'\(text)' is not a commit"
        case .noTextBeforeDeletion(let path):
            return "git has no text of \(path) from before it left"
        case .notANote(let path):
            return "'\(path)' is not a note"
        case .unrestorable(let name, let reason):
            return "cannot bring back '\(name)': \(reason); nothing was changed"
        case .unreadableAttachment(let path, let reason):
            return "cannot read '\(path)': \(reason)"
        case .invalidFileName(let name, let reason):
            return "invalid file name '\(name)': \(reason)"
        case .unknownColor(let color):
            return "unknown colour '\(color)' (use one of: \(VaultConfig.palette.joined(separator: " ")), or none)"
        case .invalidIcon(let text):
            return "invalid icon '\(text)': an icon is one emoji, such as 💼, or none"
        case .categoryNameUnchanged(let name):
            return "'\(name)' is the category's name already; nothing changed"
        case .notATask(let line):
            return "'\(line)' is not a task"
        case .nothingToMerge:
            return "nothing to merge: give tags other than the target"
        case .noPropertyChange:
            return "no property to set or remove"
        case .invalidCursor(let cursor):
            return "the cursor '\(cursor)' is not one a list gave; start again without it"
        case .offsetPastEnd(let offset, let total):
            return "offset \(offset) is past the end of the text (\(total) characters)"
        case .mergeOutsideRepository(let directory):
            return "'\(directory)' is in no git repository: git runs a note merge during its own merge, and only there; nothing was changed"
        case .mergeFileFailed(let path, let operation, let reason):
            return "cannot \(operation) '\(path)': \(reason); nothing was merged"
        case .notConfirmed(let action):
            return "nothing deleted: there is no terminal to ask on whether to \(action)"
        case .pickNeedsTerminal(let count):
            return "\(count) notes match; pick one on a terminal, or name it"
        }
    }

    /// What the user can do about it, for each front end to word its own way.
    public var suggestion: Suggestion? {
        switch self {
        case .noVault: .createVault
        case .folderNotFound(_, let folder?): .createFolder(folder)
        case .tagExists: .mergeTags
        case .symbolicLink: .checkVault
        case .staleTask, .taskNotFound: .listTasks
        case .operationNotFound(_, let tags): tags ? .listTagHistory : .listHistory
        case .ambiguousOperation: .listHistory
        case .staleVersion: .readNoteAgain
        case .notARepository, .noVersionsKept: .setUpSync
        case .splitIsUndoneByMerging(let sources, let target): .mergeTagsAgain(sources, into: target)
        case .notConfirmed(let action): .confirmInAdvance(action)
        case .pickNeedsTerminal: .nameTheNote
        default: nil
        }
    }

    /// The diagnostic a located error carries.
    public var diagnostic: Diagnostic? {
        if case .located(let diagnostic) = self { return diagnostic }
        return nil
    }

    /// True when the message already carries its own `path:line:column: error:` prefix.
    public var isLocated: Bool {
        if case .located = self { return true }
        return false
    }
}
