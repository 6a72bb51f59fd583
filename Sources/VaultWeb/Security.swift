import Foundation
import HTTPTypes
import Hummingbird
import VaultPlatform

/// What a request must show before the server answers it (docs/web-app.md, security):
///
/// - its `Host` names the bound address (or `localhost` on a loopback address), so a page
///   elsewhere cannot reach the server by DNS rebinding;
/// - beyond the loopback interface, the server's token (header, cookie or `?token=` once);
/// - for anything that changes the vault: same origin (an `Origin` header, when sent, is
///   this server) and the page's CSRF token in `X-CSRF-Token`.
///
/// Every response carries a Content-Security-Policy without inline script, `nosniff`, and
/// no framing.
struct AccessPolicy: Sendable {
    let options: ServeOptions
    /// The page's CSRF token: random for each server start.
    let csrfToken: String

    static let contentSecurityPolicy = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        + "connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    /// The `Host` values this server answers to: the address it listens on (for 0.0.0.0
    /// or `::`, every address and the name of the machine, which is what a browser on
    /// another machine sends), `localhost` on loopback, and the names of `--allow-host`.
    /// Any other is refused, so that a page elsewhere cannot reach the server through a
    /// name it controls (DNS rebinding).
    let allowedHosts: Set<String>
    /// The names of `--allow-host`, on any port: a proxy in front names its own port, or
    /// none (`Host: notes.example`).
    let allowedNames: Set<String>

    init(options: ServeOptions, csrfToken: String) {
        self.options = options
        self.csrfToken = csrfToken
        var names = [options.host] + options.allowedNames
        if options.isLoopback { names.append("localhost") }
        if options.isEveryInterface {
            names += Syscalls.interfaceAddresses() + ["localhost"]
            if let machine = Syscalls.hostName() { names += [machine, machine + ".local"] }
        }
        allowedNames = Set(options.allowedNames.map { $0.lowercased() })
        allowedHosts = Set(names.map { name in
            let bracketed = name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name
            return "\(bracketed):\(options.port)".lowercased()
        })
    }

    /// Why `request` is refused, or nil when it may go on.
    func refusal(for request: Request) -> Response? {
        // A second `Host` (the first became the authority) could make a proxy and this
        // server disagree on which host was asked for: refused.
        guard request.headers[values: Self.hostHeader].isEmpty else {
            return APIResponse.error(.badRequest, "a request names one host (two Host headers were sent)")
        }
        guard let host = request.head.authority?.lowercased(), answers(to: host) else {
            return APIResponse.error(.misdirectedRequest, "this server answers only to \(allowedHosts.sorted().joined(separator: " or "))")
        }
        if !options.isLoopback, let token = options.token, !hasToken(token, request) {
            return APIResponse.error(.unauthorized, "this server needs its token (Authorization: Bearer TOKEN, or open the URL it printed)")
        }
        guard changesSomething(request) else { return nil }
        if let origin = request.headers[.origin], !Self.isSameOrigin(origin, host: host) {
            return APIResponse.error(.forbidden, "cross-origin requests may not change the vault")
        }
        guard let sent = request.headers[csrfHeader], ConstantTime.equal(sent, csrfToken) else {
            return APIResponse.error(.forbidden, "missing or wrong X-CSRF-Token (GET /api/csrf gives it)")
        }
        return nil
    }

    /// `host` with its port: a `Host` without one names port 80, as HTTP says.
    static func withPort(_ host: String) -> String {
        let hasPort = host.hasPrefix("[") ? host.contains("]:") : host.contains(":")
        return hasPort ? host : host + ":80"
    }

    /// True when a request whose `Host` is `host` (lowercased) is for this server.
    func answers(to host: String) -> Bool {
        allowedHosts.contains(Self.withPort(host)) || allowedNames.contains(Self.name(of: host))
    }

    /// `host` without its port (`[::1]:80` → `[::1]`).
    static func name(of host: String) -> String {
        if host.hasPrefix("[") { return host.firstIndex(of: "]").map { String(host[...$0]) } ?? host }
        return host.split(separator: ":", maxSplits: 1).first.map(String.init) ?? host
    }

    /// True when `origin` (`http://host:port`, or `https://` through a proxy that ends TLS)
    /// is this server as `host` named it.
    static func isSameOrigin(_ origin: String, host: String) -> Bool {
        let origin = origin.lowercased()
        for scheme in ["http://", "https://"] where origin.hasPrefix(scheme) {
            return withPort(String(origin.dropFirst(scheme.count))) == withPort(host)
        }
        return false
    }

    private var csrfHeader: HTTPField.Name { HTTPField.Name("X-CSRF-Token")! }
    private static let hostHeader = HTTPField.Name("Host")!

    private func changesSomething(_ request: Request) -> Bool {
        ![.get, .head, .options].contains(request.method)
    }

    /// Every place a token may come in is compared, each in constant time.
    private func hasToken(_ token: String, _ request: Request) -> Bool {
        var found = false
        if let authorization = request.headers[.authorization] { found = ConstantTime.equal(authorization, "Bearer \(token)") || found }
        if let query = request.uri.queryParameters["token"] { found = ConstantTime.equal(String(query), token) || found }
        let cookies = request.headers[values: .cookie].flatMap { $0.split(separator: ";") }
        for cookie in cookies {
            found = ConstantTime.equal(cookie.trimmingCharacters(in: .whitespaces), "vault_token=\(token)") || found
        }
        return found
    }

    /// Headers every response gets.
    func secure(_ response: inout Response, request: Request) {
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[.cacheControl] = response.headers[.cacheControl] ?? "no-store"
        // A token given in the URL is kept in a cookie, so that the page's own requests carry it.
        if !options.isLoopback, let token = options.token, let sent = request.uri.queryParameters["token"], ConstantTime.equal(String(sent), token) {
            response.headers[.setCookie] = "vault_token=\(token); Path=/; HttpOnly; SameSite=Strict"
        }
    }
}

/// Applies `AccessPolicy` to every request.
struct SecurityMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: AccessPolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        if let refusal = policy.refusal(for: request) {
            response = refusal
        } else {
            do {
                response = try await next(request, context)
            } catch let error as HTTPError {
                response = APIResponse.error(error.status, error.body ?? error.status.reasonPhrase)
            } catch {
                response = APIResponse.failure(error)
            }
        }
        policy.secure(&response, request: request)
        return response
    }
}

/// One line per request on stderr: method, path, status, time.
struct RequestLog<Context: RequestContext>: RouterMiddleware {
    let log: @Sendable (String) -> Void

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        log("\(request.method) \(request.uri.path) \(response.status.code) \(String(format: "%.1f", milliseconds)) ms")
        return response
    }
}
