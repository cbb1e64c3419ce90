import Foundation
import LinkgenTestSupport
import Testing

/// End-to-end tests of the association commands, running the built `linkgen`.
@Suite(.blockingWork)
struct AssociationCommandTests {
  static let openlist = ["--config", "Examples/openlist/linkgen.json"]
  static let uuidLink =
    "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301"

  /// The issue's done-when: the generated AASA claims the shared-checklist link for the app,
  /// and check-aasa says so.
  @Test func aasaClaimsTheSharedChecklistAndCheckAASASaysSo() throws {
    let aasa = try Linkgen.run(["aasa"] + Self.openlist)
    #expect(aasa.status == 0, "\(aasa.error)")
    #expect(aasa.output.contains("\"ABCDE12345.com.example.openlist\""))
    let directoryScratch = try TemporaryDirectory()
    let directory = directoryScratch.url
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("apple-app-site-association")
    try Data(aasa.output.utf8).write(to: file)
    let check = try Linkgen.run([
      "check-aasa", file.path, "--url", Self.uuidLink, "--domain", "openlist.example.com",
      "--format", "json",
    ])
    #expect(check.status == 0, "\(check.error)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any]
    )
    #expect(json["errors"] as? Int == 0)
    let urls = try #require(json["urls"] as? [[String: Any]])
    #expect(urls.count == 1)
    #expect(urls[0]["url"] as? String == Self.uuidLink)
    #expect(urls[0]["matched"] as? Bool == true)
    #expect(urls[0]["appIDs"] as? [String] == ["ABCDE12345.com.example.openlist"])
    #expect(urls[0]["detail"] as? Int == 0)
    #expect(urls[0]["rule"] as? Int == 3)
    // The text form says the same.
    let text = try Linkgen.run(["check-aasa", file.path, "--url", Self.uuidLink])
    #expect(text.output.contains("opens the app: applinks.details[0].components[3]"))
    #expect(text.output.contains("opens ABCDE12345.com.example.openlist"))
  }

  @Test func checkAASAReadsStandardInputAndReportsExclusions() throws {
    let aasa = try Linkgen.run(["aasa", "--legacy"] + Self.openlist)
    let check = try Linkgen.run(
      [
        "check-aasa", "-", "--url", "https://openlist.example.com/account/me", "--legacy",
        "--format", "json",
      ],
      input: aasa.output
    )
    #expect(check.status == 0, "warnings only: \(check.error)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any]
    )
    let url = try #require((json["urls"] as? [[String: Any]])?.first)
    #expect(url["matched"] as? Bool == false)
    #expect(url["excluded"] as? Bool == true)
    #expect(url["rulePath"] as? String == "applinks.details[0].paths[0]")
    let findings = try #require(json["findings"] as? [[String: Any]])
    #expect(findings.map { $0["code"] as? String } == ["paths-beside-components"])
  }

  @Test func checkAASAExitsWith65OnErrorsAndNamesThem() throws {
    let broken =
      #"{"applinks": {"details": [{"appID": "nope", "appIDs": ["ABCDE12345.a.b"], "components": [{"/": "*"},]}]}}"#
    let check = try Linkgen.run(["check-aasa", "-"], input: broken)
    #expect(check.status == 65)
    #expect(check.output.contains("error: applinks.details[0]"))
    #expect(check.output.contains("'appID' and 'appIDs' are both present"))
    #expect(check.output.contains("trailing comma"))
    #expect(check.error.contains("linkgen: error: standard input has 3 errors"))
  }

  @Test func checkAASAOnAMissingFileExitsWith66() throws {
    let check = try Linkgen.run(["check-aasa", "no/such/file"])
    #expect(check.status == 66)
    #expect(check.error.contains("cannot read no/such/file: no such file"))
  }

  @Test func checkAssetLinksOnGeneratedAndBrokenFiles() throws {
    let links = try Linkgen.run(["assetlinks", "--dynamic-components"] + Self.openlist)
    #expect(links.status == 0)
    let good = try Linkgen.run(["check-assetlinks", "-"], input: links.output)
    #expect(good.status == 0, "\(good.output)")
    #expect(good.output.contains("OK"))
    #expect(
      good.output.contains("android_app com.example.openlist (1 fingerprint), 9 dynamic components")
    )
    let bad = try Linkgen.run(
      ["check-assetlinks", "-", "--format", "json"],
      input:
        #"[{"relation": "delegate_permission/common.handle_all_urls", "target": {"namespace": "android_app", "package_name": "x", "sha256_cert_fingerprints": ["ab:cd"]}}]"#
    )
    #expect(bad.status == 65)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(bad.output.utf8)) as? [String: Any]
    )
    let codes = (json["findings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
    #expect(codes == ["wrong-type", "malformed-package", "malformed-fingerprint"])
  }

  @Test func outFileIsWrittenWholeAndMatchesStandardOutput() throws {
    let directoryScratch = try TemporaryDirectory()
    let directory = directoryScratch.url
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("assetlinks.json")
    try Data("old".utf8).write(to: target)
    let written = try Linkgen.run(["assetlinks", "--out", target.path] + Self.openlist)
    #expect(written.status == 0, "\(written.error)")
    #expect(written.output.isEmpty)
    let printed = try Linkgen.run(["assetlinks"] + Self.openlist)
    #expect(try String(contentsOf: target, encoding: .utf8) == printed.output)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["assetlinks.json"],
      "no temp files left"
    )
  }

  @Test func outCreatesMissingFoldersAsTheReadmeUsesIt() throws {
    let directoryScratch = try TemporaryDirectory()
    let directory = directoryScratch.url
    defer { try? FileManager.default.removeItem(at: directory) }
    for (command, path) in [
      ("aasa", "public/.well-known/apple-app-site-association"),
      ("assetlinks", "public/.well-known/assetlinks.json"),
      ("ios-entitlements", "App/Debug.entitlements"),
    ] {
      let result = try Linkgen.run([command, "--out", path] + Linkgen.openlist, in: directory)
      #expect(result.status == 0, "\(command): \(result.error)")
      let written = try String(
        contentsOf: directory.appendingPathComponent(path),
        encoding: .utf8
      )
      #expect(written == (try Linkgen.run([command] + Self.openlist)).output)
    }
  }

  @Test func anUnwritableOutFileExitsWith73AndWritesNothing() throws {
    let directoryScratch = try TemporaryDirectory()
    let directory = directoryScratch.url
    defer { try? FileManager.default.removeItem(at: directory) }
    // A file in the way of a folder.
    try Data().write(to: directory.appendingPathComponent("public"))
    let result = try Linkgen.run(
      ["aasa", "--out", directory.appendingPathComponent("public/x/aasa").path] + Self.openlist
    )
    #expect(result.status == 73)
    #expect(result.error.contains("linkgen: error: cannot create the folder"))
    #expect(result.error.contains("a file is in the way"))
    #expect(result.output.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["public"])
    try FileManager.default.removeItem(at: directory.appendingPathComponent("public"))
    // A directory in the way of the file: the rename fails, the temporary file is removed.
    let blocked = directory.appendingPathComponent("taken")
    try FileManager.default.createDirectory(
      at: blocked.appendingPathComponent("inside"),
      withIntermediateDirectories: true
    )
    let second = try Linkgen.run(["aasa", "--out", blocked.path] + Self.openlist)
    #expect(second.status == 73)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["taken"])
  }

  @Test func developerModeWarnsOnStandardError() throws {
    let result = try Linkgen.run(["ios-entitlements", "--developer-mode"] + Self.openlist)
    #expect(result.status == 0)
    #expect(result.output.contains("<string>applinks:openlist.example.com?mode=developer</string>"))
    #expect(
      result.error.contains("linkgen: warning: ?mode=developer is for development builds only")
    )
    let plain = try Linkgen.run(["ios-entitlements"] + Self.openlist)
    #expect(plain.error.isEmpty)
    #expect(!plain.output.contains("mode=developer"))
  }

  @Test func snippetCommandsPrintWellFormedSnippets() throws {
    let plist = try Linkgen.run(
      ["ios-plist", "--query-scheme", "myphotoapp"] + Self.openlist
    )
    #expect(plist.status == 0)
    #expect(plist.output.contains("<string>myphotoapp</string>"))
    let badScheme = try Linkgen.run(
      ["ios-plist", "--query-scheme", "no way"] + Self.openlist
    )
    #expect(badScheme.status == 64)
    let manifest = try Linkgen.run(
      ["android-manifest", "--activity", ".LinkActivity"] + Self.openlist
    )
    #expect(manifest.status == 0)
    #expect(manifest.output.contains(#"<intent-filter android:autoVerify="true">"#))
    #expect(manifest.output.contains(#"android:name=".LinkActivity""#))
  }

  /// Files hosted elsewhere than `linkgen serve` claim its short links on request, so a tap on
  /// https://<domain>/s/<code> opens the app on iOS and on Android.
  @Test func theShortLinksOfServeAreClaimedOnRequest() throws {
    let manifest = try Linkgen.run(
      ["android-manifest", "--short-link-prefix", "s"] + Self.openlist
    )
    #expect(manifest.status == 0, "\(manifest.error)")
    #expect(manifest.output.contains(#"<data android:pathPrefix="/s/" />"#), "\(manifest.output)")
    let aasa = try Linkgen.run(["aasa", "--short-link-prefix", "go"] + Self.openlist)
    #expect(aasa.status == 0, "\(aasa.error)")
    let check = try Linkgen.run(
      ["check-aasa", "-", "--url", "https://openlist.example.com/go/k3x9q2mz"],
      input: aasa.output
    )
    #expect(check.status == 0, "\(check.output)\(check.error)")
    #expect(check.output.contains("opens the app"), "\(check.output)")
    // Without the option, neither claims them.
    let plain = try Linkgen.run(["android-manifest"] + Self.openlist)
    #expect(!plain.output.contains(#""/s/""#))
    let bad = try Linkgen.run(["android-manifest", "--short-link-prefix", "s/x"] + Self.openlist)
    #expect(bad.status == 64)
    #expect(bad.error.contains("--short-link-prefix"), "\(bad.error)")
  }

  @Test(arguments: [["openlist"], ["photos"]])
  func validateAssociationPassesForTheExamples(_ example: [String]) throws {
    let result = try Linkgen.run([
      "validate", "--association", "--config", "Examples/\(example[0])/linkgen.json",
    ])
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(result.output.contains("association: OK"))
  }

  @Test func validateAssociationFailsWhenAnExcludeSwallowsARoute() throws {
    let directoryScratch = try TemporaryDirectory()
    let directory = directoryScratch.url
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = try String(
      contentsOf: Linkgen.packageRoot.appendingPathComponent("Examples/openlist/linkgen.json"),
      encoding: .utf8
    )
    let table = directory.appendingPathComponent("linkgen.json")
    try Data(
      source.replacingOccurrences(
        of: #""/oauth/callback""#,
        with: #""/oauth/callback", "/invite/*""#
      ).utf8
    )
    .write(to: table)
    let result = try Linkgen.run(["validate", "--association", "--config", table.path])
    #expect(result.status == 65)
    #expect(
      result.output.contains(
        "problem: route 'invite': https://openlist.example.com/invite/AAAAAA is not claimed"
      )
    )
    #expect(result.error.contains("the association files disagree with the routes"))
    // Without the flag the table itself is valid.
    #expect(try Linkgen.run(["validate", "--config", table.path]).status == 0)
  }

  @Test(arguments: [
    "aasa", "assetlinks", "ios-entitlements", "ios-plist", "android-manifest", "check-aasa",
    "check-assetlinks",
  ])
  func helpShowsExamples(_ command: String) throws {
    let result = try Linkgen.run([command, "--help"])
    #expect(result.status == 0)
    #expect(result.output.contains("Examples:"))
    #expect(result.output.contains("linkgen \(command)"))
  }

  @Test func generatorsFailClearlyWithoutThePlatform() throws {
    let result = try Linkgen.run([
      "assetlinks", "--config", "Examples/openlist/missing.json",
    ])
    #expect(result.status == 66)
    let directoryScratch = try TemporaryDirectory()
    let directory = directoryScratch.url
    defer { try? FileManager.default.removeItem(at: directory) }
    let table = directory.appendingPathComponent("linkgen.json")
    try Data(
      #"{"app": {"scheme": "bare", "domains": ["bare.example.com"]}, "routes": [{"name": "home", "scheme": "bare://home", "universal": "/"}]}"#
        .utf8
    ).write(to: table)
    let aasa = try Linkgen.run(["aasa", "--config", table.path])
    #expect(aasa.status == 65)
    #expect(aasa.error.contains("the route table has no app.ios"))
  }
}
