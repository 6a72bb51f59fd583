import Foundation
import VaultKit

/// Where the links of one rendered note lead in the page, found as `vault links` finds them
/// (docs/links.md).
///
/// cmark writes a Markdown link's target as written (`<a href="../Plan.md">`), which the
/// browser resolved against the page's URL: a raw 404. Each such link becomes the page's
/// route to the note (`#/note/PATH`) or the attachment's URL (`/files/PATH`); one that
/// leads nowhere loses its `href`. Absolute URLs and in-note anchors (`#fn-a`) stay.
struct NoteLinks: Sendable {
    let targets: LinkTargets
    let attachments: Attachments
    /// The note the links are in: relative targets start from its folder.
    let notePath: String

    /// The note a wiki link's target names: from this note's folder (`[[./Note]]`,
    /// `[[../Other/Note]]`), by name or by path (a name with a dot, `[[Notes 2026.11]]`,
    /// too); nil when none does.
    func note(named target: String) -> String? {
        if case .note(let path) = targets.resolve(NoteLink(kind: .wiki, target: target, line: 0, column: 0, targetRange: 0..<0), from: notePath) {
            return path
        }
        return targets.note(named: target)
    }

    /// `html` with the `href` of each relative link replaced by where it leads.
    func html(_ html: String) -> String {
        let opening = "<a href=\""
        guard html.contains(opening) else { return html }
        var output = ""
        var rest = html[...]
        while let start = rest.range(of: opening), let end = rest[start.upperBound...].firstIndex(of: "\"") {
            output += rest[..<start.lowerBound]
            switch destination(of: Self.unescape(String(rest[start.upperBound..<end]))) {
            case .asWritten: output += rest[start.lowerBound...end]
            case .url(let url): output += opening + url.replacingOccurrences(of: "&", with: "&amp;") + "\""
            case .nowhere: output += "<a class=\"broken-link\" title=\"no note or file is there\""
            }
            rest = rest[rest.index(after: end)...]
        }
        return output + rest
    }

    enum Destination: Equatable {
        case asWritten
        case url(String)
        case nowhere
    }

    /// Where an `href` leads: a relative path is a link of the note's, to a note or a file.
    func destination(of href: String) -> Destination {
        guard let first = href.first, !"/#?".contains(first), !Self.hasScheme(href) else { return .asWritten }
        let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let target = String(parts[0])
        let link = NoteLink(kind: .markdown, target: target.removingPercentEncoding ?? target, heading: parts.count > 1 ? String(parts[1]) : nil,
                            line: 0, column: 0, targetRange: 0..<0)
        switch targets.resolve(link, from: notePath) {
        case .note(let path): return .url("#/note/" + URLPath.component(path))
        case .attachment: return attachments.resolve(link, from: notePath).map { .url(URLPath.fileURL($0)) } ?? .nowhere
        case .sameNote: return .asWritten
        case .broken: return .nowhere
        }
    }

    /// `mailto:`, `https:`…: a URL of its own, not a path in the vault.
    static func hasScheme(_ href: String) -> Bool {
        guard let colon = href.firstIndex(of: ":"), let first = href.first, first.isASCII, first.isLetter else { return false }
        return href[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
    }

    /// The attribute's text as cmark escaped it.
    private static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
