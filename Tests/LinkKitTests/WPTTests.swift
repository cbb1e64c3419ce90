import Foundation
import LinkKit
import Testing

/// The WHATWG URL test cases from web-platform-tests, vendored in `Resources/wpt` with their
/// licence: every input the standard rejects must be rejected here too, with a typed error.
struct WPTTests {
  static let file = Fixtures.packageRoot.appendingPathComponent(
    "Tests/LinkKitTests/Resources/wpt/urltestdata.json"
  )

  struct Case: Sendable, CustomTestStringConvertible {
    var input: String
    var base: String?
    var failure: Bool
    var testDescription: String { input.debugDescription }
  }

  static func cases() throws -> [Case] {
    let data = try Data(contentsOf: file)
    let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
    return entries.compactMap { entry in
      guard let object = entry as? [String: Any], let input = object["input"] as? String else {
        return nil
      }
      return Case(
        input: input,
        base: object["base"] as? String,
        failure: object["failure"] as? Bool ?? false
      )
    }
  }

  @Test
  func everyFailureInputIsRejected() throws {
    let cases = try Self.cases()
    let failures = cases.filter(\.failure)
    #expect(failures.count >= 200, "expected the 267 failure cases, found \(failures.count)")
    for table in [Fixtures.openlist, Fixtures.photos, Self.permissive] {
      for testCase in failures {
        do {
          let parsed = try table.parse(testCase.input)
          Issue.record(
            "WPT rejects \(testCase.input.debugDescription), linkgen matched \(parsed.route.name)"
          )
        } catch {
          #expect(!error.message.isEmpty)
        }
      }
    }
  }

  /// Every input, valid or not, gets an answer and never a trap; whatever parses re-builds to
  /// a link that parses to the same values.
  @Test
  func everyInputIsAnsweredConsistently() throws {
    var matched = 0
    for testCase in try Self.cases() {
      // WPT's many http: cases also exercise hosts and paths as https: links.
      let inputs =
        testCase.input.lowercased().hasPrefix("http:")
        ? [testCase.input, "https:" + testCase.input.dropFirst(5)] : [testCase.input]
      for table in [Fixtures.openlist, Self.permissive] {
        for input in inputs {
          guard let parsed = try? table.parse(input) else { continue }
          matched += 1
          let rebuilt = try table.link(parsed.kind, for: parsed.values)
          #expect(try table.parse(rebuilt).values == parsed.values, "\(input)")
        }
      }
    }
    // The permissive table reads some of the valid inputs, so the check above is not vacuous.
    #expect(matched >= 10, "only \(matched) inputs matched a route")
  }

  /// A table that accepts as much as a table can: WPT's own hosts, a catch-all string route.
  static let permissive: RouteTable = {
    let json = """
      { "app": { "scheme": "sc", "domains": ["example.com", "example.org", "test.com", "www.example.com"] },
        "routes": [
          {"name": "one", "parameters": [{"name": "a", "type": "string", "maxLength": 4096}, {"name": "q", "type": "string", "optional": true, "maxLength": 4096}],
           "scheme": "sc:{a}?q={q}", "universal": "/{a}?q={q}"},
          {"name": "root", "scheme": "sc://host", "universal": "/"}
        ] }
      """
    do { return try RouteTable(json: Data(json.utf8)) } catch { fatalError("\(error)") }
  }()
}
