import Foundation
import LinkKit

extension Doctor {
  /// How many redirects on the domain itself a landing page may take.
  static let maximumHops = 5

  /// `links.ios`, `links.android`, `links.smart-banner`: every route's sample link answers
  /// 200 for an iPhone and an Android phone without leaving the host; the iPhone's landing
  /// page has the Smart App Banner.
  mutating func checkLinks() {
    guard !samples.isEmpty else { return }
    var iPhonePage: [UInt8]?
    for (id, agent, name) in [
      ("links.ios", UserAgent.iPhone, "an iPhone"),
      ("links.android", UserAgent.android, "an Android phone"),
    ] {
      var problems: [String] = []
      for sample in samples {
        switch land(sample.url, as: agent) {
        case .success(let page):
          if agent.value == UserAgent.iPhone.value, iPhonePage == nil { iPhonePage = page }
        case .failure(let problem):
          problems.append("route '\(sample.route)': \(problem.text)")
        }
      }
      if problems.isEmpty {
        add(id, .pass, "each of the \(samples.count) sample links answers 200 for \(name)")
      } else {
        add(
          id,
          .fail,
          "for \(name): " + problems.joined(separator: "; "),
          fix: "answer each link on \(domain) itself with a page (200), never a redirect to "
            + "another host: the app opens only links of its own domains, and a page is the "
            + "fallback when it is not installed (linkgen serve does this)"
        )
      }
    }
    if let iPhonePage { checkSmartBanner(iPhonePage) }
  }

  /// Why a link did not land.
  struct LandingProblem: Error {
    let text: String
  }

  /// Fetches `url`, following redirects on the same host; the final page's body.
  private func land(_ url: String, as agent: UserAgent) -> Result<[UInt8], LandingProblem> {
    var current = url
    for _ in 0...Self.maximumHops {
      let response: HTTPResponse
      switch client.get(current, userAgent: agent.value, maxBytes: 1024 * 1024) {
      case .success(let fetched): response = fetched
      case .failure(let failure):
        return .failure(LandingProblem(text: "cannot fetch \(current): \(failure.message)"))
      }
      guard response.isRedirect else {
        guard response.status == 200 else {
          return .failure(LandingProblem(text: "\(current) answers \(response.status)"))
        }
        return .success(response.body)
      }
      let location = response.header("Location") ?? ""
      guard let next = Self.resolve(location, against: current), Self.host(of: next) == domain
      else {
        return .failure(
          LandingProblem(text: "\(current) redirects to \(location), off \(domain)")
        )
      }
      current = next
    }
    return .failure(LandingProblem(text: "\(url) redirects more than \(Self.maximumHops) times"))
  }

  private mutating func checkSmartBanner(_ page: [UInt8]) {
    guard let ios = table.app.ios, ios.appStoreID != nil else { return }
    let html = String(decoding: page, as: UTF8.self).lowercased()
    if html.contains("name=\"apple-itunes-app\"") || html.contains("name=apple-itunes-app") {
      add("links.smart-banner", .pass, "the iPhone's landing page has the Smart App Banner tag")
    } else {
      add(
        "links.smart-banner",
        .warn,
        "the iPhone's landing page of \(samples[0].url) has no "
          + "<meta name=\"apple-itunes-app\"> tag: Safari shows no Smart App Banner",
        fix: "add the tag linkgen makes (linkgen page, or the smart-banner template); "
          + "linkgen serve's pages have it"
      )
    }
  }

  /// `http.redirect`: `http://<domain>/` leads to `https://` on the same host.
  mutating func checkPlainHTTP() {
    let url = "http://\(domain)/"
    let response: HTTPResponse
    switch client.get(url, userAgent: UserAgent.doctor.value, maxBytes: 64 * 1024) {
    case .success(let fetched): response = fetched
    case .failure(let failure):
      add(
        "http.redirect",
        .warn,
        "cannot fetch \(url): \(failure.message)",
        fix: "answer on port 80 with a redirect to https://\(domain)/: links typed or "
          + "pasted as http:// otherwise fail"
      )
      return
    }
    judgePlainHTTP(response, url: url)
  }

  private mutating func judgePlainHTTP(_ response: HTTPResponse, url: String) {
    let fix =
      "redirect http:// to https:// on the same host (nginx: `return 301 "
      + "https://$host$request_uri;`; Caddy does it by itself)"
    guard response.isRedirect else {
      add(
        "http.redirect",
        .warn,
        "\(url) answers \(response.status) without redirecting to https://",
        fix: fix
      )
      return
    }
    let location = response.header("Location") ?? ""
    let target = Self.resolve(location, against: url)
    if let target, target.hasPrefix("https://"), Self.host(of: target) == domain {
      add("http.redirect", .pass, "\(url) redirects (\(response.status)) to \(target)")
    } else {
      add(
        "http.redirect",
        .fail,
        "\(url) redirects to \(location), not to https://\(domain)/: a link opened as "
          + "http:// lands on a host the app may not claim",
        fix: fix
      )
    }
  }

  /// A `Location` value made absolute.
  static func resolve(_ location: String, against base: String) -> String? {
    if location.hasPrefix("https://") || location.hasPrefix("http://") { return location }
    guard location.hasPrefix("/"), !location.hasPrefix("//"),
      let schemeEnd = base.range(of: "://")
    else { return nil }
    let afterScheme = base[schemeEnd.upperBound...]
    let hostEnd = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
    return String(base[..<hostEnd]) + location
  }

  /// The host of an absolute URL, lower-cased, without a port.
  static func host(of url: String) -> String? {
    guard let schemeEnd = url.range(of: "://") else { return nil }
    let rest = url[schemeEnd.upperBound...]
    let end = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
    let authority = rest[..<end]
    guard !authority.contains("@") else { return nil }
    return authority.split(separator: ":").first.map { $0.lowercased() }
  }
}
