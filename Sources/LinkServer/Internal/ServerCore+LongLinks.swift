import HTTPTypes
import Hummingbird
import LinkImport
import LinkKit
import LinkPages
import Logging

// What the server does with a request no server path, extension prefix or table route
// claims: a Firebase Dynamic Links long link (`/?link=…`) gets the landing page of the route
// its deep link parses to; a path shaped like an imported link's kept path (`/AbCd`) goes to
// the extension that keeps them (the store); anything else gets the 404 page.

extension ServerCore {
  /// The answer to a target the table does not parse.
  func unmatched(
    target: String,
    path: Substring,
    method: HTTPRequest.Method,
    userAgent: String?,
    acceptLanguage: String?
  ) -> Resolution {
    let notFound = Resolution.ready(
      self.notFound.page(for: acceptLanguage),
      endpoint: "not_found",
      route: nil,
      client: nil
    )
    if path == "/", Self.longLinkQuery(target) != nil {
      return longLink(target, method: method, userAgent: userAgent, acceptLanguage: acceptLanguage)
    }
    if let keeper = keptPathKeeper, KeptPathShape.isPlausible(path) {
      return .keptPath(String(path), keeper)
    }
    return notFound
  }

  /// Whether a link the table parsed at `/` (a home route) is a long link instead: its query
  /// carries a `link` item the route does not declare (FDL's long links lived at the root).
  static func isLongLink(_ parsed: ParsedLink, path: Substring) -> Bool {
    path == "/" && parsed.ignoredQueryItems.contains { $0.name == "link" }
  }

  /// A long link's answer: its route's page, or the 404 page when it is refused.
  func longLink(
    _ target: String,
    method: HTTPRequest.Method,
    userAgent: String?,
    acceptLanguage: String?
  ) -> Resolution {
    guard let query = Self.longLinkQuery(target),
      let long = try? FirebaseLongLink(query: String(query), table: table)
    else {
      return .ready(
        notFound.page(for: acceptLanguage),
        endpoint: "not_found",
        route: nil,
        client: nil
      )
    }
    return longLinkPage(long, method: method, userAgent: userAgent, acceptLanguage: acceptLanguage)
  }

  /// The route's landing page for a long link, with the link's social card when it passed
  /// the rule: from the cache, or to be rendered.
  func longLinkPage(
    _ long: FirebaseLongLink,
    method: HTTPRequest.Method,
    userAgent: String?,
    acceptLanguage: String?
  ) -> Resolution {
    let values = long.link.values
    let route = values.routeName
    let client = ClientClassification(userAgent: userAgent, method: method)
    do throws(PageError) {
      var key = try pages.key(values: values, client: client, acceptLanguage: acceptLanguage)
      key.card = long.card.map {
        SocialCard(title: $0.title, description: $0.description, image: $0.imageURL)
      }
      if let page = pages.cached(key) {
        return .ready(page, endpoint: "page", route: route, client: client)
      }
      return .page(key, values, client)
    } catch {
      return .ready(fixed.serverError, endpoint: "page", route: route, client: client)
    }
  }

  /// The extension that answers kept paths, if one is installed.
  var keptPathKeeper: (any KeptPathAnswering)? {
    for (_, handler) in extensions {
      if let keeper = handler as? any KeptPathAnswering { return keeper }
    }
    return nil
  }

  /// A kept path's answer, by the extension that keeps them.
  func keptPathOutcome(
    _ path: String,
    _ keeper: any KeptPathAnswering,
    _ request: Request,
    _ context: LinkRequestContext
  ) async -> Outcome {
    let answer = await keeper.respondToKeptPath(
      path,
      request: request,
      context: context,
      server: self.context
    )
    var response = answer.response
    security.addIfMissing(to: &response.headers)
    return Outcome(response: response, endpoint: answer.endpoint, route: answer.route)
  }

  /// The query of `/?…`, when the target is the root with one.
  static func longLinkQuery(_ target: String) -> Substring? {
    guard target.utf8.count > 2, target.hasPrefix("/?") else { return nil }
    return target.dropFirst(2)
  }

  /// After a long link was answered: logs what it carried that was not followed (the fallback
  /// links, by name only, as the access log never holds query values) or why it was refused,
  /// and returns the referrer label its click is counted under (`utm_<utm_source>`: host names have no `_`, so it never looks like a referring site).
  func longLinkFinished(target: String, endpoint: String) -> String? {
    guard endpoint == "page" || endpoint == "not_found", let query = Self.longLinkQuery(target),
      query.split(separator: "&").contains(where: { $0 == "link" || $0.hasPrefix("link=") })
    else { return nil }
    let long: FirebaseLongLink
    do throws(FirebaseLongLinkError) {
      long = try FirebaseLongLink(query: String(query), table: table)
    } catch {
      logger.info(
        "long link refused: the 404 page",
        metadata: [
          "code": .string(error.code.rawValue),
          "parameter": .string(error.parameter ?? ""),
          "parser_code": .string(error.linkError?.code.rawValue ?? ""),
        ]
      )
      return nil
    }
    let fallbacks = long.ignoredFallbacks.map(\.name)
    if !fallbacks.isEmpty || long.cardRejection != nil {
      logger.info(
        "long link: fallbacks ignored",
        metadata: [
          "route": .string(long.link.route.name),
          "ignored": .string(fallbacks.joined(separator: ",")),
          "card": .string(long.cardRejection == nil ? "kept" : "dropped"),
        ]
      )
    }
    return long.referrerLabel.flatMap(Self.referrerLabel)
  }

  /// `utm_<source>` for a source of 1–100 letters, digits, `-`, `.`, `_`, lower-cased; `nil`
  /// for anything else (the click then keeps the `Referer`'s host).
  static func referrerLabel(_ source: String) -> String? {
    guard (1...100).contains(source.utf8.count),
      source.utf8.allSatisfy({
        (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
          || $0 == 0x2D || $0 == 0x2E || $0 == 0x5F
      })
    else { return nil }
    return "utm_" + source.lowercased()
  }
}
