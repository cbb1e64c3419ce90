package import HTTPTypes
import NIOHTTP1

/// How a request says it was sent ahead of a tap — a prefetch, prerender or preview — rather
/// than by a person. Browsers have spelt it four ways, and every path that classifies a
/// request (the answer from memory, hummingbird's, the extensions) reads all four through
/// this one reader:
///
/// - `Sec-Purpose: prefetch` (`prefetch;prerender`): the standard, Chrome 110+ and Safari 18+;
/// - `Purpose: prefetch`: Chrome before it, and other Chromium browsers still;
/// - `X-Moz: prefetch`: Firefox;
/// - `X-Purpose: preview`: Safari's Top Sites previews.
///
/// The value of the first header present is the purpose; ``ClickClassifier`` counts any
/// value naming `prefetch`, `prerender` or `preview` as a bot, so such a request never uses up
/// a link's visits.
package enum PrefetchPurpose {
  /// The header names, in the order they are read.
  package static let headerNames = ["sec-purpose", "purpose", "x-moz", "x-purpose"]

  private static let fieldNames: [HTTPField.Name] = [
    .named("Sec-Purpose"), .named("Purpose"), .named("X-Moz"), .named("X-Purpose"),
  ]

  /// The purpose a hummingbird request carries, if any.
  package static func value(of fields: HTTPFields) -> String? {
    for name in fieldNames {
      if let value = fields[name] { return value }
    }
    return nil
  }

  /// The purpose a request seen on the event loop carries, if any.
  static func value(of headers: HTTPHeaders) -> String? {
    for name in headerNames {
      if let value = headers.combinedValue(name) { return value }
    }
    return nil
  }
}

extension MemoryRequest {
  /// The request's prefetch purpose in any of its spellings (``PrefetchPurpose``).
  package var purpose: String? { PrefetchPurpose.value(of: headers) }
}
