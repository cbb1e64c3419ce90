import Foundation
import Testing

@testable import LinkAssociation

/// The association files' limits at their edges (docs/limits.md).
struct LimitsTests {
  static let minimal =
    #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a/*"}]}]}}"#

  static func padded(_ json: String, to size: Int) -> [UInt8] {
    Array((json + String(repeating: " ", count: size - json.utf8.count)).utf8)
  }

  @Test func aasaSize() {
    let atLimit = AASAFile(Self.padded(Self.minimal, to: AASAFile.maximumSize))
    #expect(atLimit.findings.isEmpty && !atLimit.isRejected)
    #expect(atLimit.match("https://example.com/a/1").matched)
    // One byte more: rejected unread (a file of "x" would otherwise be invalid JSON).
    let over = AASAFile(Array(repeating: UInt8(ascii: "x"), count: AASAFile.maximumSize + 1))
    #expect(over.isRejected && over.byteCount == 131_073)
    #expect(over.findings.map(\.code) == [.fileTooLarge])
    #expect(
      over.findings.first?.message.hasPrefix("the file is 131073 bytes, over the 131072-byte")
        == true
    )
  }

  @Test func assetLinksSize() {
    let statement =
      #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "web", "site": "https://example.com"}}]"#
    let atLimit = AssetLinksFile(Self.padded(statement, to: AssetLinksFile.maximumSize))
    #expect(atLimit.findings.isEmpty && !atLimit.isRejected && atLimit.statements.count == 1)
    let over = AssetLinksFile(
      Array(repeating: UInt8(ascii: "x"), count: AssetLinksFile.maximumSize + 1)
    )
    #expect(over.isRejected && over.statements.isEmpty)
    #expect(over.findings.map(\.code) == [.fileTooLarge])
  }

  /// `{"applinks": …, "x": [[…]]}`: the top-level object is level 1, each array one more.
  static func nested(_ depth: Int) -> [UInt8] {
    let arrays = String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
    return Array(Self.minimal.dropLast().appending(#", "x": \#(arrays)}"#).utf8)
  }

  @Test func nestingDepth() {
    #expect(AASAFile.maximumNestingDepth == 100 && AssetLinksFile.maximumNestingDepth == 100)
    let atLimit = AASAFile(Self.nested(100))
    #expect(!atLimit.findings.contains { $0.code == .tooDeep } && !atLimit.isRejected)
    let over = AASAFile(Self.nested(101))
    #expect(over.isRejected && over.findings.map(\.code) == [.tooDeep])
    let links = AssetLinksFile(
      Array(("[" + String(decoding: Self.nested(101), as: UTF8.self) + "]").utf8)
    )
    #expect(links.isRejected && links.findings.map(\.code) == [.tooDeep])
  }

  /// A variable of `values` one-letter values after `literals` letters: the automaton needs
  /// literals + 2 × values states.
  static func variableFile(literals: Int, values: Int) -> AASAFile {
    let list = Array(repeating: #""a""#, count: values).joined(separator: ",")
    let path = "/" + String(repeating: "x", count: literals) + "$(v)"
    return AASAFile(
      Array(
        #"{"applinks": {"substitutionVariables": {"v": [\#(list)]}, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "\#(path)"}]}]}}"#
          .utf8
      )
    )
  }

  @Test func automatonStates() {
    #expect(CompiledAppLinks.maximumStates == 100_000)
    let atLimit = Self.variableFile(literals: 80_000, values: 10_000)
    #expect(atLimit.byteCount < AASAFile.maximumSize)
    #expect(!atLimit.findings.contains { $0.code == .tooComplex })
    #expect(atLimit.compiled.stateCount == 100_000)
    let over = Self.variableFile(literals: 80_001, values: 10_000)
    #expect(over.findings.map(\.code) == [.tooComplex])
    #expect(!over.match("https://example.com/xa").matched)
  }
}
