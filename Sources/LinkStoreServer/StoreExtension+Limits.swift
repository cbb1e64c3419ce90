import Foundation
import HTTPTypes
import Hummingbird
import LinkKit
import LinkPages
import LinkServer
import LinkStore
import Logging
import NIOCore

// API keys, client addresses and rate limits.

extension StoreExtension {
  /// Why a request's key is refused, as the answer to send.
  struct Refusal: Error {
    let response: Response
  }

  /// The key of `Authorization: Bearer <key>` when it is valid; otherwise 401 (no key, or a
  /// wrong, revoked or malformed one: the same answer) or 503 (no database).
  func authenticate(_ request: Request, scope: KeyScope) async -> Result<APIKey, Refusal> {
    var challenge = HTTPFields()
    challenge[.wwwAuthenticate] = "Bearer realm=\"linkgen\""
    guard let header = request.headers[.authorization] else {
      return .failure(
        Refusal(
          response: APIResponses.error(
            .unauthorized,
            "unauthorized",
            "this endpoint needs an API key with the scope \(scope.rawValue): "
              + "Authorization: Bearer lgk_… (linkgen keys create)",
            headers: challenge
          )
        )
      )
    }
    let presented = header.hasPrefix("Bearer ") ? Self.trimmed(header.dropFirst(7)) : ""
    let key: APIKey?
    do throws(StoreError) {
      // A key verified a moment ago is not read again (StoreOptions.keyCacheTTL).
      key = try await store.authenticate(presented, cached: true)
      health.succeeded()
    } catch {
      health.failed(error)
      return .failure(Refusal(response: APIResponses.error(error)))
    }
    guard let key else {
      return .failure(
        Refusal(
          response: APIResponses.error(
            .unauthorized,
            "unauthorized",
            "the API key is not valid (wrong, revoked or malformed)",
            headers: challenge
          )
        )
      )
    }
    return .success(key)
  }

  /// `text` without the spaces and tabs around it.
  static func trimmed(_ text: Substring) -> String {
    let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
    let utf8 = text.utf8
    guard let start = utf8.firstIndex(where: { !blank($0) }),
      let end = utf8.lastIndex(where: { !blank($0) })
    else { return "" }
    return String(text[start...end])
  }

  /// The client's address: the connection's, or the last `X-Forwarded-For` entry when the
  /// proxy in front is trusted.
  func address(_ request: Request, _ context: LinkRequestContext) -> String {
    address(request.headers[Self.forwardedFor], context.remoteAddress)
  }

  func address(_ forwardedFor: String?, _ remoteAddress: SocketAddress?) -> String {
    if let last = trustedForwardedFor(forwardedFor) { return "ip:" + last }
    return "ip:" + (remoteAddress?.ipAddress ?? "unknown")
  }

  /// The entry the proxy in front added to `X-Forwarded-For` (the last), when it is trusted.
  func trustedForwardedFor(_ header: String?) -> Substring? {
    guard settings.trustForwardedFor, let last = header?.split(separator: ",").last else {
      return nil
    }
    return Substring(last.trimmingCharacters(in: .whitespaces))
  }

  /// 429 when the client is over its limit.
  func limit(_ limiter: RateLimiter, _ client: String) -> Response? {
    guard let decision = limiter.take(client), !decision.allowed else { return nil }
    return Self.tooManyRequests(decision)
  }

  /// 429 with `RateLimit-*` and `Retry-After`.
  static func tooManyRequests(_ decision: RateLimiter.Decision) -> Response {
    var headers = HTTPFields()
    addRateLimitHeaders(decision, to: &headers)
    headers[.retryAfter] = String(decision.reset)
    return APIResponses.error(
      .tooManyRequests,
      "rateLimited",
      "too many requests: at most \(decision.limit) a minute; try again in \(decision.reset) s",
      headers: headers
    )
  }

  /// `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds).
  static func addRateLimitHeaders(_ decision: RateLimiter.Decision, to headers: inout HTTPFields) {
    headers[rateLimitLimit] = String(decision.limit)
    headers[rateLimitRemaining] = String(decision.remaining)
    headers[rateLimitReset] = String(decision.reset)
  }

  static func shown(_ code: String) -> String {
    String(code.unicodeScalars.prefix(64).filter { $0.value >= 0x20 && $0.value < 0x7F })
  }
}
