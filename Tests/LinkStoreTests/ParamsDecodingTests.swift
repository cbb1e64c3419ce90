import Foundation
import Testing

@testable import LinkStore

/// The stored values' fast reader agrees with `JSONDecoder`, and what it does not read goes to
/// `JSONDecoder`.
@Suite struct ParamsDecodingTests {
  @Test(arguments: [
    #"{}"#,
    #"{"id":"3f2504e0-4f89-11d3-9a0c-0305e82c3301"}"#,
    #"{"a":"x\"y\\z\n\r\t\u0001","b":"é😀/"}"#,
    #"{"a":"\/\b\f"}"#,
  ])
  func readsWhatEncodeWrites(text: String) throws {
    let expected = try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    #expect(ParamsCoding.decodeCanonical(text) == expected)
    #expect(ParamsCoding.decode(text) == expected)
  }

  @Test(arguments: [
    #"{ "a": "b" }"#,
    #"{"a":"\ud83d\ude00"}"#,
    #"{"a":"b","a":"c"}"#,
  ])
  func leavesOtherJSONToJSONDecoder(text: String) {
    #expect(ParamsCoding.decodeCanonical(text) == nil)
    let expected = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    #expect(ParamsCoding.decode(text) == expected)
  }

  @Test(arguments: [#"{"a":1}"#, #"["a"]"#, #"{"a":"b""#, #"{"a":"b"}x"#, "", #"{"a":"\q"}"#])
  func refusesWhatIsNotAnObjectOfText(text: String) {
    #expect(ParamsCoding.decode(text) == nil)
  }
}
