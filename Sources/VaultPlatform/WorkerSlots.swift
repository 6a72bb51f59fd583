/// A buffer shared with worker threads in which each slot is written by one worker only:
/// the results of a `concurrentPerform`, gathered without a lock.
///
/// Inlinable: a slot is written per record in loops over hundreds of thousands, and
/// unspecialised, each write went through the element type's value witnesses. Public, not
/// package: Swift 6.3 keeps the body of an `@inlinable package` member from other modules
/// (it calls the generic function, never inlined or specialised). VaultPlatform is no
/// product: no other package names it as a dependency.
public struct WorkerSlots<Element>: @unchecked Sendable {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<Element>

    @inlinable public init(repeating element: Element, count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: element)
    }

    /// Slots in `buffer`, which the caller owns (and must not `free` through these).
    @inlinable public init(wrapping buffer: UnsafeMutableBufferPointer<Element>) {
        self.buffer = buffer
    }

    @inlinable public subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }

    /// Asks for the slot at `index` ahead of writing it (a hint, never a fault).
    @inlinable public func prefetchForWriting(at index: Int) {
        guard let base = buffer.baseAddress, index >= 0, index < buffer.count else { return }
        ByteSearch.prefetchForWriting(UnsafeMutableRawPointer(base + index))
    }

    /// Frees the buffer; the slots are not used afterwards.
    @inlinable public func free() {
        _ = buffer.deinitialize()
        buffer.deallocate()
    }
}
