import Foundation

/// Sync between machines through git (docs/sync.md): commit, fetch, merge with the note merge
/// driver, push. Merges only, never a rebase: history that was pushed is never rewritten.
public struct VaultSync: Sendable {
    public let root: VaultRoot
    /// How git runs `vault merge-driver`: this program's absolute path.
    public let program: String
    public let git: Git
    /// For tests of interrupted syncs: the point (`after-commit`, `in-merge`) where the
    /// process kills itself as `kill -9` would, leaving everything as it is.
    package var stopsAt: String?

    public init(root: VaultRoot, program: String) {
        self.root = root
        self.program = program
        var git = Git(directory: root.path)
        // The user's own switch, in their git configuration (docs/sync.md, "Hooks").
        git.runsHooks = (try? git.run(["config", "--bool", "vault.hooks"]))?.stdout == "true\n"
        self.git = git
    }

    /// The lines `.gitattributes` needs: notes and the config merge through vault.
    static let attributes = ["*.md merge=vault", ".vault/config.yaml merge=vault"]

    /// The files vault writes from what git stores go into git as they are: a merge
    /// writes the stored bytes into the notes, so no attribute a remote commits (a
    /// `filter`, `working-tree-encoding`, `ident`, line-ending conversion) may change them
    /// on the way in. Only those files: an attachment comes out through git's own checkout,
    /// filters and all (Git LFS keeps working). Written to this clone's `info/attributes`,
    /// which no remote overrides.
    static let storedAsTheyAre = ["*.md -text -filter -working-tree-encoding -ident", ".vault/config.yaml -text -filter -working-tree-encoding -ident"]

    // MARK: - Setup

    /// Makes the vault a repository that syncs: git repository if needed, `.vault/cache/`
    /// ignored, `.gitattributes`, the merge driver in the repository's config, the remote.
    /// Idempotent; returns what it did, one line each.
    ///
    /// A vault that is a folder of a larger repository is refused (a sync would commit and
    /// push that repository's other files) unless `ownRepository` asks for a repository of
    /// the vault's own there, as `vault init --git` does for the vault it makes; with
    /// `firstCommit`, a repository made here starts with a commit of the vault as it is.
    public func setup(remote: String?, ownRepository: Bool = false, firstCommit: Bool = false) throws(VaultError) -> [String] {
        var done: [String] = []
        let top = try repositoryTop()
        let madeRepository = top == nil || (ownRepository && top != Self.realPath(root.path))
        if madeRepository {
            // On the remote's branch: a repository made on git's default (`master`) pushed a
            // branch beside the remote's `main`, and clones of it checked out nothing.
            let branch = try remote.flatMap(defaultBranch(of:))
            try git.check(["init", "-q"])
            if let reference = branch.flatMap(GitRevision.branchReference) { try git.check(["symbolic-ref"], revisions: [.head, reference]) }
            done.append("made a git repository" + (branch.map { " on \($0), the remote's branch" } ?? ""))
        }
        try requireOwnRepository()
        done += try registerMergeDriver()
        if let remote {
            let current = try git.run(["remote", "get-url", "origin"])
            if !current.succeeded {
                try git.check(["remote", "add"], operands: ["origin", remote])
                done.append("remote origin is \(remote)")
            } else if current.stdout.trimmingCharacters(in: .newlines) != remote {
                try git.check(["remote", "set-url"], operands: ["origin", remote])
                done.append("remote origin is now \(remote)")
            }
        }
        // A new repository starts with the vault as it is: a first `vault sync` then has a
        // base to merge against, and `vault log` has versions to show.
        if madeRepository, firstCommit {
            do {
                if let line = try commitEverything(message: "vault init") { done.append(line) }
            } catch {
                done.append("made no first commit (\(error.localizedDescription)); vault sync makes it")
            }
        }
        return done
    }

