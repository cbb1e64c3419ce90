import Foundation
import LinkKit
import LinkgenTestSupport
import Testing

@testable import LinkCodegen

/// The rules the code writers emit for other languages' parsers (``LinkRules``) are LinkKit's:
/// each byte class, each forbidden interval and the percent-encoding set, held to LinkKit's own
/// verdicts and links.
struct LinkRulesTests {
  static let table: RouteTable = {
    do {
      return try RouteTable(
        contentsOf: PackagePaths.root.appendingPathComponent("Examples/openlist/linkgen.json")
      )
    } catch {
      fatalError("\(error)")
    }
  }()

  static func code(_ link: String) -> LinkError.Code? {
    do {
      _ = try table.parse(link)
      return nil
    } catch {
      return error.code
    }
  }

  @Test func byteClassesAreLinkKits() {
    let classes = Array(LinkRules.byteClasses.utf8)
    #expect(classes.count == 256)
    for byte in UInt8(0)..<128 where classes[Int(byte)] != UInt8(ascii: "1") {
      let link = "openlist://search?q=a" + String(UnicodeScalar(byte)) + "b"
      let refused = Self.code(link) == .invalidCharacter
      #expect(refused == (classes[Int(byte)] == UInt8(ascii: "2")), "byte \(byte)")
    }
    #expect(classes[128...].allSatisfy { $0 == UInt8(ascii: "3") })
  }

  @Test func forbiddenScalarsAreLinkKits() {
    var probes: [UInt32] = []
    for interval in LinkRules.forbiddenScalars {
      probes += [interval.lowerBound, interval.upperBound, interval.upperBound + 1]
      if interval.lowerBound > 0 { probes.append(interval.lowerBound - 1) }
    }
    for value in probes {
      guard let scalar = Unicode.Scalar(value), value != 0x25, value != 0x26, value != 0x23 else {
        continue
      }
      let encoded = String(scalar).utf8.map { String(format: "%%%02X", $0) }.joined()
      let forbidden = LinkRules.forbiddenScalars.contains { $0.contains(value) }
      let refused = Self.code("openlist://search?q=a" + encoded) == .invalidCharacter
      #expect(refused == forbidden, "U+\(String(value, radix: 16))")
    }
  }

  @Test func percentEncodingKeepsOnlyTheUnreservedBytes() throws {
    for byte in UInt8(0x20)..<0x7F {
      let character = String(UnicodeScalar(byte))
      let links = try Self.table.links(
        for: "search",
        values: ["query": .string("a" + character)]
      )
      let raw = links.scheme.hasSuffix("q=a" + character)
      #expect(raw == LinkRules.unreserved.contains(character), "byte \(byte)")
    }
  }

  @Test func limitsAreLinkKits() {
    #expect(LinkRules.maximumLength == RouteTable.maximumURLLength)
    #expect(LinkRules.maximumPathSegments == RouteTable.maximumPathSegments)
    #expect(LinkRules.maximumQueryItems == RouteTable.maximumQueryItems)
  }
}
