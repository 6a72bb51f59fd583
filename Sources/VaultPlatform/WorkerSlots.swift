/// A buffer shared with worker threads in which each slot is written by one worker only:
/// the results of a `concurrentPerform`, gathered without a lock.
package struct WorkerSlots<Element>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Element>

    package init(repeating element: Element, count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: element)
    }

    /// Slots in `buffer`, which the caller owns (and must not `free` through these).
    package init(wrapping buffer: UnsafeMutableBufferPointer<Element>) {
        self.buffer = buffer
    }

    package subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }

    /// Frees the buffer; the slots are not used afterwards.
    package func free() {
        _ = buffer.deinitialize()
        buffer.deallocate()
    }
}
