import Foundation
import Testing

@testable import LinkAssociation

/// The real-world, malformed and synthetic files of ../shared/testdata, each producing what its
/// SOURCES.md says: valid real files read without error, the others with the errors named.
@Suite(.enabled(if: Paths.hasSharedData, "../shared/testdata is absent: corpus tests skipped"))
struct CorpusTests {
  /// What a file must produce: exactly these error codes, at least these warning codes.
  struct Expectation: Sendable, CustomTestStringConvertible {
    let file: String
    var errors: Set<Finding.Code> = []
    var warnings: Set<Finding.Code> = []
    var rejected = false
    var testDescription: String { file }
  }

  static let aasa: [Expectation] = [
    // Real files that are valid: no findings at all.
    .init(file: "100mslive__100ms-web.json"),
    .init(file: "16569__accel-link.json"),
    .init(file: "19lmyers__tasks.chara.dev.json"),
    .init(file: "2196official__themitycompany-aasa.json"),
    .init(file: "2stable__passkeys.2stable.com.json"),
    .init(file: "314-Apps__314-apps.com.json"),
    .init(file: "3llomi__FireAppSubDomain.json"),
    .init(file: "44Billion__divine.json"),
    .init(file: "97longphan__appclip-aasa.json"),
    .init(file: "AS207960__as207960.net.json"),
    .init(file: "Expensify__App.json"),
    .init(file: "happn-app__officectl.json"),
    .init(file: "meetoseh__frontend-web.json"),
    // Real files with problems SOURCES.md names as validator rules.
    .init(file: "AL-Mustapha01__apple-app-site-association.json", warnings: [.appIDsWithPaths]),
    .init(file: "Aharonik1__furnis-app-site-association.json", warnings: [.legacyAppsNotEmpty]),
    .init(
      file: "Adophlidu__firefly.social.json",
      errors: [.appIDAndAppIDs],
      warnings: [.pathsBesideComponents]
    ),
    .init(
      file: "transcribed/AppFlowy-IO__AppFlowy-Website.json",
      warnings: [.pathsBesideComponents]
    ),
    .init(file: "transcribed/digris__obr-web.json", warnings: [.shadowedRule]),
    .init(file: "transcribed/Kinecho__cactus.json", errors: [.malformedAppID]),
    .init(file: "malformed/procivis__one-wallet.jsonc", errors: [.invalidJSON], rejected: true),
    // Synthetic spec vectors.
    .init(file: "synthetic/S01-substitution-defaults.json", warnings: [.invalidVariable]),
    .init(file: "synthetic/S02-percent-case.json", warnings: [.shadowedRule]),
    .init(file: "synthetic/S03-legacy-ordering.json", warnings: [.shadowedRule]),
    .init(
      file: "synthetic/S04-invalid-shapes.json",
      // The last detail's components list is empty: it claims no URL.
      errors: [.wrongType, .malformedAppID, .noRules],
      warnings: [.unknownKey, .noApps, .invalidVariable]
    ),
    .init(
      file: "synthetic/S05-trailing-comma.invalid.json",
      errors: [.invalidJSON],
      rejected: true
    ),
    .init(file: "synthetic/S06-utf8-bom.json", warnings: [.byteOrderMark]),
    .init(file: "synthetic/S07-oversize-128k.json", errors: [.fileTooLarge], rejected: true),
    .init(file: "synthetic/S08-duplicate-keys.json", errors: [.duplicateKey]),
    .init(file: "synthetic/S09-deep-nesting.json", errors: [.tooDeep], rejected: true),
  ]

