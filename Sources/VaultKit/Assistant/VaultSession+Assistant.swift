/// Reading a vault as an assistant sees it: only the notes its scope admits. Each reading
/// takes the vault from `live` when a running `vault serve` answers (what it holds, every
/// change before the request read), else from a scan: the same scope applies to either.
extension VaultSession {
    /// The notes `query` selects that `scope` admits (every one it admits for nil), in list
    /// order, or ranked by relevance when the query has words.
    public func visibleNotes(matching query: Query?, in scope: AssistantScope, ranked: Bool = false, from live: SettledVault? = nil) throws(VaultError) -> [Note] {
        let ordered: [Note]
        if let live {
            // Already in list order.
            ordered = (query.map { live.notes(matching: $0, context: queryContext) } ?? live.sorted).filter(scope.admits)
        } else {
            ordered = VaultIndex.sorted(try scan(matching: query).notes.filter(scope.admits))
        }
        guard ranked, let query else { return ordered }
        return sorted(ordered, by: .relevance, for: query)
    }

    /// Every note: the server's when it answers, else a scan's.
    private func scan(from live: SettledVault?) throws(VaultError) -> ScanResult {
        if let live { return live.scan }
        return try scan()
    }

    /// The notes `scope` admits in `folder` (and its subfolders) having `tag` (or a tag
    /// below it), in list order; nil names every folder or tag.
    public func visibleNotes(inFolder folder: String?, tagged tag: String?, in scope: AssistantScope, from live: SettledVault? = nil) throws(VaultError) -> [Note] {
        let tagKey = tag.map { TagName.key($0.hasPrefix("#") ? String($0.dropFirst()) : $0) }
        return try visibleNotes(matching: nil, in: scope, from: live).filter { note in
            if let folder, !AssistantScope.contains(AssistantScope.normalized(folder), note.folder) { return false }
            if let tagKey, !note.tags.contains(where: { TagName.key($0) == tagKey || TagName.key($0).hasPrefix(tagKey + "/") }) { return false }
            return true
        }
    }

    /// The one note `name` designates among those `scope` admits: a note outside it is as
    /// one that does not exist, and is never named as a candidate.
    public func resolveVisible(_ name: String, in scope: AssistantScope, from live: SettledVault? = nil) throws(VaultError) -> Note {
        let notes = try scan(from: live).notes.filter(scope.admits)
        return try NoteResolver(notes: notes, root: root).resolve(name)
    }

    /// Every note `names` designate among those `scope` admits.
    public func resolveVisible(_ names: [String], in scope: AssistantScope) throws(VaultError) -> [Note] {
        let notes = try scan().notes.filter(scope.admits)
        return try NoteResolver(notes: notes, root: root).resolve(names)
    }

    /// Refuses to take back an operation that touched a file `scope` does not admit (in a
    /// folder it was not given, or a private note): an undo changes what its operation did.
    public func requireUndoable(_ id: String, in scope: AssistantScope) throws(VaultError) {
        try scope.requireWriting()
        let notes = try scan().notes
        let privatePaths = Set(notes.filter(\.isPrivate).map(\.path))
        func check(_ path: String) throws(VaultError) {
            guard !path.hasPrefix(Trash.directory + "/") else { return }
            let folder = path.split(separator: "/").dropLast().joined(separator: "/")
            guard scope.admits(folder: folder), !privatePaths.contains(path) else {
                throw .outsideScope(folder, allowed: (scope.folders ?? []).map { $0.isEmpty ? "/" : $0 })
            }
        }
        switch try OperationHistory(vault: vault).entry(id).entry {
        case .tags:
            // A tag rename or merge reaches every note that has the tag.
            if scope.folders != nil || !privatePaths.isEmpty { throw .outsideScope("", allowed: (scope.folders ?? []).map { $0.isEmpty ? "/" : $0 }) }
        case .files(let record):
            // A move's edits are the links it rewrote, in every note that had one (a private
            // note too, or one outside the scope: links never break): taken back with it.
            let rewritesLinks = [.move, .rename, .folderRename].contains(record.kind)
            for step in record.steps {
                switch step {
                case .edit(let path, _, _, _): if !rewritesLinks { try check(path) }
                case .move(let from, let to): try check(from); try check(to)
                case .trash(let path, _, _): try check(path)
                case .restore(_, let path, _): try check(path)
                case .create(let path, _), .remove(let path, _): try check(path)
                }
            }
        }
    }

    /// The folders an assistant under `scope` may list: inside the scope, and holding a
    /// note it may see or none at all (an empty folder is where notes can be filed). A
    /// folder of private notes only, or of notes outside the scope, is not named: its name
    /// can say what they are.
    public func visibleFolders(in scope: AssistantScope, from live: SettledVault? = nil) throws(VaultError) -> [String] {
        let scan = try scan(from: live)
        func holding(_ notes: [Note]) -> Set<String> {
            var keys = Set<String>()
            for note in notes {
                var parts = note.folder.split(separator: "/")
                while !parts.isEmpty {
                    keys.insert(TagName.key(parts.joined(separator: "/")))
                    parts.removeLast()
                }
            }
            return keys
        }
        let (visible, all) = (holding(scan.notes.filter(scope.admits)), holding(scan.notes))
        return scope.visibleFolders(scan.folders).filter { folder in
            let key = TagName.key(AssistantScope.normalized(folder))
            return visible.contains(key) || !all.contains(key)
        }
    }
}

extension Relocation.Report {
    /// The report as an assistant under `scope` may see it, `notes` being the vault's
    /// (scanned before the move): links rewritten in notes or canvases it cannot see were
    /// rewritten all the same (no link breaks), and are neither named nor counted. A
    /// canvas is no note: it is seen when its folder is.
    public func visible(to scope: AssistantScope, among notes: [Note]) -> Relocation.Report {
        let hidden = Set(notes.filter { !scope.admits($0) }.map(\.path))
        func shown(_ path: String) -> Bool {
            guard CanvasFileLinks.isCanvas(path) else { return !hidden.contains(path) }
            return scope.admits(folder: path.split(separator: "/").dropLast().joined(separator: "/"))
        }
        var report = self
        report.links = links.filter { shown($0.path) }
        report.linkedNotes = linkedNotes.filter(shown)
        report.linkedCanvases = linkedCanvases.filter(shown)
        return report
    }
}
