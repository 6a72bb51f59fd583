import Foundation

/// A value `vault` writes into front matter.
public enum FrontMatterValue: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case date(Date)
    case list([String])
    /// A value written as this YAML text, as it is: one line that reads as one YAML value
    /// (`PropertyValue` checks it).
    case yaml(String)
}
