import Foundation
import LinkKit

/// `build` and `parse` for the `shared-checklist` route of the openlist example, each against
/// the same work done with Foundation (`URLComponents`, `addingPercentEncoding`,
/// `UUID(uuidString:)`).
enum CoreBenchmarks {
  static let names = ["build", "build-dynamic", "parse", "parse-typed"]

  struct SharedChecklist: LinkRoute, Codable {
    static let routeName = "shared-checklist"
    var id: UUID
  }

  static let table: RouteTable = {
    let json = Data(
      #"""
      {
        "app": {
          "scheme": "openlist",
          "domains": ["openlist.example.com"],
          "ios": { "teamID": "ABCDE12345", "bundleID": "com.example.openlist", "appStoreID": "1234567890" },
          "android": {
            "package": "com.example.openlist",
            "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]
          }
        },
        "routes": [{
          "name": "shared-checklist",
          "parameters": [{ "name": "id", "type": "uuid" }],
          "scheme": "openlist://shared-checklists?shared-checklistId={id}",
          "universal": "/shared-checklists/{id}"
        }]
      }
      """#.utf8
    )
    do {
      return try RouteTable(json: json, source: "benchmark")
    } catch {
      fatalError("benchmark table: \(error)")
    }
  }()

  static let ids: [UUID] = (0..<64).map { _ in UUID() }
  static let urls: [String] = ids.map {
    "https://openlist.example.com/shared-checklists/\($0.uuidString.lowercased())"
  }

  static func run(_ selected: Set<String>) {
    precondition(foundationLinks(ids[0]) == ourLinks(ids[0]), "the baseline builds other links")
    precondition(
      foundationParse(urls[0]) == (try? table.parse(urls[0], as: SharedChecklist.self))?.id,
      "the baseline parses another value"
    )
    var index = 0
    let buildBaseline = {
      index = (index + 1) & 63
      blackHole(foundationLinks(ids[index]))
    }
    let parseBaseline = {
      index = (index + 1) & 63
      blackHole(foundationParse(urls[index]))
    }
    let cases: [(name: String, ours: () -> Void, baseline: () -> Void, iterations: Int)] = [
      (
        "build",
        {
          index = (index + 1) & 63
          blackHole(try? table.links(for: SharedChecklist(id: ids[index])))
        }, buildBaseline, 20_000
      ),
      (
        "build-dynamic",
        {
          index = (index + 1) & 63
          blackHole(try? table.links(for: "shared-checklist", values: ["id": .uuid(ids[index])]))
        }, buildBaseline, 20_000
      ),
      (
        "parse",
        {
          index = (index + 1) & 63
          blackHole(try? table.parse(urls[index]))
        }, parseBaseline, 100_000
      ),
      (
        "parse-typed",
        {
          index = (index + 1) & 63
          blackHole(try? table.parse(urls[index], as: SharedChecklist.self))
        }, parseBaseline, 100_000
      ),
    ]
    for test in cases where selected.contains(test.name) {
      let (ours, baseline) = Harness.compare(
        iterations: test.iterations,
        baselineIterations: test.iterations / 10,
        ours: test.ours,
        baseline: test.baseline
      )
      Harness.report(test.name, ours: ours, baseline: baseline)
    }
  }

  static func ourLinks(_ id: UUID) -> [String?] {
    guard let links = try? table.links(for: SharedChecklist(id: id)) else { return [] }
    return LinkSet.Key.allCases.map { links[$0] }
  }

  // MARK: Baseline: the same links and parse with Foundation

  static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
  )

  static func foundationLinks(_ id: UUID) -> [String?] {
    let text = id.uuidString.lowercased()
    var scheme = URLComponents()
    scheme.scheme = "openlist"
    scheme.host = "shared-checklists"
    scheme.percentEncodedQueryItems = [
      URLQueryItem(
        name: "shared-checklistId",
        value: text.addingPercentEncoding(withAllowedCharacters: unreserved)
      )
    ]
    var universal = URLComponents()
    universal.scheme = "https"
    universal.host = "openlist.example.com"
    universal.path = "/shared-checklists/" + text
    let schemeLink = scheme.string ?? ""
    let universalLink = universal.string ?? ""
    let encodedUniversal =
      universalLink.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    var play = URLComponents()
    play.scheme = "https"
    play.host = "play.google.com"
    play.path = "/store/apps/details"
    play.percentEncodedQueryItems = [
      URLQueryItem(name: "id", value: "com.example.openlist"),
      URLQueryItem(
        name: "referrer",
        value: ("deep_link=" + encodedUniversal).addingPercentEncoding(
          withAllowedCharacters: unreserved
        )
      ),
    ]
    let intent =
      "intent" + schemeLink.dropFirst("openlist".count)
      + "#Intent;scheme=openlist;package=com.example.openlist;S.browser_fallback_url="
      + encodedUniversal + ";end"
    return [
      schemeLink, universalLink, "https://apps.apple.com/app/id" + "1234567890",
      "itms-apps://apps.apple.com/app/id" + "1234567890", play.string, intent, universalLink,
    ]
  }

  static func foundationParse(_ url: String) -> UUID? {
    guard let components = URLComponents(string: url),
      components.scheme?.lowercased() == "https",
      components.host?.lowercased() == "openlist.example.com"
    else { return nil }
    let segments = components.percentEncodedPath.split(separator: "/")
    guard segments.count == 2, segments[0] == "shared-checklists" else { return nil }
    return UUID(uuidString: String(segments[1]))
  }
}
