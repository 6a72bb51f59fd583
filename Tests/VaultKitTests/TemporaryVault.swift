import Foundation
@testable import VaultKit

/// A vault in a fresh temporary directory, removed when the test ends.
final class TemporaryVault {
    let path: String
    let root: VaultRoot

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vaultkit-\(UUID().uuidString)").path
        root = try VaultRoot.initialize(at: base)
        path = root.path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, bytes: Array(text.utf8))
    }

    func write(_ relative: String, bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func read(_ relative: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path + "/" + relative) ?? Data(), as: UTF8.self)
    }

    var vault: Vault { Vault(root: root) }
}
