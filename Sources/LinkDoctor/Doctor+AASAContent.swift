import Foundation
import LinkAssociation
import LinkKit

extension Doctor {
  /// `aasa.apps`: the table's app (and its App Clip, its web credentials) is in the file.
  mutating func checkApps(_ file: AASAFile, appID: String, teamID: String) {
    var missing: [String] = []
    let linked = file.appLinks?.details.flatMap(\.allAppIDs) ?? []
    if !linked.contains(appID) { missing.append("applinks for \(appID)") }
    if table.association.webCredentials, file.webCredentials?.apps.contains(appID) != true {
      missing.append("webcredentials for \(appID)")
    }
    if let clip = table.association.appClipBundleID,
      file.appClips?.apps.contains("\(teamID).\(clip)") != true
    {
      missing.append("appclips for \(teamID).\(clip)")
    }
    if missing.isEmpty {
      add("aasa.apps", .pass, "names \(appID) (applinks: \(linked.joined(separator: ", ")))")
    } else {
      add(
        "aasa.apps",
        .fail,
        "the served AASA lacks " + missing.joined(separator: ", "),
        fix: "serve the file generated from the table (linkgen aasa, or linkgen serve); check "
          + "the team ID and bundle ID"
      )
    }
  }

  /// `aasa.routes`: the served file claims a sample link of every route for the app.
  mutating func checkRoutes(_ file: AASAFile, appID: String) {
    var unclaimed: [String] = []
    for sample in samples {
      let match = file.match(sample.url, domain: domain)
      if !match.matched || !match.appIDs.contains(appID) {
        unclaimed.append("route '\(sample.route)': \(sample.url) (\(match.reason))")
      }
    }
    if unclaimed.isEmpty {
      add(
        "aasa.routes",
        .pass,
        "claims a sample link of each of the \(samples.count) routes for \(appID)"
      )
    } else {
      add(
        "aasa.routes",
        .fail,
        "does not open the app for " + unclaimed.joined(separator: "; "),
        fix: "serve the AASA generated from this table (linkgen aasa or linkgen serve): the "
          + "served file is older than the table or written by hand"
      )
    }
  }

  /// `aasa.excludes`: links on the table's excluded paths and fragments stay in the browser.
  mutating func checkExcludes(_ file: AASAFile) {
    guard !excluded.isEmpty else { return }
    let claimed = excluded.compactMap { url -> String? in
      let match = file.match(url, domain: domain)
      return match.matched ? "\(url) (\(match.reason))" : nil
    }
    if claimed.isEmpty {
      add("aasa.excludes", .pass, "opens none of the \(excluded.count) excluded links")
    } else {
      add(
        "aasa.excludes",
        .fail,
        "opens the app for excluded links: " + claimed.joined(separator: "; "),
        fix: "serve the AASA generated from this table: its exclude components come first"
      )
    }
  }

  /// `aasa.root-path`: `/apple-app-site-association`, which only iOS 9.2 and earlier read.
  mutating func checkRootPath() {
    let url = https("/apple-app-site-association")
    guard
      case .success(let response) = client.get(
        url,
        userAgent: UserAgent.appleFetcher.value,
        maxBytes: AASAFile.maximumSize + 1
      )
    else {
      add("aasa.root-path", .warn, "cannot fetch \(url)", fix: "serve the same file there")
      return
    }
    if response.status == 200, response.body == originAASA {
      add("aasa.root-path", .pass, "\(url) serves the same file")
    } else if response.status == 404 {
      add("aasa.root-path", .pass, "\(url) is not served (only iOS 9.2 and earlier read it)")
    } else {
      add(
        "aasa.root-path",
        .warn,
        "\(url) answers \(response.status)"
          + (response.status == 200 ? " with another file" : ""),
        fix: "serve the same file there with 200, or nothing (404)"
      )
    }
  }

  /// `*.cache-control`: short enough that a fix reaches Apple's CDN and Google soon.
  mutating func checkCacheControl(_ response: HTTPResponse, id: String, file: String) {
    let value = response.header("Cache-Control")
    let maxAge = value.flatMap(Self.maxAge)
    if let value, value.lowercased().contains("immutable") || (maxAge ?? 0) > 86_400 {
      add(
        id,
        .warn,
        "\(file) is cached long (Cache-Control: \(value)): a fixed file reaches the platforms "
          + "only when that expires",
        fix: "cache it for an hour or so (linkgen serve's default: public, max-age=3600), "
          + "and never at a CDN edge for longer"
      )
    } else {
      add(id, .pass, "Cache-Control: \(value ?? "none")")
    }
  }

  /// The `max-age` (or `s-maxage`, whichever is larger) of a `Cache-Control` value.
  static func maxAge(_ value: String) -> Int? {
    let ages = value.lowercased().split(separator: ",").compactMap { directive -> Int? in
      let parts = directive.split(separator: "=", maxSplits: 1)
      let name = parts.first?.trimmingCharacters(in: .whitespaces)
      guard parts.count == 2, name == "max-age" || name == "s-maxage" else { return nil }
      return Int(parts[1].trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\""))))
    }
    return ages.max()
  }
}
