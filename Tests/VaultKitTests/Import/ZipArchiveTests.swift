import Foundation
import Testing
@testable import VaultKit

/// Zip archives as untrusted input: what is read, and every way one is refused.
@Suite struct ZipArchiveTests {
    func archive(_ build: (inout ZipBuilder) -> Void, limits: ZipLimits = ZipLimits()) throws(VaultError) -> ZipArchive {
        var builder = ZipBuilder()
        build(&builder)
        return try ZipArchive(bytes: builder.bytes, name: "export.zip", limits: limits)
    }

    /// The reason the archive (or its entry) is refused with, or nil when it is not.
    func refusal(_ build: (inout ZipBuilder) -> Void, limits: ZipLimits = ZipLimits(), readAll: Bool = false) -> VaultError? {
        do {
            let zip = try archive(build, limits: limits)
            if readAll { for entry in zip.entries where !entry.isFolder { _ = try zip.bytes(of: entry) } }
            return nil
        } catch {
            return error
        }
    }

    @Test func readsStoredAndDeflatedEntries() throws {
        let zip = try archive { zip in
            zip.add("Notes/", "")
            zip.add("Notes/a.md", "stored text\n")
            zip.add("Notes/b.md", "deflated text, ünïcode\n", deflated: true)
        }
        #expect(zip.entries.map(\.name) == ["Notes", "Notes/a.md", "Notes/b.md"])
        #expect(zip.entries.map(\.isFolder) == [true, false, false])
        let a = try #require(zip.entry(named: "Notes/a.md"))
        let b = try #require(zip.entry(named: "Notes/b.md"))
        #expect(try zip.bytes(of: a) == Array("stored text\n".utf8))
        #expect(try zip.bytes(of: b) == Array("deflated text, ünïcode\n".utf8))
    }

    @Test func readsZip64SizesAndOffsets() throws {
        var builder = ZipBuilder()
        builder.zip64 = true
        builder.add("a.md", "first")
        builder.add("b/c.md", "second, deflated", deflated: true)
        let zip = try ZipArchive(bytes: builder.bytes, name: "export.zip")
        #expect(zip.entries.map(\.name) == ["a.md", "b/c.md"])
        #expect(try zip.entries.map { String(decoding: try zip.bytes(of: $0), as: UTF8.self) } == ["first", "second, deflated"])
    }

