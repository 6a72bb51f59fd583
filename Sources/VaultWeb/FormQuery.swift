import Foundation
import Hummingbird

extension Request {
    /// The query parameter `name` decoded as an HTML form writes it: `+` is a space, `%2B`
    /// a plus. Hummingbird's `queryParameters` keeps `+` as it is, so a search sent by a
    /// form or a script (`q=budget+OR+launch`) asked for the word `budget+OR+launch`.
    func formParameter(_ name: String) -> String? {
        guard let query = uri.query else { return nil }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = parts.first, Self.formDecoded(key) == name else { continue }
            return parts.count > 1 ? Self.formDecoded(parts[1]) : ""
        }
        return nil
    }

    private static func formDecoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        // A malformed escape (`%zz`) is kept as written rather than dropping the parameter.
        return spaced.removingPercentEncoding ?? spaced
    }
}