    /// The branch `remote`'s HEAD names, nil when it cannot be reached. An empty remote
    /// advertises no refs, but a clone of it learns its unborn HEAD (git 2.31 and later):
    /// cloned into `.vault/tmp` (ignored by git), then removed.
    private func defaultBranch(of remote: String) throws(VaultError) -> String? {
        let advertised = try git.run(["ls-remote", "--symref"], operands: [remote, "HEAD"])
        guard advertised.succeeded else { return nil }
        // The remote's word: a name git would refuse, or one shaped as an option, is none.
        func branch(_ reference: Substring) -> String? {
            guard reference.hasPrefix("refs/heads/") else { return nil }
            let name = String(reference.dropFirst("refs/heads/".count))
            return GitRevision.isBranchName(name) ? name : nil
        }
        for line in advertised.lines where line.hasPrefix("ref: ") {
            if let name = line.dropFirst("ref: ".count).split(separator: "\t").first.flatMap(branch) { return name }
        }
        let scratch = ".vault/tmp/remote-head-\(ProcessInfo.processInfo.processIdentifier)"
        try? root.makeDirectory(".vault/tmp")
        // git follows links: a `.vault/tmp` that is one would have put the clone outside.
        guard root.isDirectory(".vault/tmp") else { return nil }
        defer { root.removeTree(scratch) }
        guard try git.run(["clone", "-q", "--bare"], operands: [remote, scratch]).succeeded else { return nil }
        let head = try Git(directory: root.absolutePath(scratch)).run(["symbolic-ref", "HEAD"])
        return head.succeeded ? branch(Substring(head.stdout.trimmingCharacters(in: .newlines))) : nil
    }

    /// A pattern git ignores for the temporary files vault writes beside notes
    /// (`.NAME.vault-PID-N.tmp`): one a `kill -9` left, or one a save is writing while a
    /// sync commits, is never committed.
    static let temporaryFiles = ".*.vault-*.tmp"

    /// Whether `path` names such a temporary file (`temporaryFiles`, matched here rather
    /// than handed to git as a pattern).
    static func isTemporaryFile(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasPrefix(".") && name.hasSuffix(".tmp") && name.contains(".vault-")
    }

    /// What makes a clone merge notes through vault and never commit what vault keeps for
    /// itself: `.vault/.gitignore`, `.gitattributes`, the driver in the repository's config,
    /// temporary files in `GIT_DIR/info/exclude`. Idempotent; what it did, one line each.
    /// Every sync runs it, so that a fresh clone merges through the driver from its first sync.
    private func registerMergeDriver() throws(VaultError) -> [String] {
        var done: [String] = []
        root.ensureIgnoredInGit()
        try addToGitDirectory([Self.temporaryFiles], file: .exclude)
        // Where no remote reaches: `.gitattributes` travels, and a line a remote adds after
        // vault's (`*.md merge=union`) would turn the driver off; `info/attributes` is read
        // last and is this clone's own.
        try addToGitDirectory(Self.attributes + Self.storedAsTheyAre, file: .attributes)
        let added = try root.addMissingLines(MissingLines(lines: Self.attributes), to: ".gitattributes")
        if !added.isEmpty { done.append("added to .gitattributes: " + added.joined(separator: ", ")) }
        let driver = "'\(program.replacingOccurrences(of: "'", with: "'\\''"))' merge-driver %O %A %B %P"
        if try git.run(["config", "--local", "merge.vault.driver"]).stdout.trimmingCharacters(in: .newlines) != driver {
            try git.check(["config", "--local", "merge.vault.name", "vault: notes merged key by key, never a conflict marker"])
            try git.check(["config", "--local"], operands: ["merge.vault.driver", driver])
            done.append("registered the merge driver")
        }
        return done
    }

