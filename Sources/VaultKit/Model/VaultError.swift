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
    /// More than one recorded operation's id starts with what was given; their ids.
    case ambiguousOperation(String, candidates: [String])
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
        case .ambiguousOperation(let id, let candidates):
            return "'\(id)' is the start of \(candidates.count) operation ids: " + candidates.joined(separator: ", ") + "; give more of it"
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
        case .notARepository: .setUpSync
        case .splitIsUndoneByMerging(let sources, let target): .mergeTagsAgain(sources, into: target)
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
