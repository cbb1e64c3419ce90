import LinkKit

/// An `assetlinks.json` file (Digital Asset Links statements), read tolerantly: every problem
/// becomes a ``Finding`` and the rest is still read.
///
/// ```swift
/// let file = AssetLinksFile(bytes)
/// file.statements[0].target   // .androidApp(package: "com.example.app", sha256CertFingerprints: [...])
/// file.findings.errors        // [] for a good file
/// ```
public struct AssetLinksFile: Sendable {
  /// The file's size in bytes.
  public let byteCount: Int
  /// Every problem found, in file order.
  public let findings: [Finding]
  /// Whether Android would ignore the whole file: it is not valid JSON or not an array of
  /// statements.
  public let isRejected: Bool
  /// The statements, in order.
  public let statements: [AssetStatement]

  /// The relation that lets an app open a site's links (App Links).
  public static let handleAllURLs = "delegate_permission/common.handle_all_urls"
  /// The relation that shares sign-in credentials between a site and an app.
  public static let getLoginCreds = "delegate_permission/common.get_login_creds"

  /// The largest file linkgen reads: 128 KB, as for the AASA (Google documents no limit; real
  /// files are a few hundred bytes). A larger file is rejected before it is read.
  public static let maximumSize = 128 * 1024
  /// The deepest linkgen reads the JSON (``Finding/Code/tooDeep`` beyond).
  public static let maximumNestingDepth = JSONReader.maximumDepth

  /// Reads a file's bytes.
  public init(_ bytes: some Sequence<UInt8>) {
    let bytes = Array(bytes)
    guard bytes.count <= Self.maximumSize else {
      byteCount = bytes.count
      findings = [
        .fileTooLarge(
          bytes.count,
          limit: Self.maximumSize,
          " linkgen reads; real statement lists are a few hundred bytes (split a long list "
            + "with include statements)"
        )
      ]
      isRejected = true
      statements = []
      return
    }
    let json = JSONReader.read(bytes)
    let jsonFindings = json.issues.map(Finding.init)
    var reader = AssetLinksReader()
    if let root = json.root { reader.read(root) }
    self.byteCount = bytes.count
    self.findings = (jsonFindings + reader.findings).enumerated()
      .sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }
      .map(\.element)
    self.isRejected =
      json.root == nil || !reader.isStatementList
      || jsonFindings.contains { [.invalidJSON, .tooDeep].contains($0.code) }
    self.statements = reader.statements
  }
}

/// One statement: a relation between the site and a target, or an `include` of more
/// statements.
public struct AssetStatement: Sendable, Hashable {
  /// The relations (`delegate_permission/common.handle_all_urls`…).
  public let relations: [String]
  /// Whom the site vouches for, when the statement has a target.
  public let target: AssetTarget?
  /// The URL of further statements, for an `include` statement.
  public let include: String?
  /// Android 15's `dynamic_app_link_components` for `handle_all_urls`, when present.
  public let dynamicComponents: [AASAComponent]?
}

/// The `target` of a statement.
public enum AssetTarget: Sendable, Hashable {
  /// `namespace: android_app`: an app by package name and signing-certificate fingerprints.
  case androidApp(package: String, sha256CertFingerprints: [String])
  /// `namespace: web`: another site, `https://host[:port]`.
  case web(site: String)
  /// A namespace Android does not define.
  case unknown(namespace: String)
}