    /// Adds the `lines` it lacks to the file `name` of the git directory (`info/exclude`,
    /// `info/attributes`): per clone, in no commit. As `VaultRoot.addMissingLines` does in
    /// the vault, except that a file it cannot read stops the sync (these lines keep a
    /// remote's attributes off the notes); where git reads it, which in a linked worktree
    /// is the main repository's.
    private func addToGitDirectory(_ lines: [String], file: GitDirectoryFile) throws(VaultError) {
        // The name is a word of vault's own, a literal (after `--`, an operand, `rev-parse`
        // would take it for the end of its options).
        let answer = switch file {
        case .exclude: try git.check(["rev-parse", "--git-path", "info/exclude"])
        case .attributes: try git.check(["rev-parse", "--git-path", "info/attributes"])
        }
        let relative = answer.stdout.trimmingCharacters(in: .newlines)
        let file = relative.hasPrefix("/") ? relative : root.path + "/" + relative
        let folder = String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
        let existing: Data
        do {
            existing = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch CocoaError.fileReadNoSuchFile {
            existing = Data()
        } catch {
            throw .syncWriteFailed(path: file, reason: "it is there and vault cannot read it", consequence: "nothing was committed")
        }
        guard let (bytes, _) = MissingLines(lines: lines).adding(to: [UInt8](existing)) else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw .syncWriteFailed(path: file, reason: error.localizedDescription.lowercased(), consequence: "nothing was committed")
        }
    }

    /// The files of the git directory vault adds lines to.
    private enum GitDirectoryFile { case exclude, attributes }

    // MARK: - Sync

    public struct Report: Sendable {
        /// What happened, one line each, for people.
        public var lines: [String] = []
        /// Conflict copies made: notes whose bodies changed in the same places on both sides.
        public var conflictCopies: [String] = []
        /// True when the remote could not be reached: the commit waits.
        public var offline = false
        /// True when the repository has no remote to sync with.
        public var noRemote = false
        /// Tags renamed to two names on two machines, whose notes now have both: for the user
        /// to keep one. Looked for after a merge brought anything in.
        public var tagRenameConflicts: [TagRenameConflict] = []
    }

