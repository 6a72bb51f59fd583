/// Where an app's export is read from when it comes as a zip archive or as the folder it
/// unpacks to (Bear, Google Keep, Notion): opens either as one `ExportTree`, within the
/// same limits (docs/import-formats.md, Archives).
struct ExportSource: Sendable {
    let limits: ZipLimits

    /// The folder or zip archive at `path`.
    func open(_ path: String) throws(VaultError) -> ExportTree {
        try ExportTree.open(path, limits: limits)
    }
}

/// A reader of exports that come as a zip archive or its folder: made with the limits
/// its archives are checked against (tests give smaller ones).
protocol ArchiveExportReader: ImportReader {
    var source: ExportSource { get }
    init(source: ExportSource)
}

extension ArchiveExportReader {
    init(limits: ZipLimits = ZipLimits()) {
        self.init(source: ExportSource(limits: limits))
    }
}
