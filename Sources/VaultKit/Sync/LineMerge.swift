import Foundation
import VaultPlatform

/// Git's own three-way line merge (`git merge-file`), for note bodies: the engine users
/// already trust with their files, not a reimplementation.
enum LineMerge {
    /// The merge of `ours` and `theirs` from `base`; nil when the same lines changed on
    /// both sides (a conflict) or git could not be run.
    static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> [UInt8]? {
        merge(base: base, ours: ours, theirs: theirs, favoringOurs: false)
    }

    /// As `merge`; `favoringOurs` settles lines changed on both sides with ours (git's
    /// `--ours`), every other change of theirs kept: never nil for a conflict.
    static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], favoringOurs: Bool) -> [UInt8]? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vault-merge-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return nil
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = ["ours", "base", "theirs"].map { directory.appendingPathComponent($0) }
        do {
            for (file, bytes) in zip(files, [ours, base, theirs]) { try Data(bytes).write(to: file) }
        } catch {
            return nil
        }
        // Through the one door to git, which spawns it without Foundation's Process (that
        // waits for a child in 50 ms slices; docs/performance.md).
        // vault's own words are literals (GitDoorTests reads them): one call per choice.
        let git = Git(directory: directory.path)
        let paths = files.map(\.path)
        let run = favoringOurs ? try? git.run(["merge-file", "-p", "-q", "--ours"], operands: paths) : try? git.run(["merge-file", "-p", "-q"], operands: paths)
        guard let output = run else { return nil }
        return output.succeeded ? [UInt8](output.data) : nil
    }
}
