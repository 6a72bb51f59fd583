import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded

/// What the routes answered.
struct TestResponse: Sendable {
    let head: HTTPResponse
    var status: HTTPResponse.Status { head.status }
    var headers: HTTPFields { head.headerFields }
    let body: ByteBuffer
}

/// Sends requests straight to the server's routes, without a socket, as a browser's would
/// arrive (`Host: localhost`, that is port 80). What HummingbirdTesting's router mode does,
/// without the HTTP client and TLS libraries that package brings to build.
struct RouterClient: Sendable {
    let responder: RouterResponder<BasicRequestContext>
    let logger = Logger(label: "vault.web.tests")

    init(router: Router<BasicRequestContext>) {
        responder = router.buildResponder()
    }

    /// Sends the request and hands the response to `check`.
    func execute<Result>(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil,
        _ check: (TestResponse) async throws -> Result
    ) async throws -> Result {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
            body: RequestBody(buffer: body ?? ByteBuffer())
        )
        let context = BasicRequestContext(source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: logger))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            response = Response(status: .internalServerError)
        }
        let collected = CollectedBody()
        try await response.body.write(collected)
        return try await check(TestResponse(head: response.head, body: await collected.bytes))
    }
}

extension RouterClient {
    /// Sends the request and returns the response.
    @discardableResult
    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil) async throws -> TestResponse {
        try await execute(uri: uri, method: method, headers: headers, body: body) { $0 }
    }
}

/// A response body, gathered.
private actor CollectedBody: ResponseBodyWriter {
    var bytes = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws { bytes.writeImmutableBuffer(buffer) }

    nonisolated func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
