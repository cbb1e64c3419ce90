import LinkKit

/// Which iOS reads the file: the rules differ between iOS 13+ and older systems.
public enum AASAMatchMode: String, Sendable, Hashable, CaseIterable {
  /// iOS 13 and later (macOS 10.15+): a detail's `components` when present, otherwise its
  /// `paths`; apps from `appIDs` and `appID`.
  case modern
  /// iOS 12 and earlier: only details with an `appID` string, and only their `paths`
  /// (matched against the path, case-sensitively, as written).
  case legacy
}

/// Whether a URL opens an app according to an AASA file, and which rule decided.
///
/// ```swift
/// let match = file.match("https://openlist.example.com/account/settings")
/// match.matched    // false
/// match.excluded   // true
/// match.rulePath   // "applinks.details[0].components[0]"
/// ```
public struct AASAMatch: Sendable, Hashable {
  /// The URL as given.
  public let url: String
  /// Whether the URL opens an app.
  public let matched: Bool
  /// The apps it opens (empty when it opens none).
  public let appIDs: [String]
  /// The index of the detail whose rule decided, when one did.
  public let detail: Int?
  /// The index of the deciding rule in that detail's `components` (or `paths`, see
  /// ``rulePath``), when one did.
  public let rule: Int?
  /// The JSON path of the deciding rule: `applinks.details[0].components[3]`.
  public let rulePath: String?
  /// Whether an `exclude` rule (or a `NOT ` path) kept the URL out of the app.
  public let excluded: Bool
  /// A sentence saying why.
  public let reason: String
}

extension AASAFile {
  /// Decides whether a URL opens an app, as iOS does: the first detail whose first matching
  /// rule is not an exclusion claims it.
  ///
  /// - Parameters:
  ///   - url: An `https` URL, as written.
  ///   - domain: The domain that serves the file; the URL's host must equal it. `nil` accepts
  ///     any host (as if the file were served on the URL's own host).
  ///   - mode: Which iOS reads the file.
  public func match(_ url: String, domain: String? = nil, mode: AASAMatchMode = .modern)
    -> AASAMatch
  {
    let parts: URLParts
    do throws(MatchRefusal) {
      parts = try matchableParts(of: url, domain: domain)
    } catch {
      return unmatched(url, error.reason)
    }
    guard let decision = compiled.decide(parts, mode: mode) else {
      return unmatched(
        url,
        "no rule matches the URL"
          + (mode == .legacy ? " (iOS 12 and earlier: appID with paths)" : "")
      )
    }
    let path = rulePath(decision)
    let rule = ruleText(decision)
    if decision.exclude {
      return unmatched(url, "excluded by \(path) \(rule)", decision)
    }
    let apps = appIDs(of: decision.detail, mode: mode)
    return AASAMatch(
      url: url,
      matched: true,
      appIDs: apps,
      detail: decision.detail,
      rule: decision.rule,
      rulePath: path,
      excluded: false,
      reason: "\(path) \(rule) opens \(apps.joined(separator: ", "))"
    )
  }

  /// Why a URL cannot open an app by this file whatever its rules say.
  private struct MatchRefusal: Error {
    let reason: String
  }

  /// The parts of `url` when its rules decide: the file is one Apple accepts, with an
  /// `applinks` service simple enough to match, and the URL is an `https` URL on `domain`
  /// without user info or another port.
  private func matchableParts(of url: String, domain: String?) throws(MatchRefusal) -> URLParts {
    guard !isRejected else {
      let why = findings.errors.first.map { ": \($0.message)" } ?? ""
      throw MatchRefusal(reason: "Apple rejects this file\(why)")
    }
    guard url.utf8.count <= RouteTable.maximumURLLength else {
      throw MatchRefusal(
        reason: "the URL is \(url.utf8.count) bytes long; linkgen matches URLs of at most "
          + "\(RouteTable.maximumURLLength) bytes"
      )
    }
    guard let parts = URLParts(url) else {
      throw MatchRefusal(reason: "not an absolute URL (scheme://host/path)")
    }
    guard parts.scheme == "https" else {
      throw MatchRefusal(reason: "universal links are https URLs; this one is \(parts.scheme):")
    }
    guard !parts.hasUserInfo else {
      throw MatchRefusal(reason: "the URL has user info (user@), which universal links never have")
    }
    if let port = parts.port, !port.isEmpty, port != "443" {
      throw MatchRefusal(
        reason: "the URL has the port \(port); universal links use the default https port"
      )
    }
    if let expected = domain?.lowercased(), parts.host != expected {
      throw MatchRefusal(
        reason: "the host \(parts.host) is not \(expected), the domain that serves this file"
      )
    }
    guard appLinks != nil else { throw MatchRefusal(reason: "the file has no applinks service") }
    guard !compiled.isTooComplex else {
      throw MatchRefusal(
        reason: "linkgen does not match against this file: its patterns are too complex"
      )
    }
    return parts
  }

  private func unmatched(
    _ url: String,
    _ reason: String,
    _ decision: CompiledAppLinks.Decision? = nil
  ) -> AASAMatch {
    AASAMatch(
      url: url,
      matched: false,
      appIDs: [],
      detail: decision?.detail,
      rule: decision?.rule,
      rulePath: decision.map(rulePath),
      excluded: decision?.exclude ?? false,
      reason: reason
    )
  }

  private func appIDs(of detail: Int, mode: AASAMatchMode) -> [String] {
    guard let details = appLinks?.details, detail < details.count else { return [] }
    switch mode {
    case .modern: return details[detail].allAppIDs
    case .legacy: return details[detail].appID.map { [$0] } ?? []
    }
  }

  private func rulePath(_ decision: CompiledAppLinks.Decision) -> String {
    let list = decision.isPath ? "paths" : "components"
    return "applinks.details[\(decision.detail)].\(list)[\(decision.rule)]"
  }

  /// The rule as short JSON: `{"/": "/buy/*", "exclude": true}` or `"NOT /api/*"`.
  private func ruleText(_ decision: CompiledAppLinks.Decision) -> String {
    guard let detail = appLinks?.details[decision.detail] else { return "" }
    if decision.isPath {
      return detail.paths.map { JSONQuote.short($0[decision.rule]) } ?? ""
    }
    guard let component = detail.components?[decision.rule] else { return "" }
    var parts: [String] = []
    if let path = component.path { parts.append("\"/\": \(JSONQuote.short(path))") }
    switch component.query {
    case .pattern(let text)?: parts.append("\"?\": \(JSONQuote.short(text))")
    case .items(let items)?:
      let inner = items.map { "\(JSONQuote.short($0.name)): \(JSONQuote.short($0.pattern))" }
      parts.append("\"?\": {\(inner.joined(separator: ", "))}")
    case .ignored?: parts.append("\"?\": (ignored)")
    case nil: break
    }
    if let fragment = component.fragment { parts.append("\"#\": \(JSONQuote.short(fragment))") }
    if component.exclude == true { parts.append("\"exclude\": true") }
    return "{" + parts.joined(separator: ", ") + "}"
  }
}
