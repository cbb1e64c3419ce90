import CoreMetrics
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Hummingbird's responder for the server: answers through ``ServerCore``, then counts the
/// request, writes its log line and tells the extensions' observers.
struct LinkResponder: HTTPResponder {
  typealias Context = LinkRequestContext

  let core: ServerCore

  static let requestIDHeader = HTTPField.Name.named("X-Request-Id")
  static let forwardedFor = HTTPField.Name.named("X-Forwarded-For")

  func respond(to request: Request, context: Context) async throws -> Response {
    let start = NIODeadline.now()
    core.metrics.inFlight.increment()
    defer { core.metrics.inFlight.decrement() }
    let outcome = await core.answer(request, context: context)
    core.finish(
      method: request.method,
      target: request.head.path ?? "",
      requestID: { LogText.token(request.headers[Self.requestIDHeader]) ?? context.id },
      status: outcome.response.status.code,
      start: start,
      endpoint: outcome.endpoint,
      route: outcome.route,
      client: outcome.client,
      userAgent: request.headers[.userAgent],
      referrer: request.headers[.referer],
      purpose: PrefetchPurpose.value(of: request.headers),
      remoteAddress: context.remoteAddress,
      forwardedFor: request.headers[Self.forwardedFor]
    )
    return outcome.response
  }

  /// `0.123`: milliseconds with three decimals.
  static func milliseconds(_ nanoseconds: Int64) -> String {
    let micros = max(nanoseconds / 1000, 0)
    let fraction = String(micros % 1000)
    return "\(micros / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  /// The host of a `Referer` URL, lower case, when it is a plain host name.
  static func host(ofReferrer referrer: String?) -> String? {
    guard let referrer, let separator = referrer.firstRange(of: "://") else { return nil }
    let host = referrer[separator.upperBound...].prefix { $0 != "/" && $0 != ":" && $0 != "?" }
    guard !host.isEmpty, host.utf8.count <= 253,
      host.utf8.allSatisfy({ $0 < 0x80 && ($0 == 0x2D || $0 == 0x2E || $0.isAlphanumeric) })
    else { return nil }
    return host.lowercased()
  }
}

extension UInt8 {
  fileprivate var isAlphanumeric: Bool {
    (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
  }
}
