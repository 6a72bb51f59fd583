/// One export format: reads what a user names on the command line (a file or a folder)
/// and hands each note to `emit` as it goes, so that a 10,000-note export never sits in
/// memory whole. A reader writes nothing; it throws `VaultError` for input it cannot read
/// at all (naming the file and place), and skips single notes it cannot take.
public protocol ImportReader: Sendable {
    /// `evernote`, `bear`…: what the report and the errors call the format.
    var format: ImportFormat { get }
    func read(_ path: String, emit: (ImportItem) throws(VaultError) -> Void) throws(VaultError)
}

/// The formats `vault import` takes.
public enum ImportFormat: String, Sendable, CaseIterable {
    case enex, bear, keep, notion, markdown
}
