import Dispatch
import Foundation
import Testing
import VaultPlatform
@testable import VaultKit

/// The fold table, filled a page at a time as scalars are met, folds every scalar of the
/// Basic Multilingual Plane as computing its fold from Unicode data does, whichever
/// threads meet a page first.
@Suite("Fold table")
struct FoldTableTests {
    @Test func everyScalarFoldsAsUnicodeDataSaysFromAnyThread() {
        // Pages in a scrambled order, on every core at once, each scalar looked up twice:
        // as its page is filled (maybe by another thread) and once it is.
        let pages = (0..<256).map { ($0 * 97) % 256 }
        let wrong = Locked<[UInt32]>([])
        DispatchQueue.concurrentPerform(iterations: pages.count * 2) { iteration in
            let page = UInt32(pages[iteration / 2])
            let values = iteration % 2 == 0 ? Array(page << 8..<(page + 1) << 8) : (page << 8..<(page + 1) << 8).reversed()
            for value in values where value >= 0x80 {
                let expected = FoldedScalar(Unicode.Scalar(value).map { TextFolding.computeFold($0) } ?? [value])
                if TextFolding.fold(value) != expected { wrong.withLock { $0.append(value) } }
            }
        }
        #expect(wrong.withLock { $0 }.isEmpty)
        #expect(TextFolding.fold("Ǆemal ÉCOLE ﬁn Straße 한") == TextFolding.fold("ǆemal ecole fin strasse 한"))
    }
}
