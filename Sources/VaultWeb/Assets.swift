import Hummingbird

/// The page's files, embedded in the binary at build time (SwiftPM's `embedInCode`): the
/// app needs nothing from another host, and nothing beside the executable.
enum Assets {
    static let script = PackageResources.app_js
    static let style = PackageResources.app_css
    static let pageTemplate = String(decoding: PackageResources.index_html, as: UTF8.self)

    /// The page, with its CSRF token.
    static func page(csrfToken: String) -> Response {
        response(Array(pageTemplate.replacingOccurrences(of: "{{CSRF_TOKEN}}", with: csrfToken).utf8), type: "text/html; charset=utf-8")
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
