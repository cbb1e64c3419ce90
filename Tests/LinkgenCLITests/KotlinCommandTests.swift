import Foundation
import LinkgenTestSupport
import Testing

/// `linkgen generate kotlin`, `linkgen generate test-vectors` and the JSON failures of
/// `linkgen parse --format json`, run as a user would.
struct KotlinCommandTests {
  @Test func generateKotlinWritesChecksAndRefuses() throws {
    let scratch = try TemporaryDirectory()
    let out = scratch.file("DeepLink.kt").path
    let base = ["generate", "kotlin", "--package", "com.example.openlist", "--out", out]
    let written = try Linkgen.run(base + Linkgen.openlist)
    #expect(written.status == 0, "\(written.error)")
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.contains("package com.example.openlist\n"))
    #expect(try Linkgen.run(base + ["--check"] + Linkgen.openlist).status == 0)
    try Data((text + "// edited\n").utf8).write(to: URL(fileURLWithPath: out))
    let stale = try Linkgen.run(base + ["--check"] + Linkgen.openlist)
    #expect(stale.status == 65)
    #expect(stale.error.contains("out of date"))
    let usage = try Linkgen.run(["generate", "kotlin", "--package", "com.fun"] + Linkgen.openlist)
    #expect(usage.status == 64)
    #expect(usage.error.contains("--package"))
  }

  @Test func testVectorsAreJSONWithLinkKitsVerdicts() throws {
    let result = try Linkgen.run(
      ["generate", "test-vectors", "--generated", "50"] + Linkgen.photos
    )
    #expect(result.status == 0, "\(result.error)")
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    )
    #expect(root["format"] as? String == "linkgen-test-vectors")
    #expect(root["version"] as? Int == 1)
    let samples = try #require(root["samples"] as? [[String: Any]])
    let links = try #require(samples.first?["links"] as? [String: Any])
    #expect(
      (links["playStore"] as? String)?.contains("&referrer=deep_link%3Dhttps%253A%252F%252F")
        == true
    )
    let cases = try #require(root["cases"] as? [[String: Any]])
    let sources = Set(cases.compactMap { $0["source"] as? String })
    #expect(sources == ["sample", "hostile", "generated"])
    #expect(cases.filter { $0["source"] as? String == "generated" }.count == 50)
    let nilUUID = cases.first {
      ($0["link"] as? String) == "myphotoapp:00000000-0000-0000-0000-000000000000"
    }
    // Its route needs `index`: LinkKit says which rule refuses it.
    #expect(nilUUID?["error"] as? String == "missingParameter")
    #expect(cases.contains { $0["error"] as? String == "tooLong" })
    let again = try Linkgen.run(["generate", "test-vectors", "--generated", "50"] + Linkgen.photos)
    #expect(again.output == result.output)
  }

  @Test(arguments: [
    ("https://evil.example/x", "hostNotAllowed", 8),
    ("openlist://search?q=%ZZ", "invalidPercentEncoding", 20),
  ])
  func parseFailuresAreJSONOnStandardOutput(link: String, code: String, offset: Int) throws {
    let result = try Linkgen.run(["parse", link, "--format", "json"] + Linkgen.openlist)
    #expect(result.status == 65)
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    )
    let error = try #require(root["error"] as? [String: Any])
    #expect(error["code"] as? String == code)
    #expect(error["offset"] as? Int == offset)
    #expect((error["message"] as? String)?.isEmpty == false)
    #expect(Array(root.keys) == ["error"])
    // Text output still reports on standard error.
    let text = try Linkgen.run(["parse", link] + Linkgen.openlist)
    #expect(text.status == 65)
    #expect(text.output.isEmpty)
    #expect(text.error.contains("linkgen: error:"))
  }
}
