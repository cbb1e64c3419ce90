import Testing

@testable import LinkAssociation

/// What check-aasa reports about typos and details that claim nothing.
struct AASAFindingsTests {
  @Test(arguments: [
    (#"{"applinks": {"details": []}, "webcredentails": {"apps": []}}"#, "webcredentials"),
    (
      #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "component": [{"/": "/x"}]}]}}"#,
      "components"
    ),
    (#"{"applinks": {"detials": []}}"#, "details"),
  ])
  func typosGetADidYouMean(json: String, suggestion: String) throws {
    let finding = try #require(aasa(json).findings.first { $0.code == .unknownKey })
    #expect(finding.message.contains("did you mean '\(suggestion)'?"), "\(finding)")
  }

  @Test(arguments: [
    #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"]}]}}"#,
    #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": []}]}}"#,
    #"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "paths": []}]}}"#,
  ])
  func aDetailWithoutRulesIsAnError(json: String) throws {
    let file = aasa(json)
    let finding = try #require(file.findings.first { $0.code == .noRules })
    #expect(finding.severity == .error)
    #expect(finding.message.contains("claims no URL"))
  }
}
