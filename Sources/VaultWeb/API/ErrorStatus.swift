import HTTPTypes
import VaultKit

/// The one table from a domain error to the HTTP status the API answers it with
/// (docs/json-api.md, "Errors"): bad input 400, not found 404, a state that refuses the
/// request 409, a note changed under a save 412, a note that does not parse 422, a local
/// failure (the disk, git, an editor) 500, a remote that failed 502. The switch names
/// every case, so that a new error is given its status where it is made.
extension VaultError {
    var httpStatus: HTTPResponse.Status {
        switch self {
        // Bad input: what the request said cannot be done as said.
        case .invalidArgument, .invalidSearchName, .invalidQuery, .invalidFolderName, .invalidTagName, .invalidTitle,
             .emptyNote, .splitIsUndoneByMerging, .replacedTextNotUnique, .propertyRefused, .invalidPropertyValue,
             .ambiguousNote, .ambiguousTask, .ambiguousOperation, .invalidVersion, .unsafeBranchName, .notACommit,
             .unreadableAttachment, .unreadableExport, .invalidFileName, .unknownColor, .invalidIcon, .categoryNameUnchanged, .notATask,
             .nothingToMerge, .noPropertyChange, .invalidCursor, .offsetPastEnd, .pickNeedsTerminal, .notConfirmed:
            .badRequest
        case .outsideScope, .readOnlyScope:
            .forbidden
        case .noteNotFound, .trashedNoteNotFound, .savedSearchNotFound, .folderNotFound, .tagNotFound, .categoryNotFound,
             .taskNotFound, .operationNotFound, .noTemplate, .headingNotFound, .noVersionOnDay, .noCommitOfNote, .notInCommit,
             .noVersionMatching, .noTextBeforeDeletion:
            .notFound
        // Nothing past a link or outside the vault exists as far as the app is concerned.
        case .symbolicLink, .outsideVault:
            .notFound
        // What needs git asked of a vault git does not keep: as before, a request this vault
        // cannot answer (the suggestion says how to make it one).
        case .notARepository, .noVersionsKept, .vaultInsideRepository, .mergeOutsideRepository:
            .badRequest
        // The vault (or its repository) is in a state that refuses the request.
        case .staleTask, .destinationExists, .tagExists, .categoryExists, .savedSearchExists, .vaultExists, .insideVault,
             .noVault, .repositoryBusy, .detachedHead, .repositoryRefused, .notANote, .unrestorable,
             .alreadyUndone, .notAMerge, .alreadySplit, .staleVersion, .mergeWritesForbiddenPath, .mergeBlockedByFolder:
            .conflict
        case .conflict:
            .preconditionFailed
        case .located:
            .unprocessableContent
        // Local failures: the disk, the editor, git on this machine.
        case .io, .editorFailed, .gitUnavailable, .gitTooOld, .syncWriteFailed, .mergeFileFailed:
            .internalServerError
        case .gitFailed(let command, _):
            Self.remoteCommands.contains(command) ? .badGateway : .internalServerError
        }
    }

    /// The git commands that talk to a remote: their failure is the remote's (or the
    /// network's), not this server's.
    private static let remoteCommands: Set<String> = ["push", "fetch", "pull", "ls-remote", "clone"]
}
