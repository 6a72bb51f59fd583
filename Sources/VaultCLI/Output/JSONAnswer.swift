import VaultKit

extension Terminal {
    /// Writes one JSON object, filled by `fill`, on a line of its own: the `--format json`
    /// answer of a command that makes or changes one thing (`{"path": "Work/Plan.md"}`).
    func jsonObject(_ fill: (inout JSONWriter) -> Void) {
        var json = JSONWriter()
        json.beginObject()
        fill(&json)
        json.endObject()
        line(json.output)
    }
}
