import CodeMirrorAssets
import Hummingbird
import VaultKit

/// The page's files, embedded in the binary at build time (SwiftPM's `embedInCode`): the
/// app needs nothing from another host, and nothing beside the executable.
enum Assets {
    static let style = PackageResources.app_css
    static let pageTemplate = String(decoding: PackageResources.index_html, as: UTF8.self)

    /// The page's script: one ES module per file of Assets/js, served as `/js/NAME` and
    /// loaded by the browser as the modules import each other (no build step). Adding a
    /// module is one line here; a name not here is a 404. CodeMirror's scripts (the editor)
    /// come from their own target, CodeMirrorAssets.
    static let modules: [String: [UInt8]] = [
        "app.js": PackageResources.app_js,
        "api.js": PackageResources.api_js,
        "state.js": PackageResources.state_js,
        "helpers.js": PackageResources.helpers_js,
        "hooks.js": PackageResources.hooks_js,
        "toast.js": PackageResources.toast_js,
        "undo.js": PackageResources.undo_js,
        "roving.js": PackageResources.roving_js,
        "backlinks.js": PackageResources.backlinks_js,
        "wikilinks.js": PackageResources.wikilinks_js,
        "vocabulary.js": PackageResources.vocabulary_js,
        "dates.js": PackageResources.dates_js,
        "theme.js": PackageResources.theme_js,
        "sidebar.js": PackageResources.sidebar_js,
        "list.js": PackageResources.list_js,
        "note.js": PackageResources.note_js,
        "trash.js": PackageResources.trash_js,
        "tasks.js": PackageResources.tasks_js,
        "categories.js": PackageResources.categories_js,
        "dialogs.js": PackageResources.dialogs_js,
        "builder.js": PackageResources.builder_js,
        "navigation.js": PackageResources.navigation_js,
        "live.js": PackageResources.live_js,
        "keys.js": PackageResources.keys_js,
        "select.js": PackageResources.select_js,
        "searches.js": PackageResources.searches_js,
        "share.js": PackageResources.share_js,
        "history.js": PackageResources.history_js,
        "imports.js": PackageResources.imports_js,
        "editor.js": PackageResources.editor_js,
        "properties.js": PackageResources.properties_js,
    ].merging(CodeMirrorFiles.scripts) { own, _ in own }

    /// The note editor's style sheet (CodeMirror's), served as `/codemirror.css`.
    static let editorStyle = CodeMirrorFiles.style

    /// The installable app's manifest (`GET /manifest.webmanifest`).
    static let manifest = PackageResources.manifest_webmanifest

    /// The app's icons, served as `/icons/NAME` with their types.
    static let icons: [String: (bytes: [UInt8], type: String)] = [
        "icon.svg": (PackageResources.icon_svg, "image/svg+xml"),
        "icon-192.png": (PackageResources.icon_192_png, "image/png"),
        "icon-512.png": (PackageResources.icon_512_png, "image/png"),
    ]

    /// `GET /icons/NAME`: one of the app's icons.
    static func icon(named name: String) throws -> Response {
        guard let icon = icons[name] else { throw APIError(.notFound, "no such icon") }
        return response(icon.bytes, type: icon.type)
    }

    /// `GET /js/NAME`: one of the page's modules.
    static func module(named name: String) throws -> Response {
        guard let bytes = modules[name] else { throw APIError(.notFound, "no such script") }
        return response(bytes, type: "text/javascript; charset=utf-8")
    }

    /// The page, with its CSRF token and the key of its vault: what the page remembers in
    /// the browser (the theme) is kept per vault, and two vaults served one after the other
    /// on the same port share one origin's storage.
    static func page(csrfToken: String, vaultKey: String) -> Response {
        let html = pageTemplate.replacingOccurrences(of: "{{CSRF_TOKEN}}", with: csrfToken)
            .replacingOccurrences(of: "{{VAULT_KEY}}", with: vaultKey)
        return response(Array(html.utf8), type: "text/html; charset=utf-8")
    }

    /// A name for the vault at `path` that says nothing of where it is: the hash of its path.
    static func vaultKey(path: String) -> String {
        String(FNV1a.hash(path.utf8), radix: 16)
    }

    static func response(_ bytes: [UInt8], type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The content type of an attachment, and whether it is served only as a download.
    static func contentType(ofFile name: String) -> (type: String, download: Bool) {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "png": return ("image/png", false)
        case "jpg", "jpeg": return ("image/jpeg", false)
        case "gif": return ("image/gif", false)
        case "webp": return ("image/webp", false)
        case "avif": return ("image/avif", false)
        case "pdf": return ("application/pdf", false)
        case "txt", "md": return ("text/plain; charset=utf-8", false)
        case "mp3": return ("audio/mpeg", false)
        case "mp4": return ("video/mp4", false)
        case "svg": return ("image/svg+xml", true)
        case "html", "htm", "xhtml", "xml": return ("application/octet-stream", true)
        default: return ("application/octet-stream", true)
        }
    }
}
