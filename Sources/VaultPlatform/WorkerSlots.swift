/// A buffer shared with worker threads in which each slot is written by one worker only:
/// the results of a `concurrentPerform`, gathered without a lock.
///
/// Inlinable: a slot is written per record in loops over hundreds of thousands, and
/// unspecialised, each write went through the element type's value witnesses.
package struct WorkerSlots<Element>: @unchecked Sendable {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<Element>

    @inlinable package init(repeating element: Element, count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: element)
    }

    /// Slots in `buffer`, which the caller owns (and must not `free` through these).
    @inlinable package init(wrapping buffer: UnsafeMutableBufferPointer<Element>) {
        self.buffer = buffer
    }

    @inlinable package subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }

    /// Frees the buffer; the slots are not used afterwards.
    @inlinable package func free() {
        _ = buffer.deinitialize()
        buffer.deallocate()
    }
}
