/// An order a person asks a search for (`vault search --sort relevance`,
/// `GET /api/notes?sort=relevance`). Without one, a search keeps the list order.
public enum SearchOrder: String, Sendable, CaseIterable {
    /// The notes whose title holds the query's words first, then those with a heading
    /// holding them, then by how often the body has them (`RelevanceRanking`), the most
    /// recently modified first when all that is equal.
    case relevance

    /// The orders, for an error or a help text: "relevance".
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
