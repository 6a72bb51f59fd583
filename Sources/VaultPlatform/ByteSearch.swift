internal import CTextScan

/// Byte searches on the hot path, done by libc and SSE2 rather than byte by byte in Swift.
@usableFromInline package enum ByteSearch {
    /// The offset of the first `byte` at or after `start`, using memchr.
    package static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = Syscalls.findByte(byte, in: base + start, count: bytes.count - start) else { return nil }
        return found - base
    }

    /// The offset of the first occurrence of `needle` at or after `start`, using memmem.
    package static func firstIndex(of needle: UnsafeRawBufferPointer, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress, let pattern = needle.baseAddress, !needle.isEmpty else { return nil }
        let found = vault_find_bytes(base + start, bytes.count - start, pattern, needle.count)
        return found < 0 ? nil : start + found
    }

    /// Whether `bytes` holds any of `a`, `b` and `c` (repeat one to ask for two): the
    /// test most lines of a note fail, 16 bytes at a time rather than a closure per byte.
    package static func containsAny(_ a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return vault_contains_any3(base.assumingMemoryBound(to: UInt8.self), bytes.count, a, b, c) != 0
    }

    /// The byte order of two buffers (memcmp, then length): negative, zero or positive.
    package static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = Syscalls.compareBytes(x, y, count: common)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }

    /// Asks for the memory at `address` ahead of reading it (a hint, never a fault): for
    /// loops that go through memory at random and know where they go next.
    package static func prefetch(_ address: UnsafeRawPointer) {
        vault_prefetch(address)
    }

    /// Asks for the memory at `address` ahead of writing it: for loops that write at
    /// scattered places they know in advance, where each write would otherwise wait for
    /// its line to be read.
    @usableFromInline package static func prefetchForWriting(_ address: UnsafeMutableRawPointer) {
        vault_prefetch_for_writing(address)
    }

    /// Git's rule: a NUL byte in the first 8000 bytes makes a file binary.
    package static func looksBinary(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return Syscalls.findByte(0, in: base, count: min(bytes.count, 8000)) != nil
    }

    /// Text search's fast path (SSE2 where the processor has it): from `start`, skips
    /// 16-byte blocks of `text` that are all ASCII and hold no candidate, a position where
    /// `first` is (OR-ed with `firstCase`, which folds upper-case letters) and `probe` is
    /// `offset` bytes later (OR-ed with `probeCase`). Returns where the first block not
    /// skipped starts; without SSE2, `start`.
    package static func skipPlainBlocks(
        _ text: UnsafePointer<UInt8>, from start: Int, count: Int,
        first: UInt8, firstCase: UInt8, probe: UInt8, probeCase: UInt8, offset: Int
    ) -> Int {
        vault_skip_plain_blocks(text, start, count, first, firstCase, probe, probeCase, offset)
    }
}
