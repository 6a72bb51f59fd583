import Testing
@testable import VaultKit

/// The word index's compact postings give back exactly the documents appended.
@Suite struct PostingListTests {
    @Test func givesBackAscendingDocumentsOfAnyGap() {
        let documents: [UInt32] = [0, 1, 2, 127, 128, 255, 16_383, 16_384, 2_097_152, 268_435_456, .max - 1, .max]
        var list = PostingList()
        #expect(list.isEmpty)
        for document in documents { list.append(document) }
        var read: [UInt32] = []
        list.forEach { read.append($0) }
        #expect(read == documents)
    }

    @Test func theLastDocumentAgainIsKeptOnce() {
        var list = PostingList()
        for document: UInt32 in [5, 5, 9, 9, 9] { list.append(document) }
        var read: [UInt32] = []
        list.forEach { read.append($0) }
        #expect(read == [5, 9])
    }

    @Test func renumberingLeavesOutTheDead() {
        var list = PostingList()
        for document: UInt32 in [0, 2, 3, 300] { list.append(document) }
        var map = [UInt32](repeating: .max, count: 301)
        map[0] = 0
        map[3] = 1
        map[300] = 2
        var read: [UInt32] = []
        list.renumbered(map).forEach { read.append($0) }
        #expect(read == [0, 1, 2])
    }
}
