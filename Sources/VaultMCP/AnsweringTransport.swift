import Foundation
import Logging
import MCP

/// Standard input and output that, once the input ends, waits until every request it read
/// has been answered. The server handles each request in a task of its own and stops
/// reading at the end of input, so requests piped in at once (a script, `printf … | vault
/// mcp`) would otherwise end with the process before their answers, a write half done.
actor AnsweringTransport: Transport {
    private let inner = StdioTransport()
    /// The ids of requests read and not yet answered, as JSON.
    private var unanswered: Set<Data> = []
    private var inputEnded = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    nonisolated var logger: Logger { inner.logger }

    func connect() async throws { try await inner.connect() }

    func disconnect() async { await inner.disconnect() }

    func send(_ data: Data) async throws {
        try await inner.send(data)
        for id in Self.ids(in: data, requests: false) { unanswered.remove(id) }
        resumeIfDone()
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        let (stream, continuation) = AsyncThrowingStream<Data, Swift.Error>.makeStream()
        let input = Task { await inner.receive() }
        Task {
            do {
                for try await data in await input.value {
                    noteRequests(in: data)
                    continuation.yield(data)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
            endInput()
        }
        return stream
    }

    /// Returns once the input has ended and every request read has been answered.
    func allAnswered() async {
        guard !(inputEnded && unanswered.isEmpty) else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func noteRequests(in data: Data) {
        unanswered.formUnion(Self.ids(in: data, requests: true))
    }

    private func endInput() {
        inputEnded = true
        resumeIfDone()
    }

    private func resumeIfDone() {
        guard inputEnded && unanswered.isEmpty else { return }
        let resumed = waiting
        waiting = []
        for continuation in resumed { continuation.resume() }
    }

    /// The ids of the requests (with `method`) or answers (without) in one message or batch.
    private static func ids(in data: Data, requests: Bool) -> [Data] {
        let messages: [Any]
        switch try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
        case let batch as [Any]: messages = batch
        case let message?: messages = [message]
        case nil: return []
        }
        return messages.compactMap { message in
            guard let message = message as? [String: Any], let id = message["id"], !(id is NSNull),
                  (message["method"] != nil) == requests else { return nil }
            return try? JSONSerialization.data(withJSONObject: id, options: [.fragmentsAllowed])
        }
    }
}
