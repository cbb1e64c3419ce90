import Foundation
import LinkKit

/// A problem with one field, as a sentence.
struct FieldProblem: Error {
  var message: String
}

/// The old short link of an export row, and the path it keeps.
enum ShortLinkURL {
  /// The path of `https://<domain>/<path>` when the host is `domain` (with its path prefix, if
  /// it has one) or, without a domain, one of the table's domains.
  static func keptPath(_ link: String, domain: String?, table: RouteTable) -> Result<
    String, FieldProblem
  > {
    guard !link.isEmpty else { return .failure(FieldProblem(message: "the short link is empty")) }
    guard let url = URLComponents(string: link), let scheme = url.scheme?.lowercased(),
      scheme == "https" || scheme == "http", let host = url.host?.lowercased(), !host.isEmpty
    else {
      return .failure(FieldProblem(message: "the short link is not an http(s) URL"))
    }
    let path = url.percentEncodedPath
    if host.hasSuffix(".page.link") || host.hasSuffix(".app.goo.gl") {
      return .failure(
        FieldProblem(message: "\(host) is Google's domain: its links cannot move to linkgen")
      )
    }
    if let domain {
      let (domainHost, prefix) = split(domain)
      guard host == domainHost, prefix.isEmpty || path.hasPrefix(prefix + "/") else {
        return .failure(FieldProblem(message: "the short link is not on --domain \(domain)"))
      }
    } else if !table.app.domains.contains(where: { $0.lowercased() == host }) {
      return .failure(
        FieldProblem(
          message:
            "\(host) is not a domain of the route table (\(table.app.domains.joined(separator: ", "))); "
            + "pass --domain for a file of another domain"
        )
      )
    }
    guard url.percentEncodedQuery == nil, url.fragment == nil, path.count > 1 else {
      return .failure(FieldProblem(message: "the short link must be a path with no query"))
    }
    return .success(path)
  }

  /// `example.com/link` → (`example.com`, `/link`).
  static func split(_ domain: String) -> (String, String) {
    guard let slash = domain.firstIndex(of: "/") else { return (domain, "") }
    var prefix = String(domain[slash...])
    while prefix.hasSuffix("/") { prefix.removeLast() }
    return (String(domain[..<slash]), prefix)
  }

  /// The form a short link is matched in between files: scheme and host lower-cased, no
  /// trailing `/`.
  static func normalized(_ link: String) -> String {
    guard let url = URLComponents(string: link.trimmingCharacters(in: .whitespaces)),
      let scheme = url.scheme, let host = url.host
    else { return link }
    var path = url.percentEncodedPath
    while path.hasSuffix("/") { path.removeLast() }
    return "\(scheme.lowercased())://\(host.lowercased())\(path)"
  }
}

/// A route's values as text, as `linkgen make` takes them.
enum RouteArguments {
  static func text(_ values: RouteValues) -> [String: String] {
    var arguments: [String: String] = [:]
    for (parameter, value) in values.all {
      if let value { arguments[parameter.name] = value.description }
    }
    return arguments
  }
}

/// Creation times as exports write them.
enum Timestamp {
  /// ISO 8601 (`2021-03-04T05:06:07Z`, with fractional seconds or an offset), the same with a
  /// space for `T` and no zone (read as UTC), or seconds (milliseconds past 10^11) since 1970.
  static func date(_ text: String) -> Date? {
    let text = text.trimmingCharacters(in: .whitespaces)
    if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber),
      let number = Int64(text)
    {
      return Date(
        timeIntervalSince1970: number > 100_000_000_000 ? Double(number) / 1000 : Double(number)
      )
    }
    var iso = text.replacingOccurrences(of: " ", with: "T")
    if iso.count == 19 { iso += "Z" }
    if let date = try? Date(iso, strategy: .iso8601) { return date }
    return try? Date(iso, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
  }
}
