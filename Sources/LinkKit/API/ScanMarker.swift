/// The scan marker: the query item `src=qr` that a printed code's link carries, so that
/// `linkgen serve` counts a request for it as a **scan** of that link rather than a click.
///
/// `linkgen make --qr … --count-scans`, `linkgen batch` and `linkgen sheet` with
/// `--count-scans`, and the console's "count scans" downloads add it to the link the code
/// holds. The server recognises the exact item `src=qr` (as written: no escapes, lower case),
/// counts the request as a scan, and drops the item before anything else reads the request: the
/// page, the cache, the `?qr=` image and the visit limit behave as for the link without it.
///
/// A scan that opens the installed app directly never reaches the server. The parser reports
/// the marker among ``ParsedLink/ignoredQueryItems`` (the route does not declare it), so the
/// app can tell, with ``isMarked(_:)``, and report the open itself.
///
/// A route whose universal template has a query item named `src` reads `src=qr` as its own
/// value: the marker does not fit it (``fits(_:)``), the server does not recognise it on that
/// route's links, and the commands refuse `--count-scans` for it.
///
/// ```swift
/// ScanMarker.adding(to: "https://openlist.example.com/s/k7m2xq9rtb4h")
/// // "https://openlist.example.com/s/k7m2xq9rtb4h?src=qr"
/// ScanMarker.adding(to: "https://photos.example.com/albums?albumname=Trip")
/// // "https://photos.example.com/albums?albumname=Trip&src=qr"
/// ```
public enum ScanMarker {
  /// The marker's query item name, `src`.
  public static let name = "src"
  /// The marker's value, `qr`.
  public static let value = "qr"
  /// The marker as written in a link: `src=qr`.
  public static let item = "src=qr"

  /// The link with the marker added as its last query item: after `?` when the link has no
  /// query, after `&` otherwise (before a fragment, if any). A link that already carries it is
  /// returned unchanged, so the marker is never doubled.
  public static func adding(to link: String) -> String {
    let fragment = link.firstIndex(of: "#")
    let beforeFragment = fragment.map { link[..<$0] } ?? link[...]
    let rest = fragment.map { link[$0...] } ?? ""
    guard let question = beforeFragment.firstIndex(of: "?") else {
      return beforeFragment + "?" + item + rest
    }
    let query = beforeFragment[beforeFragment.index(after: question)...]
    if query.split(separator: "&", omittingEmptySubsequences: false).contains(item[...]) {
      return link
    }
    let separator = query.isEmpty || query.hasSuffix("&") ? "" : "&"
    return beforeFragment + separator + item + rest
  }

  /// Whether the marker fits the route's links: `false` when the route's universal template
  /// has a query item named `src`, which would read the marker as its value.
  public static func fits(_ route: Route) -> Bool {
    !route.universalPattern.query.contains { $0.name == name }
  }

  /// Why codes of the route's `link` cannot carry the marker, or `nil` when they can: only the
  /// universal link reaches `linkgen serve`, and a route that declares `src` would read the
  /// marker as its own value. For `--count-scans`'s usage errors.
  package static func problem(route: Route, link: LinkSet.Key) -> String? {
    if link != .universal {
      return "--count-scans marks the universal link, the one linkgen serve answers; the "
        + "\(link.rawValue) link never reaches the server, so its scans cannot be counted"
    }
    if !fits(route) {
      return "--count-scans cannot mark the route '\(route.name)': its universal link has a "
        + "query item named 'src', which would read the scan marker src=qr as its value"
    }
    return nil
  }

  /// Whether a parsed link carries the marker (the route does not declare `src`, and
  /// `src=qr` is among its ignored query items): a printed code, scanned.
  public static func isMarked(_ link: ParsedLink) -> Bool {
    link.ignoredQueryItems.contains { $0.name == name && $0.value == value }
  }

  /// The request target (a path and query, as sent) without the marker, or `nil` when it does
  /// not carry the exact item `src=qr`. Every copy of the item goes; the other items stay as
  /// sent, in order; a query left empty goes with its `?`. A target without `?` costs one scan
  /// of its bytes for `?`.
  package static func removing(from target: String) -> String? {
    let bytes = target.utf8
    guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return nil }
    let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
    guard question < end else { return nil }
    let query = target[target.index(after: question)..<end]
    guard query.contains(item) else { return nil }
    let items = query.split(separator: "&", omittingEmptySubsequences: false)
    guard items.contains(item[...]) else { return nil }
    let kept = items.filter { $0 != item[...] }
    return target[..<question] + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
      + target[end...]
  }
}
