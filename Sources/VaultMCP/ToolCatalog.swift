import MCP
import VaultTools

/// The tools `vault mcp` offers, with their input schemas and hints: the reading tools are
/// read-only; `delete_notes` and `undo` are destructive; a read-only scope offers no other.
enum ToolCatalog {
    private static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        var object: [String: Value] = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { object["required"] = .array(required.map { .string($0) }) }
        return .object(object)
    }

    private static func string(_ description: String) -> Value { ["type": "string", "description": .string(description)] }
    private static func strings(_ description: String) -> Value { ["type": "array", "items": ["type": "string"], "description": .string(description)] }
    private static func integer(_ description: String, minimum: Int = 0, maximum: Int? = nil) -> Value {
        var object: [String: Value] = ["type": "integer", "minimum": .int(minimum), "description": .string(description)]
        if let maximum { object["maximum"] = .int(maximum) }
        return .object(object)
    }
    private static func boolean(_ description: String) -> Value { ["type": "boolean", "description": .string(description)] }

    private static let note = string("The note: its vault-relative path (Work/Plan.md), its title, or the start of its id.")
    private static let notes = strings("The notes, each as read_note takes one.")
    private static let query = string("A vault search query, as search_notes takes it, choosing the notes instead of 'notes'.")
    private static let reading = Tool.Annotations(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)
    private static let writing = Tool.Annotations(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)
    private static let destroying = Tool.Annotations(readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false)

    /// The tools offered: without the writing ones when `readOnly`.
    static func tools(readOnly: Bool) -> [Tool] {
        let all = readingTools + writingTools
        return readOnly ? all.filter { VaultTools.readingTools.contains($0.name) } : all
    }

    static let readingTools: [Tool] = [
        Tool(name: "search_notes", description: """
            Search the notes. The query language: words (all must appear), "a phrase", tag:work or #work, folder:Work, \
            is:pinned, created:>2026-01-01, modified:7d, AND, OR, NOT, parentheses. Ranked by relevance when the query \
            has words. Pages by 'cursor' (next_cursor of the page before).
            """,
             inputSchema: schema(["query": string("The search query; empty lists every note."), "limit": integer("How many notes (default 20).", minimum: 1, maximum: 100), "cursor": string("next_cursor of the page before.")], required: ["query"]),
             annotations: reading),
        Tool(name: "read_note", description: "Read a note: its text (paged by 'offset' when long), its front-matter properties, and its version, which edit_note needs.",
             inputSchema: schema(["note": note, "section": string("Only the section under this heading."), "offset": integer("Where to start reading, in characters (next_offset of the page before).")], required: ["note"]),
             annotations: reading),
        Tool(name: "list_notes", description: "List notes, pinned first then most recently modified, optionally of a folder (with its subfolders) or a tag (with the tags below it).",
             inputSchema: schema(["folder": string("A folder, such as Work or Work/Projects."), "tag": string("A tag, such as work or project/alpha."), "limit": integer("How many notes (default 20).", minimum: 1, maximum: 100), "cursor": string("next_cursor of the page before.")]),
             annotations: reading),
        Tool(name: "list_tags", description: "Every tag of the notes, with how many notes have it.", inputSchema: schema([:]), annotations: reading),
        Tool(name: "list_folders", description: "Every folder, with how many notes it holds (its subfolders' included).", inputSchema: schema([:]), annotations: reading),
        Tool(name: "tasks", description: "The open tasks (- [ ] lines) of the notes, each with the ref complete_task takes. The query chooses notes as search_notes does.",
             inputSchema: schema(["query": string("A search query choosing the notes whose tasks are listed.")]), annotations: reading),
        Tool(name: "note_history", description: "The recorded operations that changed a note (with the record_id undo takes), and its versions from git when the vault is a repository.",
             inputSchema: schema(["note": note], required: ["note"]), annotations: reading),
    ]

    static let writingTools: [Tool] = [
        Tool(name: "create_note", description: "Create a note. Returns its path and the record_id undo takes.",
             inputSchema: schema(["title": string("The title (also the file name)."), "text": string("The body, Markdown."), "folder": string("The folder (default: the vault's new-note folder)."), "tags": strings("Tags for its front matter.")], required: ["title"]),
             annotations: writing),
        Tool(name: "edit_note", description: """
            Edit a note's text, naming the version read_note gave: refused, nothing changed, when the note changed since. \
            Give exactly one of: replace {old, new} (old must be in the note exactly once), append, prepend, section {heading, text}.
            """,
             inputSchema: schema([
                "note": note, "version": string("The version read_note gave."),
                "replace": ["type": "object", "properties": ["old": ["type": "string"], "new": ["type": "string"]], "required": ["old", "new"], "description": "Replace the one place 'old' is by 'new'."],
                "append": string("Text to add at the end."), "prepend": string("Text to add at the start of the body (after the front matter)."),
                "section": ["type": "object", "properties": ["heading": ["type": "string"], "text": ["type": "string"]], "required": ["heading", "text"], "description": "Replace what is under a heading (up to the next heading of its level)."],
             ], required: ["note", "version"]),
             annotations: writing),
        Tool(name: "set_properties", description: """
            Set or remove front-matter properties. Each value is read as the YAML it would be: true, 2026-12-01, 3, [a, b]; \
            a quoted string stays a string. id, created, modified, sortDate and title cannot be set. tags and pinned go through \
            the tag and pin operations. One operation for undo.
            """,
             inputSchema: schema(["notes": notes, "query": query, "set": ["type": "object", "description": "Keys and their values.", "additionalProperties": true], "remove": strings("Keys to remove."), "dry_run": boolean("Say what would change, changing nothing.")]),
             annotations: writing),
        Tool(name: "tag_notes", description: "Add tags to notes or remove them. One operation for undo.",
             inputSchema: schema(["notes": notes, "query": query, "add": strings("Tags to add."), "remove": strings("Tags to remove.")]), annotations: writing),
        Tool(name: "move_notes", description: "Move notes into a folder ('/' is the top), rewriting the links to them. One operation for undo.",
             inputSchema: schema(["notes": notes, "query": query, "folder": string("The folder to move them into.")], required: ["folder"]), annotations: writing),
        Tool(name: "rename_note", description: "Rename a note (its file and its title), rewriting the links to it. One operation for undo.",
             inputSchema: schema(["note": note, "title": string("The new title.")], required: ["note", "title"]), annotations: writing),
        Tool(name: "delete_notes", description: "Move notes to the vault's trash (kept 30 days), with the attachments only they use. One operation for undo.",
             inputSchema: schema(["notes": notes, "query": query]), annotations: destroying),
        Tool(name: "complete_task", description: "Mark a task done by the ref the tasks tool gave.",
             inputSchema: schema(["ref": string("The task's ref.")], required: ["ref"]), annotations: writing),
        Tool(name: "undo", description: "Take back an operation by the record_id a write returned, only while every file is as it left it; dry_run says what it would do.",
             inputSchema: schema(["record_id": string("The operation's record_id."), "dry_run": boolean("Say what would be taken back, changing nothing.")], required: ["record_id"]),
             annotations: destroying),
    ]
}