  static let assetLinks: [Expectation] = [
    .init(file: "05201123__applinks.github.io.json"),
    .init(file: "0xGG__crossnote-app.json"),
    .init(file: "100weeks-vsla__vsla-app.json"),
    .init(file: "16569__accel-link.json"),
    .init(file: "19lmyers__tasks.chara.dev.json"),
    .init(file: "28Apps-Software-GmbH__28Apps-Software-GmbH.github.io.json"),
    .init(file: "3846masa__the-camera.json"),
    .init(file: "3llomi__FireAppSubDomain.json"),
    .init(file: "44Billion__divine.json"),
    .init(file: "97longphan__appclip-aasa.json"),
    .init(file: "Adophlidu__firefly.social.json"),
    .init(file: "meetoseh__frontend-web.json"),
    .init(file: "sudo-self__manifest-json.json"),
    .init(file: "transcribed/AppFlowy-IO__AppFlowy-Website.json", warnings: [.unknownKey]),
    .init(file: "transcribed/digitalassetlinks-sample__via__sudo-self__manifest-json.json"),
    .init(file: "malformed/procivis__one-wallet.jsonc", errors: [.invalidJSON], rejected: true),
    .init(file: "synthetic/L01-web-namespace-port.json"),
    .init(
      file: "synthetic/L02-invalid-values.json",
      errors: [.unknownNamespace, .malformedFingerprint, .wrongType, .malformedPackage],
      warnings: [.unknownKey]
    ),
    .init(
      file: "synthetic/L03-statement-list-api-shape.json",
      errors: [.notAssetLinks],
      rejected: true
    ),
  ]

  @Test("apple-app-site-association files", arguments: aasa)
  func aasaFile(_ expected: Expectation) throws {
    let file = AASAFile(try bytes("aasa", expected.file))
    check(file.findings, rejected: file.isRejected, expected)
  }

  @Test("assetlinks.json files", arguments: assetLinks)
  func assetLinksFile(_ expected: Expectation) throws {
    let file = AssetLinksFile(try bytes("assetlinks", expected.file))
    check(file.findings, rejected: file.isRejected, expected)
  }

  @Test("every file of the corpus has an expectation", arguments: ["aasa", "assetlinks"])
  func corpusIsCovered(_ directory: String) throws {
    let expected = Set((directory == "aasa" ? Self.aasa : Self.assetLinks).map(\.file))
    let base = Paths.testdata.appendingPathComponent(directory)
    var found: Set<String> = []
    for sub in ["", "transcribed", "malformed", "synthetic"] {
      let folder = sub.isEmpty ? base : base.appendingPathComponent(sub)
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
      where name.hasSuffix(".json") || name.hasSuffix(".jsonc") {
        found.insert(sub.isEmpty ? name : "\(sub)/\(name)")
      }
    }
    #expect(found == expected)
  }

