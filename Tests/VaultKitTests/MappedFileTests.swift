import Foundation
import Testing
import VaultPlatform

/// Cache files are mapped only where another machine cannot delete them under the
/// mapping; elsewhere they are read, with the same bytes.
@Suite struct MappedFileTests {
    @Test(arguments: [
        (Int64(0xEF53), true), (0x9123_683E, true), (0x0102_1994, true),
        (0x6969, false), (0x6573_5546, false), (0xFF53_4D42, false), (0xFE53_4D42, false), (0x0102_1997, false),
    ] as [(Int64, Bool)])
    func onlyLocalFileSystemsAreMapped(type: Int64, mapped: Bool) {
        #expect(MappedFile.mapsSafely(type) == mapped)
    }

    @Test func aFileReadWholeHasTheBytesOfTheFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: directory.appendingPathComponent("cache.bin"))
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        for reading in [false, true] {
            let file = try #require(MappedFile("cache.bin", in: descriptor, maximumSize: 1 << 20, reading: reading))
            #expect(Array(file.bytes) == bytes)
            #expect(Int(bitPattern: file.bytes.baseAddress) % 4096 == 0)
        }
        #expect(MappedFile("cache.bin", in: descriptor, maximumSize: 1000, reading: true) == nil)
        // A sparse file past what is read whole is no cache, rather than a process that
        // asks for all of it (or stops when it cannot have it).
        let huge = directory.appendingPathComponent("huge.bin")
        FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(MappedFile.largestRead) + 1)
        try handle.close()
        #expect(MappedFile("huge.bin", in: descriptor, maximumSize: 1 << 40, reading: true) == nil)
        #expect(MappedFile("huge.bin", in: descriptor, maximumSize: 1 << 40)?.bytes.count == Int(MappedFile.largestRead) + 1)
        #expect(MappedFile("missing.bin", in: descriptor, maximumSize: 1 << 20, reading: true) == nil)
    }
}
