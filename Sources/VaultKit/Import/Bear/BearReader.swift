/// Reads Bear's backups: a `.bear2bk` (a zip of TextBundles, at its top or in one folder),
/// a folder of `.textbundle` folders, or one `.textbundle`. Each bundle is one note:
/// `text.md`, `info.json` and the files under `assets/`.
public struct BearReader: ArchiveExportReader {
    public let format = ImportFormat.bear
    let source: ExportSource

    public func read(_ path: String, emit: (ImportItem) throws(VaultError) -> Void) throws(VaultError) {
        let tree = try source.open(path)
        let single = path.split(separator: "/").last.map { Self.isBundle($0) } ?? false
        let bundles = single ? [(folder: "", files: tree.paths)] : Self.bundles(in: tree.paths)
        for bundle in bundles {
            let prefix = bundle.folder.isEmpty ? "" : bundle.folder + "/"
            let name = bundle.folder.isEmpty ? String(path.split(separator: "/").last ?? "") : bundle.folder
            let note = BearBundle(name: name, files: bundle.files) { (file: String) throws(VaultError) -> [UInt8] in
                try tree.bytes(prefix + file)
            }
            try emit(note.item())
        }
    }

    /// The bundles' folders inside the export, in path order, each with its files'
    /// paths relative to it; files outside bundles are left out.
    static func bundles(in paths: [String]) -> [(folder: String, files: [String])] {
        var bundles: [(folder: String, files: [String])] = []
        var index: [String: Int] = [:]
        for path in paths {
            let parts = path.split(separator: "/")
            guard let last = parts.dropLast().firstIndex(where: isBundle) else { continue }
            let folder = parts[...last].joined(separator: "/")
            let file = parts[(last + 1)...].joined(separator: "/")
            if let position = index[folder] {
                bundles[position].files.append(file)
            } else {
                index[folder] = bundles.count
                bundles.append((folder, [file]))
            }
        }
        return bundles
    }

    private static func isBundle(_ name: Substring) -> Bool {
        name.lowercased().hasSuffix(".textbundle")
    }
}
