import Foundation
import VaultKit
import VaultPlatform

/// The Server-Sent Events of `GET /api/events`: every open page gets each change.
final class EventHub: Sendable {
    private let subscribers = Locked<[UUID: AsyncStream<String>.Continuation]>([:])

    /// A stream of events (already formatted as `event: …\ndata: …\n\n`) until the
    /// client goes away.
    func subscribe() -> AsyncStream<String> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(64))
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    /// Sends `data` (one line of JSON) as an event called `name` to every subscriber.
    func publish(_ name: String, data: String) {
        let event = "event: \(name)\ndata: \(data)\n\n"
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(event) }
    }

    /// Sends a change of the live index as the `change` event:
    /// `{"changed": [...], "added": [...], "removed": [...]}`.
    func publish(change: LiveIndex.Change) {
        var json = JSONWriter()
        json.beginObject()
        json.key("changed"); json.strings(change.changed)
        json.key("added"); json.strings(change.added)
        json.key("removed"); json.strings(change.removed)
        json.endObject()
        publish("change", data: json.output)
    }

    var count: Int { subscribers.withLock { $0.count } }
}
