/// Reads Bear's backups: a `.bear2bk` (a zip of TextBundles, at its top or in one folder),
/// a folder of `.textbundle` folders, or one `.textbundle`. Each bundle is one note:
/// `text.md`, `info.json` and the files under `assets/`.
public struct BearReader: ImportReader {
    public let format = ImportFormat.bear
    private let limits: ZipLimits

    public init(limits: ZipLimits = ZipLimits()) {
        self.limits = limits
    }

    public func read(_ path: String, emit: (ImportItem) throws(VaultError) -> Void) throws(VaultError) {
        let tree = try ExportTree.open(path, limits: limits)
        let single = path.split(separator: "/").last.map { Self.isBundle($0) } ?? false
        for bundle in single ? [""] : Self.bundles(in: tree.paths) {
            let prefix = bundle.isEmpty ? "" : bundle + "/"
            let files = tree.paths.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
            let name = bundle.isEmpty ? String(path.split(separator: "/").last ?? "") : bundle
            let note = BearBundle(name: name, files: files) { (file: String) throws(VaultError) -> [UInt8] in
                try tree.bytes(prefix + file)
            }
            try emit(note.item())
        }
    }

    /// The bundles' folders inside the export, in path order.
    static func bundles(in paths: [String]) -> [String] {
        var bundles: [String] = []
        var seen: Set<String> = []
        for path in paths {
            let parts = path.split(separator: "/")
            guard let index = parts.dropLast().firstIndex(where: isBundle) else { continue }
            let bundle = parts[...index].joined(separator: "/")
            if seen.insert(bundle).inserted { bundles.append(bundle) }
        }
        return bundles
    }

    private static func isBundle(_ name: Substring) -> Bool {
        name.lowercased().hasSuffix(".textbundle")
    }
}
