import Foundation
import LinkAssociation
import LinkKit
import LinkgenTestSupport
import Testing

/// Imported links' old paths in the association files, read back with Apple's matcher.
@Suite struct KeptPathClaimsTests {
  let table: RouteTable

  init() throws {
    table = try RouteTable(contentsOf: PackagePaths.example("openlist"))
  }

  func aasa(_ paths: [String]) throws -> AASAFile {
    let claims = try KeptPathClaims(paths, table: table, shortLinkPrefix: "s")
    let text = try AssociationFiles.appleAppSiteAssociation(
      for: table,
      additionalPaths: ["/s/*"],
      keptPaths: claims.paths
    )
    return AASAFile(Array(text.utf8))
  }

  func opens(_ file: AASAFile, _ path: String) -> Bool {
    file.match("https://openlist.example.com\(path)").matched
  }

  @Test func keptPathsOpenTheAppExactlyAndNothingElse() throws {
    let file = try aasa(["/AbCd", "/Old/Sale", "/ZyXwVuTsRqPoNmLkJ"])
    #expect(!file.isRejected)
    for path in ["/AbCd", "/Old/Sale", "/ZyXwVuTsRqPoNmLkJ", "/s/Q1w2E3"] {
      #expect(opens(file, path), "\(path)")
    }
    for path in [
      "/abcd", "/AbCde", "/AbC", "/AbCd/x", "/Old", "/api/AbCd", "/console/", "/healthz",
      "/metrics", "/.well-known/apple-app-site-association", "/account/settings",
    ] {
      #expect(!opens(file, path), "\(path)")
    }
    // The table's routes are still claimed.
    #expect(opens(file, "/invite/ABC123"))
  }

  @Test func pathsTheTablesExcludesMatchAreLeftOut() throws {
    let claims = try KeptPathClaims(["/account/AbCd", "/AbCd", "/AbCd"], table: table)
    #expect(claims.paths == ["/AbCd"])
    #expect(claims.excluded == ["/account/AbCd"])
    let file = try aasa(["/account/AbCd"])
    let match = file.match("https://openlist.example.com/account/AbCd")
    #expect(!match.matched && match.excluded)
  }

  @Test(arguments: [
    "AbCd", "/", "/api/x", "/API/x", "/console", "/.well-known/x", "/healthz", "/metrics",
    "/s/AbCd", "/_linkgen/x", "/a//b", "/a/../b", "/a*", "/a?b", "/a%2Fb", "/é", "/a b",
  ])
  func aPathThatCannotBeKeptIsRefused(path: String) {
    #expect(throws: AssociationError.self) {
      _ = try KeptPathClaims([path], table: table, shortLinkPrefix: "s")
    }
  }

  @Test func theAndroidManifestClaimsEachPath() throws {
    let claims = try KeptPathClaims(["/AbCd", "/account/x"], table: table)
    let manifest = try AssociationFiles.androidManifest(
      for: table,
      additionalPathPrefixes: ["/s/"],
      additionalPaths: claims.paths
    )
    #expect(manifest.contains(#"<data android:path="/AbCd" />"#), "\(manifest)")
    #expect(!manifest.contains("/account/x"))
    #expect(manifest.components(separatedBy: #"android:path="/AbCd""#).count == 3, "both domains")
  }

  @Test func tooManyPathsForApplesLimitAreRefused() throws {
    let paths = (0..<3000).map { "/Unguessable\(String($0 + 100_000))" }
    let claims = try KeptPathClaims(paths, table: table)
    #expect(throws: AssociationError.self) {
      _ = try AssociationFiles.appleAppSiteAssociation(for: table, keptPaths: claims.paths)
    }
    let fits = try AssociationFiles.appleAppSiteAssociation(
      for: table,
      keptPaths: Array(claims.paths.prefix(1500))
    )
    #expect(fits.utf8.count <= AASAFile.maximumSize)
  }
}
