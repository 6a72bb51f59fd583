import VaultPlatform

/// Reads Google Keep as Google Takeout exports it: a folder (or a zip of it) with one
/// `.json` file per note beside the files its notes attach. Other files (Takeout's HTML
/// copies, `Labels.txt`) are left alone; when the export holds other Google products too,
/// only the files under a `Keep` folder are read.
public struct KeepReader: ArchiveExportReader {
    public let format = ImportFormat.keep
    let source: ExportSource

    public func read(_ path: String, emit: (ImportItem) throws(VaultError) -> Void) throws(VaultError) {
        // One note's file, named by itself: its attachments are the files beside it.
        let tree = path.lowercased().hasSuffix(".json") && !ExportFolder.isFolder(path)
            ? try ExportTree.file(path, limits: source.limits) : try source.open(path)
        let inKeep = tree.paths.filter { $0.split(separator: "/").dropLast().contains("Keep") }
        for file in (inKeep.isEmpty ? tree.paths : inKeep) where file.lowercased().hasSuffix(".json") {
            let note = KeepNote(path: file, bytes: try tree.bytes(file))
            try emit(note.item { (name: String) throws(VaultError) -> [UInt8]? in
                tree.contains(name) ? try tree.bytes(name) : nil
            })
        }
    }
}
