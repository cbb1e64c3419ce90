import Foundation
import LinkgenTestSupport
import Testing

/// The repository's deployment, and each classic fault made by a small nginx configuration.
enum DoctorCase: String, CaseIterable, CustomStringConvertible {
  /// deploy/nginx/linkgen.conf, as committed (only ports and paths swapped).
  case deploy
  case aasaRedirect
  case aasaAsHTML
  case htmlPageInstead
  case routeNotClaimed
  case otherFingerprint
  case httpToOtherHost
  case cdnDiffers
  case expiredCertificate
  /// Not one of the issue's eight: an AASA over 128 KB (the fetch stops at the limit).
  case aasaTooLarge
  /// Not a fault: a certificate with 10 days left, a warning.
  case expiringSoon

  /// The cases that must fail a check.
  static var faults: [DoctorCase] { allCases.filter { $0 != .deploy && $0 != .expiringSoon } }

  var description: String { rawValue }

  /// The check that must fail, and a word its fix must contain.
  var expected: (id: String, fixMentions: String) {
    switch self {
    case .deploy, .expiringSoon: ("", "")
    case .aasaRedirect: ("aasa.fetch", "redirect")
    case .aasaAsHTML: ("aasa.content-type", "application/json")
    case .htmlPageInstead: ("aasa.json", "serve the file itself")
    case .routeNotClaimed: ("aasa.routes", "linkgen aasa")
    case .otherFingerprint: ("assetlinks.fingerprints", "Play App Signing")
    case .httpToOtherHost: ("http.redirect", "same host")
    case .cdnDiffers: ("apple-cdn", "mode=developer")
    case .expiredCertificate: ("tls.certificate", "renew")
    case .aasaTooLarge: ("aasa.size", "shorten it")
    }
  }

  /// Checks that fail as a consequence of the fault (nothing else may fail).
  var alsoFailing: Set<String> {
    switch self {
    // Apple's CDN still serves the good file, which the origin no longer does.
    case .aasaRedirect, .routeNotClaimed, .aasaTooLarge: ["apple-cdn"]
    case .htmlPageInstead: ["aasa.content-type", "apple-cdn"]
    // Nothing is fetched over HTTPS once TLS is refused.
    case .expiredCertificate:
      ["aasa.fetch", "apple-cdn", "assetlinks.fetch", "links.ios", "links.android"]
    default: []
    }
  }

  /// The fault's nginx lines inside the HTTPS server (`FILES` is the lab's directory).
  var httpsLines: String {
    switch self {
    case .aasaRedirect:
      "location = /.well-known/apple-app-site-association { return 301 https://$host/apple-app-site-association; }"
    case .aasaAsHTML:
      "location = /.well-known/apple-app-site-association { types { } default_type text/html; alias FILES/aasa.json; }"
    case .htmlPageInstead:
      """
      location = /.well-known/apple-app-site-association { default_type text/html; return 200 "<!DOCTYPE html><title>Just a moment...</title><p>Checking your browser"; }
      """
    case .routeNotClaimed:
      "location = /.well-known/apple-app-site-association { default_type application/json; alias FILES/aasa-without-invite.json; }"
    case .aasaTooLarge:
      "location = /.well-known/apple-app-site-association { default_type application/json; alias FILES/aasa-too-large.json; }"
    case .otherFingerprint:
      "location = /.well-known/assetlinks.json { default_type application/json; alias FILES/assetlinks-other-key.json; }"
    default: ""
    }
  }

  /// What the HTTP server does.
  var httpLines: String {
    self == .httpToOtherHost
      ? "return 301 https://www.openlist.example.com$request_uri;"
      : "return 301 https://$host$request_uri;"
  }

  /// The certificate the HTTPS server presents.
  var certificate: String {
    switch self {
    case .expiredCertificate: "expired.pem"
    case .expiringSoon: "soon.pem"
    default: "site.pem"
    }
  }
}

/// The files the faults serve: the AASA as linkgen makes it, one from the table without the
/// `invite` route (also the stale CDN copy), and assetlinks.json with another key.
enum FaultFiles {
  static func write(in directory: TemporaryDirectory) throws {
    let table = PackagePaths.example("openlist")
    try linkgen(["aasa", "--config", table.path, "--out", directory.file("aasa.json").path])
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: table)) as? [String: Any]
    )
    let routes = try #require(json["routes"] as? [[String: Any]])
    json["routes"] = routes.filter { $0["name"] as? String != "invite" }
    try JSONSerialization.data(withJSONObject: json).write(to: directory.file("no-invite.json"))
    try linkgen([
      "aasa", "--config", directory.file("no-invite.json").path,
      "--out", directory.file("aasa-without-invite.json").path,
    ])
    json["routes"] = routes
    var app = try #require(json["app"] as? [String: Any])
    var android = try #require(app["android"] as? [String: Any])
    android["sha256CertFingerprints"] = [
      (0..<32).map { String(format: "%02X", ($0 * 37 + 11) % 256) }.joined(separator: ":")
    ]
    app["android"] = android
    json["app"] = app
    try JSONSerialization.data(withJSONObject: json).write(to: directory.file("other-key.json"))
    try linkgen([
      "assetlinks", "--config", directory.file("other-key.json").path,
      "--out", directory.file("assetlinks-other-key.json").path,
    ])
    let padding = String(repeating: "x", count: 130 * 1024)
    try Data(#"{"applinks": {"details": []}, "padding": "\#(padding)"}"#.utf8)
      .write(to: directory.file("aasa-too-large.json"))
    for name in [
      "aasa.json", "aasa-without-invite.json", "assetlinks-other-key.json", "aasa-too-large.json",
    ] {
      chmod(directory.file(name).path, 0o644)
    }
  }

  private static func linkgen(_ arguments: [String]) throws {
    let result = try ProcessRunner.run(DoctorLab.linkgen, arguments)
    guard result.status == 0 else {
      throw LabError(description: "linkgen \(arguments[0]) failed: \(result.error)")
    }
  }
}
