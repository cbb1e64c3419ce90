import Foundation
import LinkAssociation
import LinkKit

extension Doctor {
  static let aasaPath = "/.well-known/apple-app-site-association"

  /// `aasa.*`: the file at `/.well-known/`, as Apple's fetcher gets it, then at the root.
  mutating func checkAASA() {
    guard let ios = table.app.ios else { return }
    guard
      let response = associationFile(
        Self.aasaPath,
        as: .appleFetcher,
        limit: AASAFile.maximumSize,
        id: "aasa",
        name: "the AASA"
      )
    else { return }
    originAASA = response.body
    let file = AASAFile(response.body)
    lint(file.findings, id: "aasa.lint", file: "the AASA")
    checkApps(file, appID: ios.appID, teamID: ios.teamID)
    checkRoutes(file, appID: ios.appID)
    checkExcludes(file)
    checkCacheControl(response, id: "aasa.cache-control", file: "the AASA")
    checkRootPath()
  }

  /// The association file at `path` as `agent` gets it, through the checks both files share:
  /// `<id>.fetch`, `<id>.content-type`, `<id>.size` and `<id>.json`. `nil` when what was
  /// served is not a JSON document within the limit.
  mutating func associationFile(
    _ path: String,
    as agent: UserAgent,
    limit: Int,
    id: String,
    name: String
  ) -> HTTPResponse? {
    guard
      let response = fetch(https(path), as: agent, maxBytes: limit + 1, id: "\(id).fetch"),
      answered(response, id: "\(id).fetch", file: name)
    else { return nil }
    checkContentType(response, id: "\(id).content-type", file: name)
    guard checkSize(response, id: "\(id).size", limit: limit),
      checkJSON(response, id: "\(id).json", file: name)
    else { return nil }
    return response
  }

  /// 200 with no redirect; anything else fails `id`.
  mutating func answered(_ response: HTTPResponse, id: String, file: String) -> Bool {
    if response.status == 200 {
      add(id, .pass, "\(response.url) answers 200 with no redirect")
      return true
    }
    if response.isRedirect {
      let location = response.header("Location") ?? "(no Location)"
      add(
        id,
        .fail,
        "\(response.url) answers \(response.status), a redirect to \(location): the platforms' "
          + "fetchers follow no redirect for \(file)",
        fix: "serve the file itself at this path with 200: remove the redirect (an nginx "
          + "`return 301`/`rewrite`, a www or trailing-slash rule, a CDN page rule) for it"
      )
    } else {
      add(
        id,
        .fail,
        "\(response.url) answers \(response.status) instead of the file",
        fix: "serve \(file) at this path (linkgen serve does; see deploy/ and docs/deploy.md), "
          + "with no authentication, bot challenge or geo block in front of it"
      )
    }
    return false
  }

  mutating func checkContentType(_ response: HTTPResponse, id: String, file: String) {
    let type = response.header("Content-Type")
    if response.mediaType == "application/json" {
      add(id, .pass, "served as \(type ?? "application/json")")
    } else {
      add(
        id,
        .fail,
        "\(file) is served as \(type ?? "no Content-Type"), not application/json",
        fix: "serve it with Content-Type: application/json (nginx: `default_type "
          + "application/json;` in its location, since the file has no extension)"
      )
    }
  }

  mutating func checkSize(_ response: HTTPResponse, id: String, limit: Int) -> Bool {
    guard response.tooLarge else {
      add(id, .pass, "\(response.body.count) bytes (the limit is \(limit / 1024) KB)")
      return true
    }
    add(
      id,
      .fail,
      "larger than \(limit / 1024) KB: the platforms ignore the whole file",
      fix: "shorten it: fewer details or components, wildcards instead of lists "
        + "(linkgen aasa writes one detail per app)"
    )
    return false
  }

  /// The body is a JSON document (the linter then judges its shape).
  mutating func checkJSON(_ response: HTTPResponse, id: String, file: String) -> Bool {
    if (try? JSONSerialization.jsonObject(with: Data(response.body))) != nil {
      add(id, .pass, "valid JSON")
      return true
    }
    let start = String(decoding: response.body.prefix(60), as: UTF8.self)
      .replacingOccurrences(of: "\n", with: " ")
    add(
      id,
      .fail,
      "\(file) is not JSON; it starts with \"\(start)\"",
      fix: "something answers in its place (an HTML page: a bot challenge, a login wall, a "
        + "single-page app's catch-all route); serve the file itself at this path"
    )
    return false
  }

  /// The linter's errors fail, its warnings warn.
  mutating func lint(_ findings: [Finding], id: String, file: String) {
    let errors = findings.errors
    let warnings = findings.warnings
    if !errors.isEmpty {
      add(
        id,
        .fail,
        errors.map(\.description).joined(separator: "; "),
        fix: "fix \(file) (regenerate it with linkgen, or check it with linkgen check-aasa / "
          + "check-assetlinks)"
      )
    } else if !warnings.isEmpty {
      add(
        id,
        .warn,
        warnings.map(\.description).joined(separator: "; "),
        fix: "see linkgen check-aasa / check-assetlinks for each warning"
      )
    } else {
      add(id, .pass, "no problems found by the linter")
    }
  }
}
