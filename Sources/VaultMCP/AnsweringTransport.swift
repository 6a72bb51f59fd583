import Foundation
import Logging
import MCP

/// Standard input and output that, once the input ends, waits until every request it read
/// has been answered; and that hands the server each call's arguments as sent
/// (`ExactArguments`), and the client each result as the tools gave it (`ExactResults`). The server handles each request in a task of its own and stops
/// reading at the end of input, so requests piped in at once (a script, `printf … | vault
/// mcp`) would otherwise end with the process before their answers, a write half done.
actor AnsweringTransport: Transport {
    private let inner = StdioTransport()
    /// The requests read and not yet answered, by id: how many with each (a client may
    /// reuse one).
    private var unanswered: [ID: Int] = [:]
    private var inputEnded = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    nonisolated var logger: Logger { inner.logger }

    func connect() async throws { try await inner.connect() }

    func disconnect() async { await inner.disconnect() }

    func send(_ data: Data) async throws {
        try await inner.send(ExactResults.restoring(data))
        if let message = Self.message(in: data), message.method == nil, let id = message.id { answered(id) }
        resumeIfDone()
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        let (stream, continuation) = AsyncThrowingStream<Data, Swift.Error>.makeStream()
        let input = Task { await inner.receive() }
        Task {
            do {
                for try await data in await input.value {
                    noteRequest(in: data)
                    continuation.yield(ExactArguments.wrapping(data))
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

    /// Counts a request the server will answer from a task of its own, as it reads one: a
    /// JSON-RPC 2.0 object with a method and an id it takes (a string or an integer), and no
    /// result or error (which would make it an answer). A batch is answered before the next message
    /// is read, and a message the server cannot read before it reads on. A cancelled
    /// request may go unanswered.
    private func noteRequest(in data: Data) {
        guard let message = Self.message(in: data), let method = message.method else { return }
        if method == "notifications/cancelled", let id = message.params?.objectValue?["requestId"].flatMap(Self.id) {
            answered(id)
        } else if let id = message.id, message.isJSONRPC2, !message.isAnswer {
            unanswered[id, default: 0] += 1
        }
    }

    private func answered(_ id: ID) {
        guard let count = unanswered[id] else { return }
        unanswered[id] = count > 1 ? count - 1 : nil
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

    /// What the transport looks at in one message (not a batch).
    private struct Envelope: Decodable {
        var id: ID?
        var method: String?
        var params: Value?
        var isAnswer = false
        var isJSONRPC2 = false

        enum CodingKeys: String, CodingKey { case jsonrpc, id, method, params, result, error }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try? container.decodeIfPresent(ID.self, forKey: .id)
            method = try? container.decodeIfPresent(String.self, forKey: .method)
            params = try? container.decodeIfPresent(Value.self, forKey: .params)
            isAnswer = container.contains(.result) || container.contains(.error)
            isJSONRPC2 = (try? container.decodeIfPresent(String.self, forKey: .jsonrpc)) == "2.0"
        }
    }

    private static func message(in data: Data) -> Envelope? {
        try? JSONDecoder().decode(Envelope.self, from: data)
    }

    private static func id(_ value: Value) -> ID? {
        if let text = value.stringValue { return .string(text) }
        if let number = value.intValue { return .number(number) }
        return nil
    }
}
