import Testing
@testable import VaultKit

@Suite("note properties") struct NotePropertiesTests {
    /// A note's offset table has room for so many properties: one more is a change to
    /// `PropertyValues`, not a crash on the first note read.
    @Test func everyPropertyHasRoomInTheOffsetTable() {
        #expect(NoteProperties.all.count <= NoteProperties.capacity)
        #expect(NoteProperties.capacity + 1 == SIMD16<UInt32>.scalarCount)
    }
}
