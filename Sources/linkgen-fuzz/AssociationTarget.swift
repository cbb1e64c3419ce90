import Foundation
import LinkAssociation
import LinkKit

/// The association files generated from fuzzed-but-valid route tables.
enum AssociationTarget {
  static let target = FuzzTarget(
    name: "association",
    summary: "generated association files: for a table made from the input, the AASA (modern "
      + "and legacy) claims every sample link and fuzzed link and no excluded one, and "
      + "`validate --association` agrees",
    check: check
  )

  /// An AASA as generated, and the iOS versions that read it.
  private typealias Generated = (name: String, file: AASAFile, modes: [AASAMatchMode])

  static func check(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let json = TableGenerator.json(&input)
    guard let table = try? RouteTable(json: Data(json.utf8)), let ios = table.app.ios else {
      return
    }
    let files = generatedFiles(for: table, json: json)
    let check = AssociationCheck(table: table)
    let links = check.sampleLinks + fuzzedLinks(of: table, &input)
    var explained = true
    for link in links {
      let excluded = isExcluded(link, by: table.association)
      explained = explained && !excluded.path && !excluded.fragment
      for (name, file, modes) in files {
        for mode in modes {
          let match = file.match(link, domain: host(of: link), mode: mode)
          // Legacy paths cannot exclude fragments.
          let expectClaimed = !excluded.path && (!excluded.fragment || mode == .legacy)
          Invariant.require(
            match.matched == expectClaimed && (!expectClaimed || match.appIDs.contains(ios.appID)),
            "the generated \(name) (\(mode)) \(expectClaimed ? "does not claim" : "claims") "
              + "\(link): \(match.reason)\n\(json)"
          )
        }
      }
    }
    for link in check.excludedLinks {
      let match = files[0].file.match(link, domain: host(of: link))
      Invariant.require(!match.matched, "the AASA claims the excluded \(link): \(match.reason)")
    }
    if explained {
      Invariant.require(
        check.passed,
        "validate --association fails for a table whose excludes claim no sample link:\n"
          + "\(check.problems)\n\(json)"
      )
    }
  }

  /// The modern and the legacy AASA of a valid table, which must have no error.
  private static func generatedFiles(for table: RouteTable, json: String) -> [Generated] {
    let files: [Generated]
    do {
      let modern = try AssociationFiles.appleAppSiteAssociation(for: table)
      let legacy = try AssociationFiles.appleAppSiteAssociation(for: table, legacy: true)
      files = [
        ("AASA", AASAFile(Array(modern.utf8)), [.modern]),
        ("legacy AASA", AASAFile(Array(legacy.utf8)), [.modern, .legacy]),
      ]
    } catch {
      Invariant.fail("cannot generate the AASA for a valid table: \(error)\n\(json)")
    }
    for (name, file, _) in files {
      Invariant.require(
        !file.isRejected && file.findings.errors.isEmpty,
        "the generated \(name) has errors: \(file.findings.errors)\n\(json)"
      )
    }
    return files
  }

  /// A link of each route with values from the input, on each of the table's domains.
  private static func fuzzedLinks(of table: RouteTable, _ input: inout FuzzInput) -> [String] {
    var links: [String] = []
    for route in table.routes {
      guard let values = try? table.values(for: route.name, arguments: arguments(route, &input)),
        let link = try? table.link(.universal, for: values)
      else { continue }
      let path = link.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }
      for domain in table.app.domains {
        links.append("https://\(domain)\(path)")
      }
    }
    return links
  }

  static func host(of url: String) -> String {
    String(url.dropFirst("https://".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" })
  }

  /// Whether the table's excludes cover a link, by the reference matcher's rules.
  static func isExcluded(_ link: String, by association: AssociationSettings) -> (
    path: Bool, fragment: Bool
  ) {
    guard let parts = ReferenceMatcher.Parts(link) else { return (false, false) }
    let path = ReferenceMatcher.trimmed(parts.path)
    let byPath = association.excludes.contains { pattern in
      let trimmed = ReferenceMatcher.trimmed(pattern)
      return ReferenceMatcher.glob(trimmed, path, fold: false)
        || (trimmed.hasSuffix("/*")
          && ReferenceMatcher.glob(String(trimmed.dropLast(2)), path, fold: false))
    }
    let byFragment = association.excludeFragments.contains {
      ReferenceMatcher.glob($0, parts.fragment ?? "", fold: false)
    }
    return (byPath, byFragment)
  }

  /// Arguments for every parameter of the route, as text, from the input.
  static func arguments(_ route: Route, _ input: inout FuzzInput) -> [String: String] {
    var result: [String: String] = [:]
    for parameter in route.parameters {
      if parameter.isOptional && input.bool() { continue }
      switch parameter.type {
      case .uuid:
        let bytes = (0..<16).map { _ in input.byte() }
        result[parameter.name] =
          UUID(
            uuid: (
              bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
              bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            )
          ).uuidString
      case .int(let min, let max):
        let low = min ?? -1_000_000
        let high = Swift.max(max ?? 1_000_000, low)
        result[parameter.name] = String(input.int(in: low...high))
      case .bool:
        result[parameter.name] = String(input.bool())
      case .enumeration(let values):
        result[parameter.name] = input.pick(values)
      case .string(let rules):
        if let allowed = rules.allowedCharacters {
          let pool = allowed.ranges.flatMap { range in
            (range.lowerBound.value...range.upperBound.value).compactMap(Unicode.Scalar.init)
          }
          var text = ""
          for _ in 0..<input.int(in: rules.minLength...Swift.min(rules.maxLength, 40)) {
            text.unicodeScalars.append(input.pick(pool))
          }
          result[parameter.name] = text
        } else {
          result[parameter.name] = input.text(upTo: 60)
        }
      }
    }
    return result
  }
}
