/// The JSON of an import's report, one shape for `vault import --format json` and
/// `POST /api/import`: `{"format", "dryRun", "read", "written", "unchanged", "skipped",
/// "notes", "skips": [{"name", "reason"}], "attachmentsWritten", "attachmentsMissing",
/// "linksRewritten", "linksUnresolved", "recordID"}`.
public enum ImportJSON {
    /// Writes `report`: its counts, then the lists.
    public static func write(_ report: ImportReport, to json: inout JSONWriter) {
        json.beginObject()
        json.key("format"); json.string(report.format.rawValue)
        json.key("dryRun"); json.bool(report.dryRun)
        json.key("read"); json.number(report.read)
        json.key("written"); json.number(report.written.count)
        json.key("unchanged"); json.number(report.unchanged)
        json.key("skipped"); json.number(report.skipped.count)
        json.key("notes"); json.strings(report.written)
        json.key("skips"); json.objects(report.skipped) { json, skip in
            json.key("name"); json.string(skip.name)
            json.key("reason"); json.string(ImportReport.words(skip.reason))
        }
        json.key("attachmentsWritten"); json.number(report.attachmentsWritten)
        json.key("attachmentsMissing"); json.strings(report.attachmentsMissing)
        json.key("linksRewritten"); json.number(report.linksRewritten)
        json.key("linksUnresolved"); json.strings(report.linksUnresolved)
        json.key("recordID"); json.string(report.recordID)
        json.endObject()
    }

}
