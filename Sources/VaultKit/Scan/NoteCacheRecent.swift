import VaultPlatform

/// The note cache's recent file (`NoteCache.recentPath`): the entries of the notes the
/// main file does not describe as they are, written alone while they are few, so that a
/// few edits do not write the whole cache again.
///
/// Its layout is the main file's (with its own magic), followed by a trailer: the main
/// file's write time, how many notes the main file described when it was written, and a
/// checksum of every byte before it. Being small, it is summed whole when it opens: a
/// file damaged anywhere, cut short, of another program or written for another main file
/// is not used (its notes are read) and is written again after the scan.
struct NoteCacheRecent {
    /// Its entries, read as the main file's are.
    let cache: NoteCache
    /// How many notes the main file described when this file was written.
    let described: Int

    static let trailerSize = 24

    /// What opening the file found.
    enum Opened {
        case absent
        case unsound
        /// The file, its bytes before the trailer, and the main file's described count.
        case sound(MappedFile, UnsafeRawBufferPointer, described: Int)
    }

    /// Opens the recent file of `root`, if it is sound and written for the main file
    /// written at `mainWrittenAt`.
    static func open(root: VaultRoot, mainWrittenAt: Int64) -> Opened {
        guard let file = MappedFile(NoteCache.recentPath, in: root.descriptor, maximumSize: 1 << 40) else {
            // Missing, or empty (which no writer leaves).
            return root.status(NoteCache.recentPath) == nil ? .absent : .unsound
        }
        let bytes = file.bytes
        guard bytes.count > trailerSize else { return .unsound }
        let end = bytes.count - trailerSize
        func load(_ offset: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        guard WordChecksum.of(UnsafeRawBufferPointer(rebasing: bytes[0..<(end + 16)])) == load(end + 16),
              Int64(bitPattern: load(end)) == mainWrittenAt, load(end + 8) < UInt64(UInt32.max) else { return .unsound }
        return .sound(file, UnsafeRawBufferPointer(rebasing: bytes[0..<end]), described: Int(load(end + 8)))
    }

    /// `bytes` (a cache file's) with the trailer that ties them to the main file written
    /// at `mainWrittenAt`, which described `described` notes.
    static func sealed(_ bytes: [UInt8], mainWrittenAt: Int64, described: Int) -> [UInt8] {
        var sealed = bytes
        sealed.reserveCapacity(bytes.count + trailerSize)
        withUnsafeBytes(of: UInt64(bitPattern: mainWrittenAt).littleEndian) { sealed.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt64(described).littleEndian) { sealed.append(contentsOf: $0) }
        let checksum = sealed.withUnsafeBytes { WordChecksum.of($0) }
        withUnsafeBytes(of: checksum.littleEndian) { sealed.append(contentsOf: $0) }
        return sealed
    }
}
