import Foundation
import Hummingbird
import VaultKit
import VaultPlatform

/// `POST /api/import?format=FORMAT&name=FILE[&folder=NAME][&dryRun=true]` with the export as
/// the body: as `vault import FORMAT FILE`, the same report as `--format json`. The upload
/// is kept in a temporary file outside the vault while the reader reads it, then removed.
struct ImportAPI: Sendable {
    let live: LiveIndex
    var session: VaultSession { live.session }

    /// Adds this controller's endpoint to `router`.
    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/api/import") { request, _ in try await self.upload(request) }
    }
    /// The largest export taken (an Evernote notebook with its pictures).
    static let largestUpload = 512 << 20

    func upload(_ request: Request) async throws -> Response {
        let parameters = request.uri.queryParameters
        guard let format = parameters["format"].flatMap({ ImportFormat(rawValue: String($0)) }) else {
            throw APIError(.badRequest, "format must be one of " + ImportFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let name = parameters["name"].map(String.init) ?? "upload"
        let folder = parameters["folder"].map(String.init) ?? ""
        let dryRun = parameters["dryRun"] == "true"
        let bytes = Array(try await request.body(upTo: Self.largestUpload).readableBytesView)
        let session = self.session
        let report = try await Blocking.run { () throws -> ImportReport in
            let reader = format.reader()
            let upload: TemporaryUpload
            do throws(SystemError) {
                upload = try TemporaryUpload(bytes, name: name)
            } catch {
                throw VaultError.io(path: name, operation: error.operation, errno: error.code)
            }
            defer { upload.remove() }
            let use = ImportNotes(reader: reader, paths: [upload.path], folder: folder, dryRun: dryRun)
            return try session.writeAfterScanning { try use.run(in: $0) }
        }
        if !dryRun { await live.refresh() }
        return APIResponse.json { json in ImportJSON.write(report, to: &json) }
    }
}
