import Testing
@testable import VaultWeb

/// The page's modules form layers: api, state and pure helpers below, the views above
/// them, the router and app.js on top. An import circle lets any change ripple through
/// every module in it and makes the order modules evaluate in an accident, so none is
/// allowed; a view that must navigate asks through hooks.js, which app.js fills.
@Suite("Page module layers") struct ModuleLayerTests {
    /// Each of the page's own modules with the page's own modules it imports.
    static func graph() -> [String: [String]] {
        var graph: [String: [String]] = [:]
        for (name, bytes) in Assets.modules where !name.hasPrefix("codemirror") {
            let source = String(decoding: bytes, as: UTF8.self)
            graph[name] = source.split(separator: "\n").compactMap { line in
                line.firstMatch(of: /^import (?:.* from )?'\.\/([a-z-]+\.js)';$/).map { String($0.1) }
            }.filter { !$0.hasPrefix("codemirror") }
        }
        return graph
    }

    /// Every import circle, each as the modules along it (depth-first search).
    static func cycles(in graph: [String: [String]]) -> [[String]] {
        var found: [[String]] = []
        var done: Set<String> = []
        var path: [String] = []
        func visit(_ name: String) {
            if let start = path.firstIndex(of: name) {
                found.append(Array(path[start...]) + [name])
                return
            }
            guard done.insert(name).inserted else { return }
            path.append(name)
            for target in graph[name] ?? [] { visit(target) }
            path.removeLast()
        }
        for name in graph.keys.sorted() { visit(name) }
        return found
    }

    @Test func theCycleFinderFindsACircle() {
        #expect(Self.cycles(in: ["a.js": ["b.js"], "b.js": ["c.js"], "c.js": ["a.js"]]).count == 1)
        #expect(Self.cycles(in: ["a.js": ["b.js", "c.js"], "b.js": ["c.js"], "c.js": []]).isEmpty)
    }

    @Test func noModuleImportsAnotherInACircle() {
        let cycles = Self.cycles(in: Self.graph())
        #expect(cycles.isEmpty, "import circles: \(cycles.map { $0.joined(separator: " → ") })")
    }

    /// The router sits on top: only app.js, which starts the page, imports it.
    @Test func onlyTheAppImportsTheRouter() {
        let importers = Self.graph().filter { $0.value.contains("navigation.js") }.keys.sorted()
        #expect(importers == ["app.js"])
    }

    /// The bottom layer imports nothing above it.
    @Test func theBottomLayerImportsOnlyTheBottomLayer() {
        let bottom: Set = ["api.js", "state.js", "helpers.js", "hooks.js", "toast.js", "undo.js", "roving.js", "vocabulary.js", "dates.js", "theme.js"]
        let graph = Self.graph()
        for name in bottom.sorted() {
            let above = (graph[name] ?? []).filter { !bottom.contains($0) }
            #expect(above.isEmpty, "\(name) imports \(above)")
        }
    }
}
