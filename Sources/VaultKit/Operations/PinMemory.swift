/// What a pin replaced, so that unpin gives the note back byte for byte.
///
/// Absence of `pinned` means not pinned, so unpin removes the key pin added, and the block
/// when pin made it. But a `pinned: false` written by hand, or an empty `---`/`---` block,
/// looks the same once pinned as a key or block pin added: only the pin knew. It notes them
/// here, in `.vault/cache/` (this machine's, never committed); an unpin without a note of
/// it (a note pinned elsewhere, a cache cleared) removes the key, as before.
struct PinMemory {
    /// What a note had before it was pinned.
    enum Form: String {
        /// A `pinned` key saying false: unpin says false again.
        case key
        /// An empty front-matter block: unpin leaves it.
        case block
    }

    static let path = ".vault/cache/pins-v1.txt"
    /// Notes pinned and never unpinned are forgotten oldest first beyond this.
    static let limit = 1_000

    let root: VaultRoot

    /// What the note at `path` had when this machine pinned it, if anything to keep.
    func form(of path: String) -> Form? {
        entries().last { $0.path == path }?.form
    }

    /// Records `form` for `path`, or forgets `path` when `form` is nil.
    func remember(_ form: Form?, for path: String) {
        let known = entries()
        var entries = known.filter { $0.path != path }
        if form == nil, entries.count == known.count { return }
        if let form { entries.append((form, path)) }
        let text = entries.suffix(Self.limit).map { $0.form.rawValue + "\t" + $0.path + "\n" }.joined()
        // A cache: when it cannot be written, unpin falls back to removing the key.
        try? root.makeDirectories(".vault/cache")
        try? root.write(Array(text.utf8), to: Self.path, mode: 0o644)
    }

    /// The file's lines; any line that is not `FORM<TAB>PATH` is ignored (the file is only
    /// a hint, and may have been damaged or written by something else).
    private func entries() -> [(form: Form, path: String)] {
        guard let bytes = try? root.read(Self.path).bytes else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2, let form = Form(rawValue: String(parts[0])) else { return nil }
            return (form, String(parts[1]))
        }
    }
}
