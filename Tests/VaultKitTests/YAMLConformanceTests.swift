import VaultPlatform
import Foundation
import Testing
@testable import VaultKit

/// The public yaml-test-suite, each case's `in.yaml` wrapped as a note's front matter.
///
/// Runs only when `VAULT_YAML_TEST_SUITE` names the suite's data folder (`make conformance`
/// sets it to `../shared/yaml-test-suite`); the data is not copied into the project.
@Suite(.enabled(if: YAMLTestSuite.directory != nil, "set VAULT_YAML_TEST_SUITE to the yaml-test-suite data folder"))
struct YAMLConformanceTests {
    let cases = YAMLTestSuite.cases()

    @Test func theSuiteIsComplete() {
        #expect(cases.count == 402)
        #expect(cases.filter(\.isError).count == 94)
    }

    /// Every case is read without a crash, and every note stays listed: a scan of a vault
    /// holding all of them lists each one, with a title.
    @Test func everyCaseIsListed() throws {
        let vault = try TemporaryVault()
        for item in cases { try vault.write(item.notePath, bytes: item.note) }
        let result = try vault.vault.scan()
        #expect(result.notes.count == cases.count)
        #expect(result.issues.isEmpty)
        #expect(result.notes.allSatisfy { !$0.title.isEmpty })
    }

    /// A case the suite marks invalid gives a front-matter error located inside the block,
    /// except where libyaml itself accepts the input (`YAMLTestSuite.libyamlAccepts`).
    /// Cases with a `---` or `...` line cannot be front matter (the line closes the
    /// block), so only the first three tests cover them.
    @Test func invalidCasesGiveLocatedErrors() {
        var unexpected: [String] = []
        for item in cases where item.isError && item.fitsInFrontMatter {
            let note = item.read()
            if let error = note.frontMatterError {
                let lastLine = item.note.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
                #expect(error.line >= 1 && error.line <= lastLine && error.column >= 1, "\(item.id): error at \(error.line):\(error.column)")
                #expect(!error.message.isEmpty)
            } else if !YAMLTestSuite.libyamlAccepts.keys.contains(item.id) {
                unexpected.append(item.id)
            }
        }
        #expect(unexpected.isEmpty, "invalid YAML read without error: \(unexpected.joined(separator: " "))")
    }

    /// The deviations listed are still deviations: when libyaml starts rejecting one, the
    /// list must shrink.
    @Test func libyamlDeviationsAreCurrent() {
        let accepted = Set(cases.filter { $0.isError && $0.fitsInFrontMatter && $0.read().frontMatterError == nil }.map(\.id))
        #expect(accepted == Set(YAMLTestSuite.libyamlAccepts.keys))
    }

    /// On every valid case whose front matter is a mapping, setting a key keeps the
    /// opening line and the body byte for byte, the note reads back with the new value, and every
    /// other key is still there in the same order.
    @Test func aKeyEditKeepsEveryOtherByte() throws {
        var edited = 0
        var refused: [String] = []
        for item in cases where !item.isError {
            guard var editor = try? FrontMatterEditor(bytes: item.note), case .mapping? = editor.frontMatter?.root?.kind else { continue }
            let keysBefore = editor.frontMatter?.entries.map { $0.key.scalar ?? "" } ?? []
            do {
                try editor.set(FrontMatterKey.pinned, to: .bool(true))
            } catch {
                refused.append(item.id)
                continue
            }
            edited += 1
            let result = editor.bytes
            let reread = try #require(try? FrontMatterEditor(bytes: result), "\(item.id): the edit made the front matter unreadable")
            #expect(reread.fields.pinned, "\(item.id): pinned not set")
            let keysAfter = reread.frontMatter?.entries.map { $0.key.scalar ?? "" } ?? []
            let expectedKeys = keysBefore.contains { $0.lowercased() == "pinned" } ? keysBefore : keysBefore + ["pinned"]
            #expect(keysAfter == expectedKeys, "\(item.id): keys \(keysBefore) became \(keysAfter)")
            let body = item.note[item.bodyStart...]
            #expect(result.suffix(body.count).elementsEqual(body), "\(item.id): the edit reached the body")
            let prefix = zip(item.note, result).prefix { $0 == $1 }.count
            #expect(prefix >= 4, "\(item.id): the edit moved the opening line")
        }
        print("yaml-test-suite: \(cases.count) cases, \(cases.filter(\.fitsInFrontMatter).count) fit in front matter, \(edited) edited, \(refused.count) edits refused")
        #expect(edited >= 90, "only \(edited) cases were edited")
        #expect(refused.count <= 25, "edits refused: \(refused.joined(separator: " "))")
    }
}

/// The cases of the yaml-test-suite data release.
enum YAMLTestSuite {
    static var directory: String? {
        guard let path = ProcessInfo.processInfo.environment["VAULT_YAML_TEST_SUITE"], !path.isEmpty else { return nil }
        return path
    }

    /// Invalid cases libyaml 0.2.5 parses without error, so `vault` reads them too. Each
    /// is a known libyaml gap (yaml/libyaml issues and the suite's own libyaml results).
    static let libyamlAccepts: [String: String] = [
        "DK95/01": "tabs that look like indentation",
        "S98Z": "block scalar with more spaces than its first content line",
        "SU5Z": "comment without a space after a double-quoted scalar",
        "X4QW": "comment without a space after a block scalar indicator",
    ]

    struct Case {
        let id: String
        let isError: Bool
        let yaml: [UInt8]

        /// The case as a note: its YAML between `---` lines, then a heading and a line.
        var note: [UInt8] {
            var yaml = self.yaml
            if let last = yaml.last, last != UInt8(ascii: "\n") { yaml.append(UInt8(ascii: "\n")) }
            return Array("---\n".utf8) + yaml + Array("---\n# Case \(id)\nbody text\n".utf8)
        }

        var notePath: String { "Suite/" + id.replacingOccurrences(of: "/", with: "-") + ".md" }

        var bodyStart: Int { note.count - "# Case \(id)\nbody text\n".utf8.count }

        /// False when a line of the case closes the front matter before its end.
        var fitsInFrontMatter: Bool {
            guard case .block(let block) = note.withUnsafeBytes({ FrontMatterBlock.locate(in: $0) }) else { return false }
            return block.bodyStart == bodyStart
        }

        func read() -> Note {
            let bytes = note
            let status = FileStatus(size: Int64(bytes.count), inode: 1, mode: 0o100644, modified: FileTime(seconds: 0, nanoseconds: 0),
                                    changed: FileTime(seconds: 0, nanoseconds: 0))
            return bytes.withUnsafeBytes { NoteReader.read($0, path: notePath, status: status) }
        }
    }

    static func cases() -> [Case] {
        guard let directory else { return [] }
        let files = FileManager.default
        var found: [Case] = []
        for id in ((try? files.contentsOfDirectory(atPath: directory)) ?? []).sorted() {
            let folder = directory + "/" + id
            if files.fileExists(atPath: folder + "/in.yaml") {
                found.append(load(id: id, folder: folder))
                continue
            }
            for sub in ((try? files.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            where files.fileExists(atPath: folder + "/" + sub + "/in.yaml") {
                found.append(load(id: id + "/" + sub, folder: folder + "/" + sub))
            }
        }
        return found
    }

    private static func load(id: String, folder: String) -> Case {
        let yaml = FileManager.default.contents(atPath: folder + "/in.yaml").map { Array($0) } ?? []
        return Case(id: id, isError: FileManager.default.fileExists(atPath: folder + "/error"), yaml: yaml)
    }
}
