import Foundation

/// A value `vault` writes into front matter.
public enum FrontMatterValue: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case date(Date)
    case list([String])
}
