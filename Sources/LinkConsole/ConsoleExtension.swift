import Foundation
import HTTPTypes
package import Hummingbird
import LinkKit
package import LinkServer
package import LinkStore
import NIOCore

/// The console at `/console` on `linkgen serve`: sign-in with a `console` key, sessions, the
/// overview, the links, a link's page, the new-link form and CSV exports (docs/console.md).
package struct ConsoleExtension: LinkServerExtension {
  /// How the console behaves.
  package struct Settings: Sendable {
    /// `Secure` cookies with the `__Host-` prefix (off with `--insecure-console-cookies`).
    package var secureCookies = true
    /// A session unused this long (seconds) ends.
    package var idleTimeout: Int64 = 60 * 60
    /// A session ends this long (seconds) after sign-in, used or not.
    package var absoluteTimeout: Int64 = 12 * 60 * 60
    /// Sign-in attempts per client address per minute; 0 for no limit.
    package var signInAttemptsPerMinute = 10
    /// Take the client's address from the last `X-Forwarded-For` entry.
    package var trustForwardedFor = false
    /// Links per page of the list.
    package var pageSize = 50

    package init() {}
  }

  let store: LinkStore
  let settings: Settings
  let sessions: any ConsoleSessionStore
  let data: any ConsoleData
  let cookie: SessionCookie
  let limiter: AttemptLimiter

  package init(
    store: LinkStore,
    settings: Settings,
    sessions: (any ConsoleSessionStore)? = nil,
    data: (any ConsoleData)? = nil
  ) {
    self.store = store
    self.settings = settings
    self.sessions =
      sessions
      ?? StoreSessionStore(
        store: store,
        idle: settings.idleTimeout,
        absolute: settings.absoluteTimeout
      )
    self.data = data ?? StoreConsoleData(store: store)
    cookie = SessionCookie(secure: settings.secureCookies)
    limiter = AttemptLimiter(limit: settings.signInAttemptsPerMinute)
  }

  package var pathPrefixes: [String] { ["/console"] }

  package func respond(
    to request: Request,
    context: LinkRequestContext,
    server: LinkServerContext
  ) async throws -> ExtensionResponse {
    let target = request.head.path ?? ""
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = parts[0]
    guard path == "/console" || path.hasPrefix("/console/") else {
      return ExtensionResponse(server.notFound(request), endpoint: "not_found")
    }
    let call = ConsoleCall(
      request: request,
      route: String(path.dropFirst("/console".count)),
      query: FormData(parts.count > 1 ? parts[1] : ""),
      strings: ConsoleStrings.choose(request.headers[.acceptLanguage]),
      now: Date()
    )
    switch call.route {
    case "/style.css": return ExtensionResponse(Self.stylesheet(request), endpoint: "console")
    case "/sign-in":
      return ExtensionResponse(await signIn(call, context), endpoint: "console_sign_in")
    default: break
    }
    guard let session = await session(for: request, now: call.now) else {
      var response = ConsoleResponses.redirect("/console/sign-in")
      if cookie.token(in: request.headers[.cookie]) != nil {
        response.headers[.setCookie] = cookie.clearing
      }
      return ExtensionResponse(response, endpoint: "console")
    }
    return ExtensionResponse(
      await signedIn(call, session, server),
      endpoint: "console",
      route: nil
    )
  }

  /// The session the request's cookie names, when it is live: not past its idle or absolute
  /// expiry, and its key not revoked (an expired session is deleted).
  func session(for request: Request, now: Date) async -> SignedIn? {
    guard let token = cookie.token(in: request.headers[.cookie]) else { return nil }
    let time = Int64(now.timeIntervalSince1970)
    let hash = token.hash
    do {
      guard let record = try await sessions.find(hash, at: time) else { return nil }
      let expired =
        time - record.lastSeenAt >= settings.idleTimeout
        || time - record.createdAt >= settings.absoluteTimeout
      guard !expired else {
        try await sessions.delete(hash)
        return nil
      }
      if time - record.lastSeenAt >= 60 { try await sessions.touch(hash, at: time) }
      return SignedIn(token: token, keyID: record.keyID)
    } catch {
      return nil
    }
  }

  /// The client's address, for the sign-in limit.
  func address(_ request: Request, _ context: LinkRequestContext) -> String {
    if settings.trustForwardedFor,
      let last = request.headers[.named("X-Forwarded-For")]?.split(separator: ",").last
    {
      return last.trimmingCharacters(in: .whitespaces)
    }
    return context.remoteAddress?.ipAddress ?? "unknown"
  }

  static func stylesheet(_ request: Request) -> Response {
    let etag = "\"\(ConsoleAssets.stylesheetVersion)\""
    var headers = HTTPFields()
    headers[.contentType] = "text/css; charset=utf-8"
    headers[.cacheControl] = "private, max-age=31536000, immutable"
    headers[.eTag] = etag
    if request.headers[.ifNoneMatch] == etag {
      return Response(status: .notModified, headers: headers)
    }
    headers[.contentLength] = String(ConsoleAssets.stylesheetBytes.count)
    return Response(
      status: .ok,
      headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: ConsoleAssets.stylesheetBytes))
    )
  }
}

/// One request to the console, as the pages see it.
struct ConsoleCall: Sendable {
  let request: Request
  /// The path after `/console` (`""`, `/links`, `/links/abc`).
  let route: String
  let query: FormData
  let strings: ConsoleStrings
  let now: Date
}

/// A live session.
struct SignedIn: Sendable {
  let token: SessionToken
  /// The id of the key that signed in.
  let keyID: String
}
