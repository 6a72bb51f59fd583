/// The note's tags: those of the front matter as written (a leading `#` dropped), then the
/// inline `#tags` of the body in order (unless the config turns them off), each once as
/// `TagName.key` compares them, in the spelling met first.
package enum NoteTags: NoteProperty {
    package static let jsonName: String? = "tags"
    package static let frontMatterField: FrontMatterField? = .tags

    package static func read(from source: NoteSource) -> [String] {
        let frontMatter = source.fields[.tags]?.list ?? []
        guard source.inlineTags else { return frontMatter }
        let inline = source.inline
        guard !inline.isEmpty else { return frontMatter }
        var tags = frontMatter
        var keys = Set(frontMatter.map(TagName.key))
        for tag in inline where keys.insert(TagName.key(tag.name)).inserted { tags.append(tag.name) }
        return tags
    }

    /// Calls `body` with the UTF-8 bytes of each encoded tag, making no strings: tags are
    /// counted and matched on every scan.
    static func forEachEncoded(_ reader: inout ByteReader, _ body: (UnsafeRawBufferPointer) -> Void) {
        let count = reader.length() ?? 0
        for _ in 0..<count {
            guard let tag = reader.stringBytes() else { return }
            body(tag)
        }
    }
}

/// The inline tags a note has only on its task lines (`- [ ] call mom #family`): there they
/// are the task's categories (DESIGN 12). They are the note's tags, as Obsidian counts
/// them, but its other tasks do not take them: `vault tasks '#family'` lists that task,
/// not every task beside it. Usually none.
package enum NoteTaskOnlyTags: NoteProperty {
    package static let jsonName: String? = nil

    package static func read(from source: NoteSource) -> [String] {
        let onTasks = source.inline.filter(\.onTaskLine)
        guard !onTasks.isEmpty else { return [] }
        var elsewhere = Set((source.fields[.tags]?.list ?? []).map(TagName.key))
        for tag in source.inline where !tag.onTaskLine { elsewhere.insert(TagName.key(tag.name)) }
        var seen: Set<String> = []
        return onTasks.map(\.name).filter { name in
            let key = TagName.key(name)
            return !elsewhere.contains(key) && seen.insert(key).inserted
        }
    }
}