    @Test func refusesZip64SizesPastTheArchive() {
        var builder = ZipBuilder()
        builder.zip64 = true
        builder.add(ZipBuilder.Entry(name: Array("a".utf8), data: Array("x".utf8), compressedSize64: UInt64.max))
        #expect(throws: VaultError.unreadableExport(path: "export.zip", entry: "a", reason: "the archive is truncated")) {
            try ZipArchive(bytes: builder.bytes, name: "export.zip")
        }
    }

    @Test func readsAnArchiveFromItsFileOnDemand() throws {
        var builder = ZipBuilder()
        builder.add("x.txt", "from disk", deflated: true)
        try withTemporaryFile(builder.bytes) { path in
            let zip = try ZipArchive(path: path)
            #expect(try zip.bytes(of: #require(zip.entry(named: "x.txt"))) == Array("from disk".utf8))
        }
    }

    @Test func refusesACRCMismatch() {
        let error = refusal({ $0.add(ZipBuilder.Entry(name: Array("a.md".utf8), data: Array("text".utf8), crc: 1234)) }, readAll: true)
        #expect(error == .unreadableExport(path: "export.zip", entry: "a.md", reason: "its data fails the CRC-32 check"))
        #expect(error?.errorDescription == "export.zip: entry 'a.md': its data fails the CRC-32 check")
    }

    @Test(arguments: [
        ("../x", "its name leads outside the archive"),
        ("notes/../../x", "its name leads outside the archive"),
        ("/etc/passwd", "its name is an absolute path"),
        ("C:/x", "its name is an absolute path"),
        ("..\\x", "its name holds a backslash"),
        ("a\\..\\..\\x", "its name holds a backslash"),
        ("a/./b", "its name is not a plain path"),
        ("a//b", "its name is not a plain path"),
        ("a\u{1}b", "its name holds control characters"),
    ])
    func refusesNamesThatAreNoVaultPaths(name: String, reason: String) {
        let error = refusal { $0.add(name, "x") }
        #expect(error == .unreadableExport(path: "export.zip", entry: name, reason: reason))
    }

    @Test func refusesANameWithANulByte() {
        let error = refusal { $0.add(ZipBuilder.Entry(name: Array("a\0.md".utf8), data: [])) }
        #expect(error == .unreadableExport(path: "export.zip", entry: "a\0.md", reason: "its name holds a NUL byte"))
    }

    @Test func refusesSymbolicLinks() {
        let error = refusal { $0.add(ZipBuilder.Entry(name: Array("link".utf8), data: Array("/etc/passwd".utf8), unixMode: 0o120777)) }
        #expect(error == .unreadableExport(path: "export.zip", entry: "link", reason: "symbolic links are refused"))
    }

    @Test func refusesEncryptedEntries() {
        let error = refusal { $0.add(ZipBuilder.Entry(name: Array("secret.md".utf8), data: Array("xx".utf8), flags: 0x0801)) }
        #expect(error == .unreadableExport(path: "export.zip", entry: "secret.md", reason: "it is encrypted"))
    }

    @Test func refusesAHugeDeclaredSize() {
        let error = refusal({ $0.add(ZipBuilder.Entry(name: Array("big".utf8), data: Array("x".utf8), declaredSize: 0xFFFF_FFF0)) },
                            limits: ZipLimits(entrySize: 1 << 30))
        #expect(error == .unreadableExport(path: "export.zip", entry: "big", reason: "it inflates to 4294967280 bytes, more than 1073741824"))
    }

    @Test func refusesABombRatio() {
        // 20 bytes that claim to inflate to 3 MB: refused before any inflating.
        let error = refusal { $0.add(ZipBuilder.Entry(name: Array("bomb".utf8), data: Array(repeating: 0, count: 15), deflated: true,
                                                      declaredSize: 3_000_000)) }
        #expect(error == .unreadableExport(path: "export.zip", entry: "bomb",
                                           reason: "it inflates more than 200 times its compressed size (a zip bomb)"))
    }

    @Test func refusesDataThatInflatesPastItsDeclaredSize() {
        let error = refusal({ $0.add(ZipBuilder.Entry(name: Array("a".utf8), data: Array("0123456789".utf8), deflated: true,
                                                      declaredSize: 4)) }, readAll: true)
        #expect(error == .unreadableExport(path: "export.zip", entry: "a", reason: "its compressed data is damaged or larger than declared"))
    }

    @Test func refusesTooManyEntriesAndTooLargeATotal() {
        let many = refusal({ for index in 0..<5 { $0.add("n\(index).md", "x") } }, limits: ZipLimits(entries: 4))
        #expect(many == .unreadableExport(path: "export.zip", entry: nil, reason: "it holds 5 entries, more than 4"))
        let total = refusal({ for index in 0..<3 { $0.add("n\(index).md", "0123456789") } }, limits: ZipLimits(totalSize: 25))
        #expect(total == .unreadableExport(path: "export.zip", entry: nil, reason: "its entries inflate to more than 25 bytes"))
    }

    @Test func refusesATruncatedArchive() {
        var builder = ZipBuilder()
        builder.add("a.md", "some text here")
        let bytes = builder.bytes
        // Cut inside the central directory: no end record is left.
        #expect(throws: VaultError.unreadableExport(path: "cut.zip", entry: nil,
                                                    reason: "not a zip archive, or a truncated one (no end of central directory)")) {
            try ZipArchive(bytes: Array(bytes.prefix(bytes.count - 10)), name: "cut.zip")
        }
        // The end record kept, the entry's data cut away.
        let data = 30 + 4
        let cut = Array(bytes[..<data]) + Array(bytes[(data + 14)...])
        #expect(throws: VaultError.self) { try ZipArchive(bytes: cut, name: "cut.zip") }
        #expect(throws: VaultError.self) { try ZipArchive(bytes: Array("not a zip".utf8), name: "cut.zip") }
    }

    @Test func readsAZipInsideAZipFromMemory() throws {
        var inner = ZipBuilder()
        inner.add("Page.md", "# Page\n", deflated: true)
        var outer = ZipBuilder()
        outer.add(ZipBuilder.Entry(name: Array("Part-1.zip".utf8), data: inner.bytes))
        let zip = try ZipArchive(bytes: outer.bytes, name: "export.zip")
        let part = try ZipArchive(bytes: zip.bytes(of: #require(zip.entry(named: "Part-1.zip"))), name: "export.zip/Part-1.zip")
        #expect(try part.bytes(of: #require(part.entry(named: "Page.md"))) == Array("# Page\n".utf8))
    }

    @Test(.enabled(if: ImportFixtures.directory != nil)) func readsARealDeflatedArchive() throws {
        let zip = try ZipArchive(path: ImportFixtures.path("bear/backup.bear2bk"))
        #expect(zip.entries.count == 14)
        let image = try #require(zip.entries.first { $0.name.hasSuffix("assets/acorn.jpeg") })
        let bytes = try zip.bytes(of: image)
        #expect(bytes.count == 62171)
        #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF])
    }
}
