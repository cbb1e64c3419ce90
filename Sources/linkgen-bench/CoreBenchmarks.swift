import Foundation
import LinkKit

/// Building and parsing the `shared-checklist` route of the openlist example, through each API
/// (a `Codable` route, values by name, the untyped parser, the enum LinkgenPlugin generates),
/// each against the same work done with Foundation (`URLComponents`, `addingPercentEncoding`,
/// `UUID(uuidString:)`).
enum CoreBenchmarks {
  static let names = [
    "build", "build-dynamic", "build-generated", "build-universal-generated", "parse",
    "parse-typed", "parse-generated",
  ]

  struct SharedChecklist: LinkRoute, Codable {
    static let routeName = "shared-checklist"
    var id: UUID
  }

  /// The `shared-checklist` route of the openlist example alone (`linkgen.json` beside this
  /// file), as embedded in the enum LinkgenPlugin generates from it.
  static let table = BenchLink.routeTable

  static let ids: [UUID] = (0..<64).map { _ in UUID() }
  static let urls: [String] = ids.map {
    "https://openlist.example.com/shared-checklists/\($0.uuidString.lowercased())"
  }

  /// One case: ours and its baseline, each an operation on the next of the 64 inputs.
  typealias Case = (name: String, ours: () -> Void, baseline: () -> Void, iterations: Int)

  static func run(_ selected: Set<String>) {
    checkBaselinesAgree()
    // The position in the 64 inputs sits behind a pointer: a `var` captured by the closures
    // would be checked for exclusive access at run time on every operation, ours and the
    // baseline's alike, which adds the same tens of nanoseconds to both.
    let cursor = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    cursor.initialize(to: 0)
    defer { cursor.deallocate() }
    let next = {
      cursor.pointee = (cursor.pointee + 1) & 63
      return cursor.pointee
    }
    for test in buildCases(next) + parseCases(next) where selected.contains(test.name) {
      let (ours, baseline) = Harness.compare(
        iterations: test.iterations,
        baselineIterations: test.iterations / 10,
        ours: test.ours,
        baseline: test.baseline
      )
      Harness.report(test.name, ours: ours, baseline: baseline)
    }
  }

  /// The baselines build and parse what linkgen does, before anything is timed.
  static func checkBaselinesAgree() {
    precondition(foundationLinks(ids[0]) == ourLinks(ids[0]), "the baseline builds other links")
    precondition(
      foundationParse(urls[0]) == (try? table.parse(urls[0], as: SharedChecklist.self))?.id,
      "the baseline parses another value"
    )
    precondition(
      (try? BenchLink(parsing: urls[0])) == .sharedChecklist(id: ids[0])
        && (try? BenchLink.sharedChecklist(id: ids[0]).links).map { links in
          LinkSet.Key.allCases.map { links[$0] }
        } == foundationLinks(ids[0])
        && (try? BenchLink.sharedChecklist(id: ids[0]).universalLink)
          == foundationUniversalLink(ids[0]),
      "the generated enum builds or parses otherwise than the baseline"
    )
  }

  /// The building cases: a link set (typed, dynamic, generated) and the universal link alone.
  static func buildCases(_ next: @escaping () -> Int) -> [Case] {
    let baseline = { blackHole(foundationLinks(ids[next()])) }
    return [
      (
        "build", { blackHole(try? table.links(for: SharedChecklist(id: ids[next()]))) }, baseline,
        20_000
      ),
      (
        "build-dynamic",
        {
          blackHole(try? table.links(for: "shared-checklist", values: ["id": .uuid(ids[next()])]))
        },
        baseline, 20_000
      ),
      (
        "build-generated", { blackHole(try? BenchLink.sharedChecklist(id: ids[next()]).links) },
        baseline, 20_000
      ),
      (
        "build-universal-generated",
        { blackHole(try? BenchLink.sharedChecklist(id: ids[next()]).universalLink) },
        { blackHole(foundationUniversalLink(ids[next()])) }, 100_000
      ),
    ]
  }

  /// The parsing cases: untyped, into the `Codable` route, into the generated enum.
  static func parseCases(_ next: @escaping () -> Int) -> [Case] {
    let baseline = { blackHole(foundationParse(urls[next()])) }
    return [
      ("parse", { blackHole(try? table.parse(urls[next()])) }, baseline, 100_000),
      (
        "parse-typed", { blackHole(try? table.parse(urls[next()], as: SharedChecklist.self)) },
        baseline, 100_000
      ),
      ("parse-generated", { blackHole(try? BenchLink(parsing: urls[next()])) }, baseline, 100_000),
    ]
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

  /// The universal link alone, as `URLComponents` builds it.
  static func foundationUniversalLink(_ id: UUID) -> String? {
    var universal = URLComponents()
    universal.scheme = "https"
    universal.host = "openlist.example.com"
    universal.path = "/shared-checklists/" + id.uuidString.lowercased()
    return universal.string
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
