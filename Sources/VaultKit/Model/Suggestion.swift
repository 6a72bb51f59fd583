/// What a user can do about an error, named without the words of any front end: the
/// command line words it as a command to run, the web API sends it as a field, an
/// assistant can act on it.
public enum Suggestion: Sendable, Equatable {
    /// Make a vault here.
    case createVault
    /// Create this folder (the name as it would be made).
    case createFolder(String)
    /// Ask for the rename onto an existing tag to merge the two.
    case mergeTags
    /// Look at the vault's problems (symbolic links, broken front matter).
    case checkVault
    /// List the tasks for their current references.
    case listTasks
    /// List the recorded operations for their ids.
    case listHistory
    /// List the tag operations for their ids.
    case listTagHistory
    /// Make the vault a git repository that sync can use.
    case setUpSync
    /// Merge these tags into that one again (what takes a split back).
    case mergeTagsAgain([String], into: String)
    /// Read the note again for its text and version as they are now.
    case readNoteAgain
    /// Say beforehand that this deletion is wanted (what it does).
    case confirmInAdvance(String)
    /// Name the one note meant.
    case nameTheNote

    /// A short name for it, for machine-readable answers (`createFolder`).
    public var kind: String {
        switch self {
        case .createVault: "createVault"
        case .createFolder: "createFolder"
        case .mergeTags: "mergeTags"
        case .checkVault: "checkVault"
        case .listTasks: "listTasks"
        case .listHistory: "listHistory"
        case .listTagHistory: "listTagHistory"
        case .setUpSync: "setUpSync"
        case .mergeTagsAgain: "mergeTags"
        case .readNoteAgain: "readNoteAgain"
        case .confirmInAdvance: "confirmInAdvance"
        case .nameTheNote: "nameTheNote"
        }
    }
}
