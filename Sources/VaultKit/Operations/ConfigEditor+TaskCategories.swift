import Foundation

/// `tasks.categories` in `.vault/config.yaml`, changed as colours are: only the bytes of
/// the category that changes. The order of the mapping's keys is the categories' order, so
/// a move moves an entry's bytes. Names, icons and colours are checked by the caller
/// (`TaskCategories`).
extension ConfigEditor {
    /// Sets `field` (`icon` or `color`) of category `name` to `value` as YAML (nil removes
    /// the field), adding the category at the end of the mapping when it has no entry.
    func setCategory(_ name: String, fields: [(String, String?)]) throws(VaultError) {
        try update { (text: inout [UInt8], root: YAMLNode?) throws(VaultError) in
            guard let entry = Self.categoryPair(name, root: root) else {
                let set = fields.compactMap { field, value in value.map { "\(field): \($0)" } }
                let key = YAMLScalarWriter.render(name, in: .flow)
                try Self.addCategory(set.isEmpty ? "\(key): {}" : "\(key): { \(set.joined(separator: ", ")) }", in: &text, root: root)
                return
            }
            var current = entry
            for (field, value) in fields {
                try Self.set(field, to: value, in: current, text: &text)
                guard let again = Self.categoryPair(name, root: try Self.parse(text)) else { return }
                current = again
            }
        }
    }

    /// Removes category `name`'s entry.
    func removeCategory(_ name: String) throws(VaultError) {
        try update { (text: inout [UInt8], root: YAMLNode?) throws(VaultError) in
            guard let entry = Self.categoryPair(name, root: root), let group = Self.categoriesPair(in: root) else { return }
            Self.removeEntry(entry, from: group.value, in: &text)
        }
    }

    /// Renames category `old`'s key to `new`, keeping its place and settings.
    func renameCategory(_ old: String, to new: String) throws(VaultError) {
        try update { (text: inout [UInt8], root: YAMLNode?) throws(VaultError) in
            guard let entry = Self.categoryPair(old, root: root) else { return }
            text.replaceSubrange(entry.key.start..<entry.key.end, with: Array(YAMLScalarWriter.render(new, in: .flow).utf8))
        }
    }

    /// Moves category `name`'s entry before `other`'s, or to the end for nil.
    func moveCategory(_ name: String, before other: String?) throws(VaultError) {
        try update { (text: inout [UInt8], root: YAMLNode?) throws(VaultError) in
            guard let group = Self.categoriesPair(in: root), case .mapping(let entries, let flow) = group.value.kind,
                  let entry = Self.categoryPair(name, root: root) else { return }
            let target = other.flatMap { Self.categoryPair($0, root: root) }
            if let target, target.key.start == entry.key.start { return }
            if target == nil, entries.last?.key.start == entry.key.start { return }
            if flow {
                let moved = Array(text[entry.key.start..<entry.value.end])
                Self.removeEntry(entry, from: group.value, in: &text)
                let parsed = try Self.parse(text)
                if let other, let target = Self.categoryPair(other, root: parsed) {
                    text.insert(contentsOf: moved + Array(", ".utf8), at: target.key.start)
                } else if let group = Self.categoriesPair(in: parsed) {
                    try Self.insert(String(decoding: moved, as: UTF8.self), into: group, text: &text)
                }
                return
            }
            // A block mapping: the entry's lines go before the other's first line, or after
            // the last entry's last line.
            let lines = text.withUnsafeBytes { raw in
                startOfLine(containing: entry.key.start, in: raw)..<endOfLine(containing: max(entry.key.end, entry.value.contentEnd - 1), in: raw)
            }
            var moved = Array(text[lines])
            if moved.last != UInt8(ascii: "\n") { moved.append(UInt8(ascii: "\n")) }
            var at = text.withUnsafeBytes { raw in
                if let target { return startOfLine(containing: target.key.start, in: raw) }
                let last = entries.last ?? entry
                return endOfLine(containing: max(last.key.end, last.value.contentEnd - 1), in: raw)
            }
            if at == text.count, text.last != UInt8(ascii: "\n") {
                text.append(UInt8(ascii: "\n"))
                at += 1
            }
            text.insert(contentsOf: moved, at: at)
            let shift = at <= lines.lowerBound ? moved.count : 0
            text.removeSubrange((lines.lowerBound + shift)..<(lines.lowerBound + shift + lines.count))
        }
    }

    // MARK: - Locating

    static func categoriesPair(in root: YAMLNode?) -> YAMLPair? {
        let tasks = pair("tasks", in: root, matching: { $0.lowercased() == $1 })
        return pair("categories", in: tasks?.value, matching: { $0.lowercased() == $1 })
    }

    static func categoryPair(_ name: String, root: YAMLNode?) -> YAMLPair? {
        pair(name, in: categoriesPair(in: root)?.value, matching: { TagName.key($0) == TagName.key($1) })
    }

    /// Adds `entry` at the end of `tasks.categories`, making the mappings it needs.
    private static func addCategory(_ entry: String, in text: inout [UInt8], root: YAMLNode?) throws(VaultError) {
        let tasks = pair("tasks", in: root, matching: { $0.lowercased() == $1 })
        if let group = categoriesPair(in: root) {
            try insert(entry, into: group, text: &text)
        } else if let tasks {
            try insert("categories: { \(entry) }", into: tasks, text: &text)
        } else {
            if let last = text.last, last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
            text += Array("tasks:\n  categories:\n    \(entry)\n".utf8)
        }
    }

    /// Sets or removes one field of a category's mapping.
    private static func set(_ field: String, to value: String?, in entry: YAMLPair, text: inout [UInt8]) throws(VaultError) {
        let existing = pair(field, in: entry.value, matching: { $0.lowercased() == $1 })
        guard let value else {
            if let existing { removeEntry(existing, from: entry.value, in: &text) }
            return
        }
        if let existing {
            if existing.value.isNull, existing.value.start == existing.value.end {
                text.insert(contentsOf: Array(" \(value)".utf8), at: existing.key.end + 1)
            } else {
                text.replaceSubrange(existing.value.start..<existing.value.end, with: Array(value.utf8))
            }
        } else {
            try insert("\(field): \(value)", into: entry, text: &text)
        }
    }
}
