import Foundation
import LinkKit

/// The link parser and the route-table loader.
enum LinkTargets {
  static let links = FuzzTarget(
    name: "links",
    summary: "the link parser: no trap; parsed links re-build to a fixed point; no control, "
      + "bidi or nil-UUID value",
    check: { checkLink(String(decoding: $0, as: UTF8.self)) }
  )

  static let table = FuzzTarget(
    name: "table",
    summary: "the route-table loader: no trap; a table that loads builds and parses its own links",
    check: checkTable
  )

  static let tables: [RouteTable] = [Tables.openlist, Tables.photos, Tables.nilAllowed].map {
    do {
      return try RouteTable(json: Data($0.utf8))
    } catch {
      Invariant.fail("an embedded table does not load: \(error)")
    }
  }

  static func checkLink(_ link: String) {
    for table in tables { checkLink(link, in: table) }
  }

  static func checkLink(_ link: String, in table: RouteTable) {
    let parsed: ParsedLink
    do {
      parsed = try table.parse(link)
    } catch {
      Invariant.require(
        !error.message.isEmpty,
        "an error without a message for \(link.debugDescription)"
      )
      return
    }
    for (parameter, value) in parsed.values.all {
      switch value {
      case .string(let text)?:
        Invariant.require(
          !text.unicodeScalars.contains(where: isForbidden),
          "a parsed value holds a control or bidi character: \(text.debugDescription)"
        )
      case .uuid(let uuid)?:
        Invariant.require(
          uuid != Tables.nilUUID || parameter.allowsNilUUID,
          "parameter '\(parameter.name)' accepted the nil UUID from \(link.debugDescription)"
        )
      default: break
      }
    }
    let rebuilt: String
    do {
      rebuilt = try table.link(parsed.kind, for: parsed.values)
    } catch {
      Invariant.fail("parsed \(link.debugDescription) but cannot rebuild it: \(error)")
    }
    do {
      let again = try table.parse(rebuilt)
      Invariant.require(
        again.route.name == parsed.route.name && again.values == parsed.values,
        "\(link.debugDescription) re-builds as \(rebuilt), which parses to other values"
      )
      let fixedPoint = try table.link(parsed.kind, for: again.values)
      Invariant.require(fixedPoint == rebuilt, "\(rebuilt) re-builds as \(fixedPoint)")
    } catch {
      Invariant.fail("the rebuilt link \(rebuilt.debugDescription) does not parse: \(error)")
    }
  }

  static func checkTable(_ bytes: [UInt8]) {
    let data = Data(bytes)
    let table: RouteTable
    do {
      table = try RouteTable(json: data)
    } catch {
      Invariant.require(!error.problems.isEmpty, "a table error without problems")
      do {
        _ = try RouteTable(json: data)
        Invariant.fail("the same bytes loaded the second time")
      } catch let again {
        Invariant.require(again == error, "the same bytes gave other problems the second time")
      }
      return
    }
    for route in table.routes {
      guard let values = try? table.values(for: route.name),
        // Routes whose parameters all have defaults or are optional build with no values.
        let links = try? table.links(for: values)
      else { continue }
      for link in [links.scheme, links.universal] {
        checkLink(link, in: table)
        Invariant.require(
          (try? table.parse(link))?.route.name == route.name,
          "\(link) does not parse back to route '\(route.name)'"
        )
      }
    }
  }

  /// C0 and C1 controls, DEL and the bidirectional overrides and isolates.
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      true
    default: false
    }
  }
}
