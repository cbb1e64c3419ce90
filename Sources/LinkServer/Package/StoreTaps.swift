package import HTTPTypes
package import Hummingbird
package import LinkKit

/// A visitor's tap on a landing page's store button, as the browser reports it: the page's
/// store links carry a `ping` attribute (hyperlink auditing), so the browser sends
/// `POST /_linkgen/store-tap/<store>?route=<route>[&code=<short code>]` with the body `PING`
/// when the visitor follows one. No script, no redirect: the link itself still goes straight
/// to the store, the Play Store link with the deep link in its install referrer.
///
/// Browsers that send pings: Chrome and the Chromium browsers, Safari. Firefox does not by
/// default (and in-app web views were not checked), so the count is a lower bound.
package struct StoreTap: Sendable, Hashable {
  /// Which store button.
  package enum Store: String, Sendable, Hashable, CaseIterable {
    /// The App Store button (on iOS it also copied the link for the app to restore).
    case appStore = "app-store"
    /// The Google Play button, whose link carries the deep link in its install referrer.
    case playStore = "play"
  }

  /// Which store button.
  package let store: Store
  /// The route of the page (a route of the table).
  package let route: String
  /// The short link's code, when the page was a short link's; only its form is checked here
  /// (3–64 characters of `a`–`z`, `0`–`9`, `-`), not that it exists.
  package let code: String?
  /// Who sent the ping.
  package let client: ClientClassification

  /// The path prefix the pings go to; no route's universal link can start with it, since a
  /// route's path segments never start with `_linkgen`.
  package static let pathPrefix = "/_linkgen/store-tap/"

  /// The ping path of a store button for a page of `route` (and a short link's `code`).
  package static func pingPath(_ store: Store, route: String, code: String? = nil) -> String {
    // Route names and codes are lower-case letters, digits and '-': nothing to encode.
    pathPrefix + store.rawValue + "?route=" + route + (code.map { "&code=" + $0 } ?? "")
  }

  /// Reads a ping request: `POST <prefix><store>?route=<name>[&code=<code>]`, a route of the
  /// table, a well-formed code, nothing else in the query. `nil` for anything else.
  ///
  /// - Parameters:
  ///   - method: The request's method; only `POST` (what browsers send for a ping) is a tap.
  ///   - target: The request target as sent (path and query).
  ///   - userAgent: The `User-Agent` header, for the client's classification (not kept).
  ///   - table: The route table the route name must belong to.
  package static func read(
    method: HTTPRequest.Method,
    target: String,
    userAgent: String?,
    table: RouteTable
  ) -> StoreTap? {
    guard method == .post, target.hasPrefix(pathPrefix), target.utf8.count <= 512 else {
      return nil
    }
    let rest = target.dropFirst(pathPrefix.count)
    let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, let store = Store(rawValue: String(parts[0])) else { return nil }
    var route: String?
    var code: String?
    for item in parts[1].split(separator: "&", omittingEmptySubsequences: false) {
      let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard pair.count == 2 else { return nil }
      let value = String(pair[1])
      switch pair[0] {
      case "route" where route == nil: route = value
      case "code" where code == nil: code = value
      default: return nil
      }
    }
    guard let route, table.route(named: route) != nil else { return nil }
    if let code, !isCode(code) { return nil }
    return StoreTap(
      store: store,
      route: route,
      code: code,
      client: ClientClassification(userAgent: userAgent, method: method)
    )
  }

  /// 3–64 characters of `a`–`z`, `0`–`9`, `-`: the shape of generated codes and slugs.
  static func isCode(_ text: String) -> Bool {
    (3...64).contains(text.utf8.count)
      && text.utf8.allSatisfy {
        (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D
      }
  }
}

/// The `linkgen serve` extension that answers store-button pings (``StoreTap``) and hands each
/// valid one to `record`; with it in ``LinkServer/Configuration/extensions``, landing pages
/// carry the pings. A ping is answered `204` whether or not it was valid (a browser ignores
/// the answer); a method other than `POST` gets `405`.
///
/// ```swift
/// configuration.maximumRequestBodySize = max(configuration.maximumRequestBodySize, 64)  // "PING"
/// configuration.extensions.append(StoreTapCounter { tap, request in
///   store.record(ClickEvent(kind: .storeTap, route: tap.route, code: tap.code, …))
/// })
/// ```
package struct StoreTapCounter: LinkServerExtension {
  /// Called for each valid tap, on the request's task: it must not wait. The request is
  /// there for a bot classifier's headers (user agent, `Sec-Purpose`); keep none of it.
  package let record: @Sendable (StoreTap, Request) -> Void

  package init(record: @escaping @Sendable (StoreTap, Request) -> Void) {
    self.record = record
  }

  package var pathPrefixes: [String] { [StoreTap.pathPrefix] }

  package func respond(
    to request: Request,
    context: LinkRequestContext,
    server: LinkServerContext
  ) async throws -> ExtensionResponse {
    guard request.method == .post else {
      return ExtensionResponse(
        Response(status: .methodNotAllowed, headers: [.allow: "POST"]),
        endpoint: "store_tap"
      )
    }
    let tap = StoreTap.read(
      method: request.method,
      target: request.head.path ?? "",
      userAgent: request.headers[.userAgent],
      table: server.table
    )
    if let tap { record(tap, request) }
    return ExtensionResponse(
      Response(status: .noContent),
      endpoint: "store_tap",
      route: tap?.route
    )
  }
}