  private func bytes(_ directory: String, _ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: Paths.testdata.appendingPathComponent("\(directory)/\(name)")))
  }

  private func check(_ findings: [Finding], rejected: Bool, _ expected: Expectation) {
    #expect(Set(findings.errors.map(\.code)) == expected.errors, "\(findings)")
    #expect(Set(findings.warnings.map(\.code)).isSuperset(of: expected.warnings), "\(findings)")
    if expected.errors.isEmpty && expected.warnings.isEmpty {
      #expect(findings.isEmpty, "a valid real-world file reads without findings: \(findings)")
    }
    #expect(rejected == expected.rejected)
    for finding in findings where finding.code != .fileTooLarge {
      #expect(finding.line != nil, "\(finding)")
    }
  }

  // MARK: What the files say

  private func aasaFile(_ name: String) throws -> AASAFile {
    AASAFile(try bytes("aasa", name))
  }

  @Test func meetosehExcludesBeforeItsCatchAll() throws {
    let file = try aasaFile("meetoseh__frontend-web.json")
    #expect(file.match("https://oseh.io/anything").rule == 8)
    #expect(file.match("https://oseh.io/api/v1/x").excluded)
    #expect(file.match("https://oseh.io/x?utm_campaign=course").rule == 1)
    #expect(file.match("https://oseh.io/x?utm_campaign=course").excluded)
    #expect(file.match("https://oseh.io/x#no_universal_links").excluded)
    #expect(file.match("https://oseh.io/authorize/").excluded, "trailing slash is insignificant")
  }

  @Test func fireflyHybridDetail() throws {
    let file = try aasaFile("Adophlidu__firefly.social.json")
    #expect(file.match("https://firefly.social/fortune/1").excluded)
    #expect(file.match("https://firefly.social/abcdefghijkl").rule == 0, "12 characters")
    #expect(file.match("https://firefly.social/abcdefghijk").matched == false, "11 characters")
    // iOS 12 reads appID with paths, whose last entry is a catch-all.
    #expect(file.match("https://firefly.social/fortune/1", mode: .legacy).rule == 13)
  }

  @Test func legacyOrderingMakesTheNOTEntriesDead() throws {
    let file = try aasaFile("synthetic/S03-legacy-ordering.json")
    let api = file.match("https://example.com/api/x", mode: .legacy)
    #expect(api.appIDs == ["ABCDE12345.com.example.first"])
    #expect(api.rule == 0)
    #expect(file.activityContinuation?.apps == ["ABCDE12345.com.example.first"])
    #expect(file.appClips?.apps == ["ABCDE12345.com.example.first.Clip"])
  }

  @Test func substitutionVariablesAndDefaults() throws {
    let file = try aasaFile("synthetic/S01-substitution-defaults.json")
    #expect(file.match("https://example.com/gb/admin/x").excluded)
    #expect(file.match("https://example.com/gb/albums/x").rule == 1)
    // The detail's caseSensitive: true overrides the top-level false.
    #expect(!file.match("https://example.com/GB/albums/x").matched)
    #expect(!file.match("https://example.com/gb/albums").matched, "?* needs a character")
    #expect(file.match("https://example.com/albums?index=1&albumname=x").rule == 2)
    #expect(!file.match("https://example.com/albums?index=12").matched)
  }

  @Test func percentEncodingAndCase() throws {
    let file = try aasaFile("synthetic/S02-percent-case.json")
    #expect(file.match("https://example.com/caf%C3%A9/x").rule == 0)
    #expect(file.match("https://example.com/ALBUMS/x").rule == 2)
    #expect(file.match("https://example.com/x?a=1&token=2").excluded)
    #expect(file.match("https://example.com/a%20b/x").rule == 5)
  }

  @Test func appFlowyClaimsNothingOnIOS12() throws {
    let file = try aasaFile("transcribed/AppFlowy-IO__AppFlowy-Website.json")
    #expect(file.match("https://appflowy.com/x").matched)
    #expect(!file.match("https://appflowy.com/x", mode: .legacy).matched, "appIDs is an iOS 13 key")
  }

  @Test func assetLinksStatements() throws {
    let dynamic = AssetLinksFile(try bytes("assetlinks", "16569__accel-link.json"))
    #expect(dynamic.statements.first?.relations.count == 2)
    #expect(dynamic.statements.first?.dynamicComponents?.first?.exclude == true)
    let mixed = AssetLinksFile(try bytes("assetlinks", "synthetic/L01-web-namespace-port.json"))
    #expect(
      mixed.statements.map(\.target) == [
        .web(site: "https://example.com:49300"),
        .androidApp(
          package: "com.example.openlist",
          sha256CertFingerprints: [
            "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
          ]
        ),
        nil,
      ]
    )
    #expect(mixed.statements.last?.include == "https://example.com/includedstatements.json")
  }

  @Test func invalidFingerprintsAreEachNamed() throws {
    let file = AssetLinksFile(try bytes("assetlinks", "synthetic/L02-invalid-values.json"))
    let messages = file.findings.filter { $0.code == .malformedFingerprint }.map(\.message)
    #expect(messages.count == 5)
    #expect(messages.contains { $0.contains("upper-case") })
    #expect(messages.contains { $0.contains("SHA-1") })
    #expect(messages.contains { $0.contains("no colons") })
    #expect(messages.contains { $0.contains("placeholder") })
    #expect(messages.contains { $0.contains("empty") })
  }
}
