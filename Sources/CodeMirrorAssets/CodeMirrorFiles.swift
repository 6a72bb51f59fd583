/// CodeMirror 5 (MIT, Debian's `libjs-codemirror`), the note editor's library, compiled
/// into the binary: each file is a string in a `CodeMirrorFiles+NAME.swift` written by
/// vendor.py (see README.md).
public enum CodeMirrorFiles {
    /// The scripts, served as `/js/NAME` beside the page's modules.
    public static let scripts: [String: [UInt8]] = [
        "codemirror.js": Array(codemirrorJS.utf8),
        "codemirror-markdown.js": Array(markdownJS.utf8),
        "codemirror-continuelist.js": Array(continuelistJS.utf8),
        "codemirror-placeholder.js": Array(placeholderJS.utf8),
    ]

    /// Its style sheet, served as `/codemirror.css`.
    public static let style: [UInt8] = Array(codemirrorCSS.utf8)
}
