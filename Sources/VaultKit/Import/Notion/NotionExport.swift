/// The files of a Notion export as one tree: the zip Notion hands out holds one or more
/// `Export-…-Part-N.zip` archives, each read from memory within the same limits; an
/// unpacked folder (or a zip of the pages themselves) is read as it is.
struct NotionExport {
    /// Every file's path, sorted, across the parts.
    let paths: [String]
    private let parts: [ExportTree]
    private let partOf: [String: Int]
    let name: String

    init(_ path: String, limits: ZipLimits) throws(VaultError) {
        let outer = try ExportTree.open(path, limits: limits)
        let archives = outer.paths.filter { $0.lowercased().hasSuffix(".zip") }
        var parts = [outer]
        if !archives.isEmpty, !outer.paths.contains(where: { $0.lowercased().hasSuffix(".md") }) {
            parts = []
            for archive in archives {
                let bytes = try outer.bytes(archive)
                parts.append(ExportTree(try ZipArchive(bytes: bytes, name: path + "/" + archive, limits: limits), limits: limits))
            }
        }
        var partOf: [String: Int] = [:]
        for (index, part) in parts.enumerated() {
            for file in part.paths where partOf[file] == nil { partOf[file] = index }
        }
        self.name = path
        self.parts = parts
        self.partOf = partOf
        paths = partOf.keys.sorted()
    }

    func contains(_ path: String) -> Bool { partOf[path] != nil }

    func bytes(_ path: String) throws(VaultError) -> [UInt8] {
        guard let index = partOf[path] else { throw .unreadableExport(path: name, entry: path, reason: "the export holds no such file") }
        return try parts[index].bytes(path)
    }
}
