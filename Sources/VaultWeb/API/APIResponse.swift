import Foundation
import Hummingbird
import NIOCore
import VaultKit

/// JSON answers and the errors of the API: every failure is a 4xx or 5xx with
/// `{"error": "message"}`, never a crash.
enum APIResponse {
    static func json(_ status: HTTPResponse.Status = .ok, _ write: (inout JSONWriter) -> Void) -> Response {
        var json = JSONWriter()
        write(&json)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: json.bytes))
        )
    }

    static func error(_ status: HTTPResponse.Status, _ message: String, extra: ((inout JSONWriter) -> Void)? = nil) -> Response {
        json(status) { json in
            json.beginObject()
            json.key("error"); json.string(message)
            extra?(&json)
            json.endObject()
        }
    }

    /// The status and body for an error a handler threw.
    static func failure(_ error: any Error) -> Response {
        switch error {
        case let error as VaultError:
            return self.error(error.httpStatus, error.errorDescription ?? "\(error)") { json in
                if case .tagExists = error { json.key("exists"); json.bool(true) }
                if let suggestion = error.suggestion { writeSuggestion(suggestion, to: &json) }
            }
        case let error as APIError:
            return self.error(error.status, error.message)
        case let error as QueryError:
            return queryError(error)
        case is DecodingError:
            return self.error(.badRequest, "the request body is not the JSON this endpoint takes")
        default:
            return self.error(.internalServerError, "\(error)")
        }
    }

    /// `"suggestion": {"kind", "folder"?, "sources"?, "into"?}`: what the user can do, for the page to offer.
    private static func writeSuggestion(_ suggestion: Suggestion, to json: inout JSONWriter) {
        json.key("suggestion"); json.beginObject()
        json.key("kind"); json.string(suggestion.kind)
        switch suggestion {
        case .createFolder(let folder):
            json.key("folder"); json.string(folder)
        case .mergeTagsAgain(let sources, let target):
            json.key("sources"); json.strings(sources)
            json.key("into"); json.string(target)
        default: break
        }
        json.endObject()
    }

    /// A malformed query: the message and its place, and the caret display.
    static func queryError(_ error: QueryError) -> Response {
        json(.badRequest) { json in
            json.beginObject()
            json.key("error"); json.string(error.errorDescription)
            json.key("message"); json.string(error.message)
            json.key("line"); json.number(error.line)
            json.key("column"); json.number(error.column)
            json.key("display"); json.string(error.rendered)
            json.endObject()
        }
    }
}

/// A request the API refuses, with its status.
struct APIError: Error {
    var status: HTTPResponse.Status
    var message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }
}

extension Request {
    /// The JSON body decoded as `T` (at most 16 MB).
    func decode<T: Decodable>(_ type: T.Type) async throws -> T {
        let buffer = try await body(upTo: 16 << 20)
        return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
    }

    /// The whole body; a larger one is 413 with the limit, not NIO's error as a 500.
    func body(upTo limit: Int) async throws -> ByteBuffer {
        do {
            return try await body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "the request body is larger than \(limit >> 20) MB; nothing was changed")
        }
    }
}
