extension UnsafeRawBufferPointer {
    /// True when the bytes are well-formed UTF-8. Makes no string: names and cached strings
    /// are checked on the hot path, where `String(validating:)` (generic, not specialised
    /// across modules) cost a type-metadata lookup per call. Public to be inlined, as
    /// `WorkerSlots` says.
    @inlinable public var isValidUTF8: Bool {
        guard let base = baseAddress else { return true }
        // ASCII eight bytes at a time, then byte by byte; from the first byte with its high
        // bit set, scalar by scalar.
        var start = 0
        while start + 8 <= count, base.loadUnaligned(fromByteOffset: start, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            start += 8
        }
        while start < count, base.load(fromByteOffset: start, as: UInt8.self) < 0x80 { start += 1 }
        return start == count || Self.parsesAsUTF8(UnsafeRawBufferPointer(rebasing: self[start...]))
    }

    @usableFromInline static func parsesAsUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}

extension String {
    /// `bytes` as a string; nil when they are not well-formed UTF-8 (rather than repaired
    /// with U+FFFD, as `String(decoding:as:)` does).
    package init?(validUTF8 bytes: UnsafeRawBufferPointer) {
        guard bytes.isValidUTF8 else { return nil }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
