import Foundation

/// `searches:` in `.vault/config.yaml`, changed as colours are: only the bytes of the
/// search that changes; a new one goes at the end of the mapping, in the file's order.
/// Names and queries are checked by the caller (`SaveSearches`).
extension ConfigEditor {
    /// Sets search `name`'s query, adding it at the end when it has no entry.
    func setSearch(_ name: String, to query: String) throws(VaultError) {
        try update { (text: inout [UInt8], root: YAMLNode?) throws(VaultError) in
            let value = YAMLScalarWriter.render(query, in: .flow)
            if let entry = Self.searchPair(name, root: root) {
                if entry.value.isNull, entry.value.start == entry.value.end {
                    text.insert(contentsOf: Array(" \(value)".utf8), at: entry.key.end + 1)
                } else {
                    text.replaceSubrange(entry.value.start..<entry.value.end, with: Array(value.utf8))
                }
                return
            }
            let line = "\(YAMLScalarWriter.render(name, in: .flow)): \(value)"
            if let group = Self.searchesPair(in: root), case .mapping(let pairs, _) = group.value.kind, !pairs.isEmpty {
                try Self.insert(line, into: group, text: &text)
            } else if let group = Self.searchesPair(in: root) {
                // `searches:` with nothing, or `{}`: its value becomes the one entry.
                text.replaceSubrange(group.key.end..<group.value.end, with: Array(":\n  \(line)".utf8))
            } else {
                if let last = text.last, last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
                text += Array("searches:\n  \(line)\n".utf8)
            }
        }
    }

    /// Removes search `name`'s entry.
    func removeSearch(_ name: String) throws(VaultError) {
        try update { (text: inout [UInt8], root: YAMLNode?) throws(VaultError) in
            guard let entry = Self.searchPair(name, root: root), let group = Self.searchesPair(in: root) else { return }
            Self.removeEntry(entry, from: group.value, in: &text)
        }
    }

    /// Renames search `old`'s key to `new`, keeping its place and query.
    func renameSearch(_ old: String, to new: String) throws(VaultError) {
        try update { (text: inout [UInt8], root: YAMLNode?) throws(VaultError) in
            guard let entry = Self.searchPair(old, root: root) else { return }
            text.replaceSubrange(entry.key.start..<entry.key.end, with: Array(YAMLScalarWriter.render(new, in: .flow).utf8))
        }
    }

    static func searchesPair(in root: YAMLNode?) -> YAMLPair? {
        pair("searches", in: root, matching: { $0.lowercased() == $1 })
    }

    static func searchPair(_ name: String, root: YAMLNode?) -> YAMLPair? {
        pair(name, in: searchesPair(in: root)?.value, matching: { $0.lowercased() == $1.lowercased() })
    }
}
