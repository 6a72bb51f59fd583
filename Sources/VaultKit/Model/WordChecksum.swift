/// A 64-bit checksum of bytes taken eight at a time: what tells a cache entry as vault wrote
/// it from one changed since (a flipped bit on disk, an edit by hand), at a few
/// instructions per word. Not for security.
///
/// Each step maps the running value one to one for a given word, so a change confined to
/// one eight-byte word always changes the result; other changes go unseen with odds of
/// about 2⁻⁶⁴. The length is part of it.
///
/// Words are summed in four lanes (word `i` in lane `i % 4`) that are joined at the end by
/// the same step: one lane's multiply waits for the one before it, and four chains keep
/// the core busy where one left it waiting (every scan sums the whole entry table).
enum WordChecksum {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes = (0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count), 0x1319_8A2E_0370_7344 as UInt64,
                     0xA409_3822_299F_31D0 as UInt64, 0x082E_FA98_EC4E_6C89 as UInt64)
        guard let base = bytes.baseAddress else { return finish(lanes.0) }
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        var offset = 0
        while offset + 32 <= bytes.count {
            lanes.0 = step(lanes.0, word(offset))
            lanes.1 = step(lanes.1, word(offset + 8))
            lanes.2 = step(lanes.2, word(offset + 16))
            lanes.3 = step(lanes.3, word(offset + 24))
            offset += 32
        }
        var value = step(step(step(lanes.0, lanes.1), lanes.2), lanes.3)
        while offset + 8 <= bytes.count {
            value = step(value, word(offset))
            offset += 8
        }
        if offset < bytes.count {
            // The last bytes, zero-padded, as one little-endian word: copied at once
            // rather than shifted in one by one (a word's key is mostly this tail).
            var last: UInt64 = 0
            withUnsafeMutableBytes(of: &last) { $0.baseAddress?.copyMemory(from: base + offset, byteCount: bytes.count - offset) }
            value = step(value, UInt64(littleEndian: last))
        }
        return finish(value)
    }

    @inline(__always) private static func step(_ value: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ (mixed >> 32)
    }

    @inline(__always) private static func finish(_ value: UInt64) -> UInt64 {
        let mixed = (value ^ (value >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return mixed ^ (mixed >> 32)
    }
}
