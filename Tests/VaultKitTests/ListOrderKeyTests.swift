import Foundation
import Testing
@testable import VaultKit

/// The packed key never contradicts list order: when two keys differ, the note with the
/// smaller one is pinned where the other is not, or has the newer date.
@Suite struct ListOrderKeyTests {
    static let dates: [Double] = {
        let base: [Double] = [-1e12, -86400.5, -1, -0.0, 0, .leastNonzeroMagnitude, 1, 1_700_000_000, 1_700_000_000.000_000_1, 1e12, .greatestFiniteMagnitude]
        return base + base.map(\.nextUp) + base.map(\.nextDown)
    }()

    @Test(arguments: [false, true])
    func keysAgreeWithTheOrder(pinnedFirst: Bool) {
        // As dates hold them (counted from 2001, so tiny intervals round to zero).
        let dates = Self.dates.map { Date(timeIntervalSince1970: $0).timeIntervalSince1970 }
        for a in dates {
            for b in dates {
                let first = ListOrderKey(pinned: pinnedFirst, date: Date(timeIntervalSince1970: a))
                let second = ListOrderKey(pinned: false, date: Date(timeIntervalSince1970: b))
                if first < second {
                    #expect(pinnedFirst || a > b, "\(a) before \(b)")
                } else if second < first {
                    #expect(!pinnedFirst && b > a, "\(b) before \(a)")
                } else {
                    #expect(!pinnedFirst && (a == b || a.nextUp == b || b.nextUp == a), "\(a) and \(b) tie")
                }
            }
        }
    }

    @Test func sortingByKeysAndThenTheWholeOrderIsListOrder() throws {
        let vault = try TemporaryVault()
        // Equal dates (told apart by title), dates a millisecond apart, and pinned notes.
        let notes: [(String, String)] = [
            ("b", "modified: 2026-01-01T10:00:00Z"), ("a", "modified: 2026-01-01T10:00:00Z"),
            ("c", "modified: 2026-01-01T10:00:00.001Z"), ("d", "modified: 1969-07-20T20:17:00Z"),
            ("e", "modified: 2026-01-01T10:00:00Z\npinned: true"), ("f", "modified: 1900-01-01T00:00:00Z\npinned: true"),
        ]
        for (name, fields) in notes { try vault.write("\(name).md", "---\n\(fields)\n---\n# \(name)\n") }
        let scanned = try vault.vault.scan().notes
        let expected = scanned.sorted(by: VaultIndex.listOrder)
        #expect(VaultIndex.sorted(scanned).map(\.path) == expected.map(\.path))
        #expect(VaultIndex.sorted(scanned.reversed()).map(\.path) == expected.map(\.path))
        #expect(expected.map(\.path) == ["e.md", "f.md", "c.md", "a.md", "b.md", "d.md"])
    }
}
