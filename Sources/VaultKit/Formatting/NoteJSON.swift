import Foundation

/// The JSON shapes of `--format json` (documented in docs/json-api.md).
public enum NoteJSON {
    /// One note: path, folder, then every property that has a JSON name (title, id, tags,
    /// pinned, dates in ISO 8601, snippet, error), and the body when given.
    public static func write(
        _ note: Note, to json: inout JSONWriter, timeZone: TimeZone = .current, body: String? = nil,
        extra: ((inout JSONWriter) -> Void)? = nil
    ) {
        json.beginObject()
        json.key("path"); json.string(note.path)
        json.key("folder"); json.string(note.folder)
        note.forEachEncodedValue { property, reader in property.writeJSON(from: &reader, of: note, to: &json, timeZone: timeZone) }
        if let body { json.key("body"); json.string(body) }
        extra?(&json)
        json.endObject()
    }

    /// The trash: each note's name there, title, original path, deletion time and the
    /// whole days left before it is purged.
    public static func writeTrash(_ items: [Trash.Item], now: Date, trashDays: Int, to json: inout JSONWriter) {
        json.objects(items) { json, item in
            json.key("name"); json.string(item.name)
            json.key("title"); json.string(item.title)
            json.key("originalPath"); json.string(item.info.originalPath)
            json.key("deleted"); json.string(NoteDate.format(item.info.deletionDate))
            json.key("daysLeft"); json.number(item.daysLeft(now: now, trashDays: trashDays))
        }
    }

    /// The main page: counts of pinned, unsorted, trash, and the folder and tag trees.
    public static func writeOverview(_ index: VaultIndex, trash: Int, config: VaultConfig, to json: inout JSONWriter) {
        json.beginObject()
        json.key("notes"); json.number(index.notes.count)
        json.key("pinned"); json.number(index.pinnedCount)
        json.key("unsorted"); json.number(index.unsortedCount)
        json.key("folders"); writeFolders(index.folders, config: config, to: &json)
        json.key("tags"); writeTags(index.tags, config: config, to: &json)
        json.key("trash"); json.number(trash)
        json.endObject()
    }

    public static func writeFolders(_ folders: [FolderNode], config: VaultConfig, to json: inout JSONWriter) {
        writeTree(folders, to: &json, children: \.children) { node, json in
            json.key("name"); json.string(node.name)
            json.key("path"); json.string(node.path)
            json.key("count"); json.number(node.count)
            json.key("color"); json.string(config.color(ofFolder: node.path))
        }
    }

    public static func writeTags(_ tags: [TagNode], config: VaultConfig, to json: inout JSONWriter) {
        writeTree(tags, to: &json, children: \.children) { node, json in
            json.key("name"); json.string(node.name)
            json.key("path"); json.string(node.path)
            json.key("count"); json.number(node.count)
            json.key("color"); json.string(config.color(ofTag: node.path))
        }
    }

    /// An array of objects, each with its `children` nested the same way.
    private static func writeTree<Node>(
        _ nodes: [Node], to json: inout JSONWriter, children: KeyPath<Node, [Node]>,
        fields: (Node, inout JSONWriter) -> Void
    ) {
        json.objects(nodes) { json, node in
            fields(node, &json)
            json.key("children")
            writeTree(node[keyPath: children], to: &json, children: children, fields: fields)
        }
    }
}
