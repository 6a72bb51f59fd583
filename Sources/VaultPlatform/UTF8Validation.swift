extension UnsafeRawBufferPointer {
    /// True when the bytes are well-formed UTF-8. Makes no string: names and cached strings
    /// are checked on the hot path, where `String(validating:)` (generic, not specialised
    /// across modules) cost a type-metadata lookup per call.
    package var isValidUTF8: Bool {
        if allSatisfy({ $0 < 0x80 }) { return true }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = makeIterator()
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
