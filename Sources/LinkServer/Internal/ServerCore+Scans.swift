import LinkKit

// The scan marker (`src=qr`, LinkKit's `ScanMarker`): a request for a table link's landing page
// that carries it is answered as the link without it, and counted as a scan of its route
// instead of a click (the store's observer reads `RequestEvent.scan`). Short links are counted
// by the store itself (LinkStoreServer), which never reads their query.

extension ServerCore {
  /// The target to answer and the link it parses to: without the scan marker when the target
  /// carries it and the route it parses to fits it (its universal template has no `src` query
  /// item); as sent otherwise. A target without a query (`hasQuery` false) is parsed once, as
  /// sent, with no other work.
  func scanMarkerRemoved(_ target: String, hasQuery: Bool) -> (target: String, link: ParsedLink?) {
    guard target.utf8.first == UInt8(ascii: "/") else { return (target, nil) }
    guard hasQuery, Self.mayCarryMarker(target), let clean = ScanMarker.removing(from: target)
    else {
      return (target, try? table.parse(origin + target))
    }
    let link = try? table.parse(origin + clean)
    if let link, ScanMarker.fits(link.route) { return (clean, link) }
    // A route that declares `src` reads the marker as its own value.
    if let marked = try? table.parse(origin + target), !ScanMarker.fits(marked.route) {
      return (target, marked)
    }
    return (clean, link)
  }

  /// Whether an answered request was a scan: a landing page (`endpoint` `page`) whose target
  /// carries the scan marker, for a route the marker fits. Whether a person sent it is the
  /// observer's to decide (a bot's request with the marker is a bot's, not a scan).
  func isScan(target: String, endpoint: String, route: String?) -> Bool {
    guard endpoint == "page", let route, Self.mayCarryMarker(target),
      ScanMarker.removing(from: target) != nil, let declared = table.route(named: route)
    else { return false }
    return ScanMarker.fits(declared)
  }

  /// Whether the target's bytes hold `src=qr` anywhere: a target that does not (nearly every
  /// one, `?qr=png` included) needs no further look, and ``ScanMarker/removing(from:)``'s
  /// substring search (a generic one, slow on the request path) runs only when it does.
  static func mayCarryMarker(_ target: String) -> Bool {
    var target = target
    return target.withUTF8 { bytes in
      // Each `=` is where the marker's middle would be: "src" before it, "qr" after.
      var index = 3
      while index + 2 < bytes.count {
        if bytes[index] == UInt8(ascii: "="), bytes[index - 3] == UInt8(ascii: "s"),
          bytes[index - 2] == UInt8(ascii: "r"), bytes[index - 1] == UInt8(ascii: "c"),
          bytes[index + 1] == UInt8(ascii: "q"), bytes[index + 2] == UInt8(ascii: "r")
        {
          return true
        }
        index += 1
      }
      return false
    }
  }
}
