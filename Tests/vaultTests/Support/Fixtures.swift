import Testing

/// A note file written byte for byte, with the exact bytes `pin` and `unpin` must leave.
///
/// Together the fixtures cover what docs/file-format.md promises to keep: CRLF line breaks, a UTF-8
/// BOM, YAML comments on their own line and at the end of a line, block and flow tag
/// lists, quoted values, a missing final newline, no front matter, and keys `vault` does
/// not know.
struct FidelityFixture: Sendable, CustomTestStringConvertible {
    /// File name at the vault root.
    var name: String
    var original: [UInt8]
    /// The bytes after `vault pin NAME`.
    var afterPin: [UInt8]
    /// The bytes after `vault unpin NAME`.
    var afterUnpin: [UInt8]

    var testDescription: String { name }

    /// Whether the note is pinned before any command runs.
    var initiallyPinned: Bool { original == afterPin }

    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    init(_ name: String, _ original: String, pin: String? = nil, unpin: String? = nil, bom: Bool = false) {
        let prefix = bom ? Self.bom : []
        self.name = name
        self.original = prefix + Array(original.utf8)
        self.afterPin = prefix + Array((pin ?? original).utf8)
        self.afterUnpin = prefix + Array((unpin ?? original).utf8)
    }

    static let all: [FidelityFixture] = [
        FidelityFixture(
            "crlf.md",
            "---\r\nid: crlf-1\r\ntags: [work]\r\ncreated: 2026-06-09T14:00:00+02:00\r\n---\r\n# Windows line endings\r\n\r\nEvery line ends with CRLF.\r\n",
            pin: "---\r\nid: crlf-1\r\ntags: [work]\r\ncreated: 2026-06-09T14:00:00+02:00\r\npinned: true\r\n---\r\n# Windows line endings\r\n\r\nEvery line ends with CRLF.\r\n"
        ),
        FidelityFixture(
            "crlf-pinned.md",
            "---\r\nid: crlf-2\r\npinned: true\r\nmodified: 2026-06-10T08:45:00+02:00\r\n---\r\n# Pinned on Windows\r\n",
            unpin: "---\r\nid: crlf-2\r\nmodified: 2026-06-10T08:45:00+02:00\r\n---\r\n# Pinned on Windows\r\n"
        ),
        FidelityFixture(
            "bom.md",
            "---\nid: bom-1\ntags: [a]\n---\n# Byte order mark\n\nThe file starts with EF BB BF.\n",
            pin: "---\nid: bom-1\ntags: [a]\npinned: true\n---\n# Byte order mark\n\nThe file starts with EF BB BF.\n",
            bom: true
        ),
        FidelityFixture(
            "bom-no-front-matter.md",
            "# BOM and CRLF, no front matter\r\n\r\nText.\r\n",
            pin: "---\r\npinned: true\r\n---\r\n# BOM and CRLF, no front matter\r\n\r\nText.\r\n",
            unpin: nil,
            bom: true
        ),
        FidelityFixture(
            "comments.md",
            """
            ---
            # kept by hand: please keep these comments
            id: comments-1   # end-of-line comment
            pinned: false  # not yet
            tags: [a, b]
            # pinned: true
            created: 2026-06-14T08:30:00+02:00 # same as sortDate
            # a last comment before the closing line
            ---
            # Comments

            Body with a # that is not a comment.

            """,
            pin: """
            ---
            # kept by hand: please keep these comments
            id: comments-1   # end-of-line comment
            pinned: true  # not yet
            tags: [a, b]
            # pinned: true
            created: 2026-06-14T08:30:00+02:00 # same as sortDate
            # a last comment before the closing line
            ---
            # Comments

            Body with a # that is not a comment.

            """
        ),
        FidelityFixture(
            "block-tags.md",
            """
            ---
            id: block-1
            title: Block list
            tags:
              - work
              - project/alpha   # the big one
              - "quoted tag"
            ---
            Body without a heading.

            """,
            pin: """
            ---
            id: block-1
            title: Block list
            tags:
              - work
              - project/alpha   # the big one
              - "quoted tag"
            pinned: true
            ---
            Body without a heading.

            """
        ),
        FidelityFixture(
            "flow-tags.md",
            """
            ---
            tags: [work,"project/beta", 'café', "#hash"]
            id: flow-1
            ---
            # Flow list

            """,
            pin: """
            ---
            tags: [work,"project/beta", 'café', "#hash"]
            id: flow-1
            pinned: true
            ---
            # Flow list

            """
        ),
        FidelityFixture(
            "quoted.md",
            """
            ---
            title: "A \\"quoted\\" title: with colon"
            id: 'quoted-1'
            created: "2026-01-02T03:04:05+01:00"
            modified: '2026-01-03T03:04:05+01:00'
            ---
            Body.

            """,
            pin: """
            ---
            title: "A \\"quoted\\" title: with colon"
            id: 'quoted-1'
            created: "2026-01-02T03:04:05+01:00"
            modified: '2026-01-03T03:04:05+01:00'
            pinned: true
            ---
            Body.

            """
        ),
        FidelityFixture(
            "pinned-yes.md",
            "---\nid: yes-1\npinned: yes # by hand\ntags: home\n---\n# Pinned the YAML 1.1 way\n",
            unpin: "---\nid: yes-1\npinned: no # by hand\ntags: home\n---\n# Pinned the YAML 1.1 way\n"
        ),
        FidelityFixture(
            "no-final-newline.md",
            "---\nid: nofinal-1\ntags: [a]\n---\n# No final newline\nthe last line has no line break",
            pin: "---\nid: nofinal-1\ntags: [a]\npinned: true\n---\n# No final newline\nthe last line has no line break"
        ),
        FidelityFixture(
            "only-front-matter.md",
            "---\nid: only-1\n---",
            pin: "---\nid: only-1\npinned: true\n---"
        ),
        FidelityFixture(
            "pinned-false.md",
            "---\nid: false-1\npinned: false\ntags: [a]\n---\n# Written false by hand\n",
            pin: "---\nid: false-1\npinned: true\ntags: [a]\n---\n# Written false by hand\n"
        ),
        FidelityFixture(
            "pinned-false-last.md",
            "---\nid: false-2\npinned: False\n---\n# The last key, capitalised\n",
            pin: "---\nid: false-2\npinned: True\n---\n# The last key, capitalised\n"
        ),
        FidelityFixture(
            "empty-block.md",
            "---\n---\n# An empty block\n",
            pin: "---\npinned: true\n---\n# An empty block\n"
        ),
        FidelityFixture(
            "no-front-matter.md",
            "# Plain note\n\nJust text, no YAML header.\n",
            pin: "---\npinned: true\n---\n# Plain note\n\nJust text, no YAML header.\n"
        ),
        FidelityFixture(
            "no-front-matter-crlf.md",
            "# Plain CRLF note\r\n\r\nNo header, Windows line breaks, no final newline",
            pin: "---\r\npinned: true\r\n---\r\n# Plain CRLF note\r\n\r\nNo header, Windows line breaks, no final newline"
        ),
        FidelityFixture(
            "unknown-keys.md",
            """
            ---
            aliases: [Other name, "Alias: two"]
            publish: false
            cssclasses:
              - wide
              - cards
            id: unknown-1
            custom: {nested: [1, 2], flag: on}
            ---
            # Keys of other tools

            """,
            pin: """
            ---
            aliases: [Other name, "Alias: two"]
            publish: false
            cssclasses:
              - wide
              - cards
            id: unknown-1
            custom: {nested: [1, 2], flag: on}
            pinned: true
            ---
            # Keys of other tools

            """
        ),
    ]

    /// Writes every fixture at the root of `vault`.
    static func writeAll(to vault: TestVault) throws {
        for fixture in all {
            try vault.write(fixture.name, bytes: fixture.original)
        }
    }
}
