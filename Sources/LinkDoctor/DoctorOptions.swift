package import Foundation

/// What `linkgen doctor` checks and how it connects.
package struct DoctorOptions: Sendable {
  /// Apple's CDN, to which the domain is appended.
  package static let appleCDN = "https://app-site-association.cdn-apple.com/a/v1/"

  /// The link domain: `openlist.example.com`.
  package var domain: String
  /// curl's `--connect-to` entries: `HOST1:PORT1:HOST2:PORT2`.
  package var connectTo: [String]
  /// A PEM file of CAs trusted besides the system's.
  package var caFile: String?
  /// The base URL of Apple's CDN (the domain is appended).
  package var appleCDNURL: String
  /// The longest one fetch may take, in seconds.
  package var timeout: Int
  /// A certificate expiring within this many days is a warning.
  package var expiryWarningDays: Int
  /// The time certificates are judged at.
  package var now: Date

  package init(
    domain: String,
    connectTo: [String] = [],
    caFile: String? = nil,
    appleCDNURL: String = DoctorOptions.appleCDN,
    timeout: Int = 15,
    expiryWarningDays: Int = 21,
    now: Date = Date()
  ) {
    self.domain = domain
    self.connectTo = connectTo
    self.caFile = caFile
    self.appleCDNURL = appleCDNURL
    self.timeout = timeout
    self.expiryWarningDays = expiryWarningDays
    self.now = now
  }

  /// Checks the options before anything is fetched.
  func validated() throws(DoctorError) -> DoctorOptions {
    var options = self
    options.domain = domain.lowercased()
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-")
    guard !options.domain.isEmpty, options.domain.allSatisfy(allowed.contains),
      !options.domain.hasPrefix("."), !options.domain.hasSuffix("."), options.domain.contains(".")
    else {
      throw DoctorError(
        .invalidDomain,
        "'\(domain)' is not a domain name: give the bare host, such as links.example.com "
          + "(no https://, port or path)"
      )
    }
    for entry in connectTo where !Self.isConnectTo(entry) {
      throw DoctorError(
        .invalidConnectTo,
        "--connect-to '\(entry)' is not HOST1:PORT1:HOST2:PORT2, as curl's option (such as "
          + "\(options.domain):443:127.0.0.1:8443)"
      )
    }
    try checkCDN()
    if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
      throw DoctorError(.unreadableCAFile, "cannot read the --ca-file \(caFile)")
    }
    return options
  }

  private func checkCDN() throws(DoctorError) {
    guard appleCDNURL.hasPrefix("https://") || appleCDNURL.hasPrefix("http://"),
      URL(string: appleCDNURL) != nil
    else {
      throw DoctorError(
        .invalidCDNURL,
        "--apple-cdn-url '\(appleCDNURL)' is not an http(s) URL (the default is \(Self.appleCDN))"
      )
    }
  }

  /// `HOST1:PORT1:HOST2:PORT2`: four parts (the last host may be `[v6]`), ports numeric or
  /// empty, as curl reads it.
  static func isConnectTo(_ entry: String) -> Bool {
    var rest = Substring(entry)
    var parts: [Substring] = []
    for _ in 0..<2 {
      guard let colon = rest.firstIndex(of: ":") else { return false }
      parts.append(rest[..<colon])
      rest = rest[rest.index(after: colon)...]
    }
    guard let colon = rest.lastIndex(of: ":") else { return false }
    parts.append(rest[..<colon])
    parts.append(rest[rest.index(after: colon)...])
    let ports = [parts[1], parts[3]]
    return ports.allSatisfy { $0.isEmpty || (Int($0).map { (1...65535).contains($0) } ?? false) }
      && !parts[2].contains("/") && !parts[0].contains("/")
  }
}