    /// Commits every change, fetches, merges and pushes.
    public func sync(host: String = ProcessInfo.processInfo.hostName) throws(VaultError) -> Report {
        var report = Report()
        try requireOwnRepository()
        // The commit and the merge hold the vault's write lock, so that no save lands in
        // the middle of either (git would restore the working tree over it); fetching and
        // pushing, which touch only the repository, do not.
        try root.withWriteLock { () throws(VaultError) in
            report.lines += try registerMergeDriver()
            try finishInterruptedMerge(into: &report)
            try requireCleanState()
            // Copies from a merge the user ran with git itself come in with this sync's commit.
            try placeConflictCopies(into: &report)
            if let commit = try commitEverything(message: "vault sync from \(host)") { report.lines.append(commit) }
        }
        guard try git.run(["remote", "get-url", "origin"]).succeeded else {
            report.lines.append("no remote: the commit stays on this machine")
            report.noRemote = true
            return report
        }
        let branch = try git.check(["symbolic-ref", "--short", "HEAD"]).stdout.trimmingCharacters(in: .newlines)
        guard let upstream = GitRevision.remoteBranch(branch) else {
            throw .unsafeBranchName(branch)
        }
        for attempt in 0..<3 {
            let fetch = try git.run(["fetch", "-q", "origin"])
            guard fetch.succeeded else {
                report.offline = true
                let waiting = try git.run(["rev-list", "--count"], revisions: [upstream.upTo(.head)])
                let count = waiting.succeeded ? Int(waiting.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 : try commitCount()
                report.lines.append("offline (\(Self.firstLine(fetch.stderr))): \(count == 1 ? "1 commit waits" : "\(count) commits wait") to be pushed")
                return report
            }
            stop(at: "after-commit")
            if try git.run(["rev-parse", "--verify", "-q"], revisions: [upstream]).succeeded {
                try root.withWriteLock { () throws(VaultError) in
                    // Saves made while fetching, so that git merges into every one of them.
                    if let commit = try commitEverything(message: "vault sync from \(host)") { report.lines.append(commit) }
                    try merge(upstream, into: &report)
                }
            }
            let push = try git.run(["push", "-q", "-u"], operands: ["origin", branch])
            if push.succeeded {
                report.lines.append("in sync with origin/\(branch)")
                if report.lines.contains(where: { $0.hasPrefix("merged ") }) { report.tagRenameConflicts = try tagRenameConflicts() }
                // New commits join the graph that makes `vault log` quick.
                if report.lines.contains(where: { $0.hasPrefix("merged ") || $0.hasPrefix("committed") }) {
                    try NoteVersions.writeCommitGraph(git, onlyIfMissing: false)
                }
                return report
            }
            // Someone pushed meanwhile: fetch and merge again.
            if attempt == 2 { throw .gitFailed(command: "push", message: Self.firstLine(push.stderr)) }
        }
        return report
    }

    /// The conflicts a merge may have brought: both machines' renames are in the history now.
    private func tagRenameConflicts() throws(VaultError) -> [TagRenameConflict] {
        let vault = Vault(root: root)
        return TagRenameConflict.find(records: TagHistory(vault: vault).records().map(\.record), notes: try vault.scan().notes)
    }

    /// The top of the git work tree the vault is in, symbolic links resolved; nil outside
    /// one. When git refuses the repository for another reason (one another user owns:
    /// "dubious ownership"), that reason is the error: `--setup` would not cure it, and was
    /// suggested until it said the same.
    private func repositoryTop() throws(VaultError) -> String? {
        // In git's own words whatever the user's language, to tell the reasons apart.
        let top = try git.run(["rev-parse", "--show-toplevel"], environment: ["LC_ALL": "C"])
        if top.succeeded { return top.stdout.trimmingCharacters(in: .newlines) }
        // Older git wrote "Not a git repository".
        guard top.stderr.lowercased().contains("not a git repository") else {
            // Git's lines as they are: they name paths, which must not be lower-cased. The
            // reason is the fatal one, not a warning printed before it.
            let lines = top.stderr.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let fatal = lines.first { $0.hasPrefix("fatal: ") }.map { String($0.dropFirst("fatal: ".count)) }
            var reason = fatal ?? lines.first ?? "exit \(top.status)"
            if let trust = lines.first(where: { $0.hasPrefix("git config --global --add safe.directory") }) {
                reason += "; if it is yours to trust: \(trust)"
            }
            throw .repositoryRefused(reason: reason)
        }
        return nil
    }

    /// Refuses a vault outside a repository, or inside one that is not its own: committing
    /// "everything" there would take the other files of that repository along.
    private func requireOwnRepository() throws(VaultError) {
        guard let top = try repositoryTop() else {
            throw .notARepository
        }
        guard top == Self.realPath(root.path) else {
            throw .vaultInsideRepository(repository: top)
        }
    }

    private static func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// Refuses to start in the middle of the user's own merge or rebase, or on a detached HEAD.
    private func requireCleanState() throws(VaultError) {
        let gitDirectory = try self.gitDirectory()
        for (name, what) in [("MERGE_HEAD", "a merge"), ("rebase-merge", "a rebase"), ("rebase-apply", "a rebase"), ("CHERRY_PICK_HEAD", "a cherry-pick")]
        where FileManager.default.fileExists(atPath: gitDirectory + "/" + name) {
            throw .repositoryBusy(operation: what)
        }
        guard try git.run(["symbolic-ref", "-q", "HEAD"]).succeeded else {
            throw .detachedHead
        }
    }

    private func gitDirectory() throws(VaultError) -> String {
        let path = try git.check(["rev-parse", "--git-dir"]).stdout.trimmingCharacters(in: .newlines)
        return path.hasPrefix("/") ? path : root.path + "/" + path
    }

    /// Written before a sync's merge and removed after its commit: a merge in progress with
    /// this file beside it is one a sync began (and was stopped in), not the user's own.
    private static let mergeMarker = "vault-sync-merge"

    /// Completes the merge of a sync that was killed in the middle of it: settles what git
    /// left unmerged and commits, so that the sync goes on as if it had not been stopped.
    private func finishInterruptedMerge(into report: inout Report) throws(VaultError) {
        let gitDirectory = try gitDirectory()
        let marker = gitDirectory + "/" + Self.mergeMarker
        guard FileManager.default.fileExists(atPath: marker) else { return }
        if FileManager.default.fileExists(atPath: gitDirectory + "/MERGE_HEAD") {
            let upstream = (try? String(contentsOfFile: marker, encoding: .utf8)) ?? "the other machine"
            try settleAndCommit(message: "vault sync: merge \(upstream) (finished after an interruption)", into: &report)
            report.lines.append("finished the merge an interrupted sync began")
        }
        try? FileManager.default.removeItem(atPath: marker)
    }

    /// Settles every path git left unmerged, takes edited notes back out of the trash, and
    /// commits the merge, with the conflict copies the merge driver wrote beside notes.
    private func settleAndCommit(message: String, into report: inout Report) throws(VaultError) {
        let unmerged = Set(try git.check(["diff", "--name-only", "--diff-filter=U", "-z"]).stdout.split(separator: "\0").map(String.init))
        var settledCopies: [String: String] = [:]
        for path in unmerged.sorted() { settledCopies[path] = try settle(path, into: &report) }
        let found = try git.check(["merge-base"], revisions: [.head, .mergeHead]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let base = GitRevision(commit: found) else { throw .gitFailed(command: "merge-base", message: "it printed no commit: '\(found)'") }
        for path in try EditsOverDeletes(git: git, trash: Trash(vault: Vault(root: root))).restore(since: base) {
            report.lines.append("put \(path) back from the trash: it was deleted on one side and edited on the other")
        }
        let copies = ConflictCopies(gitDirectory: try gitDirectory())
        // A note joined from two places is merged there: the copies made for its places are void.
        func discard(_ paths: Set<String>) throws(VaultError) {
            copies.discard(for: paths)
            for copy in paths.compactMap({ settledCopies[$0] }) {
                _ = root.removeFile(copy)
                try git.check(["rm", "-q", "--cached", "--ignore-unmatch"], operands: [copy])
                report.conflictCopies.removeAll { $0 == copy }
            }
        }
        for joined in try OneNoteOnePlace(git: git, root: root).join(since: base, discardCopies: discard) {
            report.lines.append("one note in two places after the merge: kept \(joined.kept) (the later move) with the text of \(joined.removed)")
            if let copy = joined.conflictCopy { report.conflictCopies.append(copy) }
        }
        // After the joins, which give a reused name back to its new note.
        for path in try LostNotes(git: git, root: root).restore(since: base) {
            report.lines.append("kept \(path): git's merge had put another note in its place")
        }
        try placeConflictCopies(into: &report)
        // A folder one side emptied may hold the other side's notes now: its marker goes
        // with the merge, and a folder the merge emptied gets one.
        for change in try FolderMarkers(root: root).update() {
            try git.check(["add", "-A"], operands: [change])
        }
        try git.check(["commit", "-q", "--no-verify", "-F", "-"], input: Data(message.utf8))
    }

    /// Puts the conflict copies the merge driver kept beside their notes and stages them.
    private func placeConflictCopies(into report: inout Report) throws(VaultError) {
        let copies = try ConflictCopies(gitDirectory: gitDirectory()).place(in: root)
        guard !copies.isEmpty else { return }
        try git.check(["add"], operands: copies)
        report.conflictCopies += copies
    }

    /// Kills the process here when `stopsAt` names this point.
    private func stop(at point: String) {
        if stopsAt == point { kill(getpid(), SIGKILL) }
    }

    /// Commits every change of the working tree; returns the line that says so, nil when
    /// there was nothing to commit. Temporary files are left out even where the exclude
    /// file was edited.
    private func commitEverything(message: String) throws(VaultError) -> String? {
        try FolderMarkers(root: root).update()
        try git.check(["add", "-A"], operands: ["."])
        let temporary = try git.check(["diff", "--cached", "--name-only", "--no-renames", "-z"]).stdout.split(separator: "\0").map(String.init)
            .filter(Self.isTemporaryFile)
        if !temporary.isEmpty { try git.check(["rm", "-q", "--cached", "--ignore-unmatch"], operands: temporary) }
        let changes = try git.check(["diff", "--cached", "--name-status", "--no-renames"]).lines
        guard !changes.isEmpty else { return nil }
        var counts: [String: Int] = [:]
        for line in changes { counts[String(line.prefix(1)), default: 0] += 1 }
        let parts = [("A", "added"), ("M", "changed"), ("D", "deleted")].compactMap { code, word in counts[code].map { "\($0) \(word)" } }
        let summary = parts.isEmpty ? "\(changes.count) changed" : parts.joined(separator: ", ")
        let files = changes.prefix(50).map { "  " + $0.replacingOccurrences(of: "\t", with: " ") }.joined(separator: "\n")
        try git.check(["commit", "-q", "--no-verify", "-F", "-"], input: Data("\(message): \(summary)\n\n\(files)\(changes.count > 50 ? "\n  …" : "")".utf8))
        return "committed: \(summary)"
    }

    private func commitCount() throws(VaultError) -> Int {
        Int(try git.run(["rev-list", "--count", "HEAD"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Merges `upstream`: notes through the merge driver; what git leaves unmerged (an edit
    /// against a delete, a file that is not a note) is settled keeping every edit.
    ///
    /// git computes the merge without touching the working tree (`git merge-tree`), and
    /// vault writes its result as it writes a note (`WorkingTreeUpdate`): git's own checkout
    /// deleted and recreated each file it merged, losing what an editor or a shell wrote to
    /// it in between. The index and `MERGE_HEAD` are then set as `git merge --no-commit`
    /// would leave them, so that the merge is settled and committed as before.
    private func merge(_ upstream: GitRevision, into report: inout Report) throws(VaultError) {
        let incoming = try git.run(["rev-list", "--count"], revisions: [GitRevision.head.upTo(upstream)])
        let count = Int(incoming.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        guard count > 0 else { return }
        let resolved = try git.check(["rev-parse", "--verify", "-q"], revisions: [upstream]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let headID = try git.check(["rev-parse", "--verify", "-q"], revisions: [.head]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let target = GitRevision(commit: resolved), let head = GitRevision(commit: headID) else {
            throw .gitFailed(command: "rev-parse", message: "it named no commit for \(upstream) or HEAD (nothing was merged)")
        }
        let update = WorkingTreeUpdate(root: root, git: git)
        if try git.run(["merge-base", "--is-ancestor"], revisions: [head, target]).succeeded {
            let applied = try update.apply(from: head, to: target)
            report.conflictCopies += applied.conflictCopies
            if !applied.indexEntries.isEmpty { try git.check(["update-index", "-z", "--index-info"], input: applied.indexEntries) }
            if !applied.gitWrites.isEmpty { try git.check(["checkout-index", "-f", "-q"], operands: applied.gitWrites) }
            try git.check(["update-ref", "-m", "vault sync: fast-forward"], revisions: [.head, target, head])
            report.lines.append("merged \(count) commit\(count == 1 ? "" : "s") from \(upstream)")
            return
        }
        try requireMergeTree()
        let gitDirectory = try gitDirectory()
        let marker = gitDirectory + "/" + Self.mergeMarker
        // The marker is how the next sync knows to finish a merge this one began.
        guard FileManager.default.createFile(atPath: marker, contents: Data(upstream.text.utf8)) else {
            throw .syncWriteFailed(path: marker, reason: nil, consequence: "the merge of \(upstream) was not begun")
        }
        // Folders are moved note by note, so git is not to guess that one was renamed: when a
        // side empties a folder, git 2.39 moves the other side's notes in that folder to where
        // it thinks the folder went, and a note moved there from the same place was lost.
        let merge = try git.run(["-c", "merge.directoryRenames=false", "merge-tree", "--write-tree", "-z", "--no-messages"], revisions: [head, target])
        let fields = merge.data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard merge.status == 0 || merge.status == 1, let first = fields.first, let tree = GitRevision(commit: first) else {
            try? FileManager.default.removeItem(atPath: marker)
            let complaint = merge.stderr.split(separator: "\n").first { $0.hasPrefix("error:") || $0.hasPrefix("fatal:") }
            throw .gitFailed(command: "merge", message: Self.firstLine(complaint.map(String.init) ?? merge.stderr))
        }
        // What git could not merge: `MODE BLOB STAGE<TAB>PATH` for each stage of each path.
        var stages: [String: [(mode: String, blob: String, stage: Int)]] = [:]
        for field in fields.dropFirst() {
            guard !field.isEmpty else { break }
            let parts = field.split(separator: "\t", maxSplits: 1)
            let meta = parts.first?.split(separator: " ") ?? []
            guard parts.count == 2, meta.count == 3, let stage = Int(meta[2]), GitRevision.isCommit(String(meta[1])) else { continue }
            stages[String(parts[1]), default: []].append((String(meta[0]), String(meta[1]), stage))
        }
        // A path git could not merge is checked as every path the merge writes is.
        if let refused = stages.keys.sorted().first(where: { WorkingTreeUpdate.problem(with: $0) != nil }) {
            try? FileManager.default.removeItem(atPath: marker)
            throw WorkingTreeUpdate.refusal(refused, from: tree)
        }
        let applied = try update.apply(from: head, to: tree, skipping: Set(stages.keys))
        report.conflictCopies += applied.conflictCopies
        // A path git could not merge that is not on disk: deleted here and changed there (the
        // changed file is the one to keep), or ours moved aside for a folder of theirs
        // (`file~BRANCH`): ours when there is one, else theirs, as git's merge wrote it.
        var staged: [(path: String, stage: Int)] = []
        for (path, entries) in stages where root.status(path) == nil {
            guard let kept = entries.first(where: { $0.stage == 2 }) ?? entries.first(where: { $0.stage == 3 }) else { continue }
            guard kept.mode == "100644" || kept.mode == "100755" else {
                staged.append((path, kept.stage))
                continue
            }
            guard let blob = GitRevision(commit: kept.blob), let bytes = try git.blobs([blob]).first ?? nil else { continue }
            try root.makeDirectories(path.split(separator: "/").dropLast().joined(separator: "/"))
            try root.write(bytes, to: path, mode: kept.mode == "100755" ? 0o755 : 0o644, replacing: .nothing)
        }
        do {
            var lines = applied.indexEntries
            for (path, entries) in stages.sorted(by: { $0.key < $1.key }) {
                lines += Data("0 \(String(repeating: "0", count: head.text.count))\t\(path)".utf8) + [0]
                for entry in entries { lines += Data("\(entry.mode) \(entry.blob) \(entry.stage)\t\(path)".utf8) + [0] }
            }
            if !lines.isEmpty { try git.check(["update-index", "-z", "--index-info"], input: lines) }
        }
        // Links and submodules, written by git from the index as its merge wrote them.
        if !applied.gitWrites.isEmpty { try git.check(["checkout-index", "-f", "-q"], operands: applied.gitWrites) }
        for (path, stage) in staged {
            switch stage {
            case 2: try git.check(["checkout-index", "-f", "-q", "--stage=2"], operands: [path])
            default: try git.check(["checkout-index", "-f", "-q", "--stage=3"], operands: [path])
            }
        }
        // As `git merge --no-commit` leaves it: the commit that follows has both parents.
        guard FileManager.default.createFile(atPath: gitDirectory + "/MERGE_HEAD", contents: Data((target.text + "\n").utf8)) else {
            throw .syncWriteFailed(path: gitDirectory + "/MERGE_HEAD", reason: nil, consequence: "the merge of \(upstream) is left to the next sync")
        }
        stop(at: "in-merge")
        try settleAndCommit(message: "vault sync: merge \(upstream)", into: &report)
        try? FileManager.default.removeItem(atPath: marker)
        report.lines.append("merged \(count) commit\(count == 1 ? "" : "s") from \(upstream)")
    }

    /// Refuses, before anything changes, a git too old to merge without touching the working
    /// tree (`git merge-tree --write-tree` came with git 2.38).
    private func requireMergeTree() throws(VaultError) {
        let version = try git.check(["version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let numbers = version.split(separator: " ").dropFirst(2).first?.split(separator: ".").compactMap { Int($0) } ?? []
        guard numbers.count >= 2, (numbers[0], numbers[1]) < (2, 38) else { return }
        throw .gitTooOld(version: version, needed: "2.38")
    }

    /// Settles a path git could not merge: an edit wins over a delete; where both sides
    /// have it, ours stays and theirs is kept as a conflict copy, whose path is returned.
    private func settle(_ path: String, into report: inout Report) throws(VaultError) -> String? {
        let stages = try git.check(["ls-files", "-u", "-z"], operands: [path]).stdout.split(separator: "\0").compactMap { entry -> Int? in
            entry.split(separator: "\t").first?.split(separator: " ").last.flatMap { Int($0) }
        }
        let (ours, theirs) = (stages.contains(2), stages.contains(3))
        if ours && theirs {
            let copy = conflictCopyPath(for: path)
            let their = try git.check(["show"], revisions: [.staged(path, stage: 3)]).data
            try root.write(ConflictCopies.copyNote(Array(their), at: copy), to: copy, mode: 0o644, replacing: .nothing)
            // The file on disk is ours: the merge wrote nothing there (but a merge begun by
            // git's own `merge`, before vault merged this way, left its markers in it).
            if let disk = try? root.read(path).bytes, disk.starts(with: Array("<<<<<<< ".utf8)) || disk.firstRange(of: Self.markerLine) != nil {
                try git.check(["checkout", "--ours"], operands: [path])
            }
            try git.check(["add"], operands: [path, copy])
            report.conflictCopies.append(copy)
            return copy
        } else if ours || theirs {
            // Deleted on one side, changed on the other: the changed file is in the tree.
            try git.check(["add"], operands: [path])
        } else {
            try git.check(["rm", "-q", "--cached"], operands: [path])
        }
        return nil
    }

    /// The start of a line git's conflict markers begin with.
    private static let markerLine = Array("\n<<<<<<< ".utf8)

    /// `dir/Name (conflict 2026-11-24).ext`, or `… 2` when that is taken.
    public func conflictCopyPath(for path: String, date: Date = Date()) -> String {
        Self.conflictCopyPath(for: path, date: date, exists: { root.status($0) != nil })
    }

    public static func conflictCopyPath(for path: String, date: Date, exists: (String) -> Bool) -> String {
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let base = dot.map { String(name[..<$0]) } ?? name
        let suffix = dot.map { String(name[$0...]) } ?? ""
        let day = String(NoteDate.format(date, timeZone: TimeZone(identifier: "UTC") ?? .current).prefix(10))
        var number = 1
        while true {
            let candidate = "\(base) (conflict \(day)\(number == 1 ? "" : " \(number)"))\(suffix)"
            let full = folder.isEmpty ? candidate : folder + "/" + candidate
            if !exists(full) { return full }
            number += 1
        }
    }

    private static func firstLine(_ text: String) -> String {
        (text.split(separator: "\n").first.map(String.init) ?? "").lowercased()
    }
}
