import VaultPlatform

/// git keeps no empty directories, so a folder made on one machine (an empty one, or one
/// whose notes all went) would never reach another. Before each sync's commit an empty
/// folder gets an empty `.gitkeep`, the marker git users know, and a folder that holds
/// something again loses that marker, so that it is there only while it is needed. Only
/// an empty regular file is taken for a marker: a `.gitkeep` with bytes in it, or a link of
/// that name, is the user's and stays.
struct FolderMarkers {
    static let name = ".gitkeep"

    let root: VaultRoot

    /// Puts or removes markers in the vault's folders (the top level's visible
    /// directories and their subfolders; links are not followed); returns the markers
    /// put or removed.
    @discardableResult
    func update() throws(VaultError) -> [String] {
        var changed: [String] = []
        for folder in folders() {
            let marker = folder + "/" + Self.name
            let holdsSomething = root.entries(of: folder).contains { !$0.name.hasPrefix(".") }
            if !holdsSomething, root.status(marker) == nil {
                do {
                    try root.write([], to: marker, mode: 0o644, replacing: .nothing)
                    changed.append(marker)
                } catch .destinationExists {
                    // Made meanwhile: a marker either way.
                }
            } else if holdsSomething, isMarker(marker), root.removeFile(marker) {
                changed.append(marker)
            }
        }
        return changed
    }

    /// Removes the marker of `folder` when nothing else is in it, so that the folder can go.
    func removeIfAlone(in folder: String) {
        let entries = root.entries(of: folder)
        guard entries.count == 1, entries[0].name == Self.name else { return }
        let marker = folder + "/" + Self.name
        if isMarker(marker) { root.removeFile(marker) }
    }

    private func isMarker(_ path: String) -> Bool {
        guard let status = root.status(path) else { return false }
        return status.isRegularFile && status.size == 0
    }

    private func folders() -> [String] {
        var folders: [String] = []
        for top in visibleDirectories(in: "") {
            folders.append(top)
            folders += visibleDirectories(in: top).map { top + "/" + $0 }
        }
        return folders
    }

    private func visibleDirectories(in folder: String) -> [String] {
        root.entries(of: folder).compactMap { entry in
            guard !entry.name.hasPrefix(".") else { return nil }
            let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
            let isDirectory = entry.kind == .directory || (entry.kind == .unknown && root.status(path)?.isDirectory == true)
            return isDirectory ? entry.name : nil
        }
    }
}
