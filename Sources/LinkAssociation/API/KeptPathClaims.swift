public import LinkKit

/// The old paths of imported short links (`/AbCd`, kept from Firebase Dynamic Links or another
/// shortener) that the association files claim, so that a tap on one opens the app as a
/// `/s/<code>` short link does.
///
/// Each path is claimed exactly, as a list, never by a pattern: a pattern for FDL's 4- or
/// 17-character codes (`/????`) would also claim every other path of that length, including
/// ones the server answers itself or that no link keeps. A path the table's
/// `association.excludes` match is left out (``excluded``): the excludes keep their meaning
/// on Android too, where the manifest cannot express them. The cost is the file's size: each
/// path is a component of its own (no comment), about 50 bytes for a 4-character code and 63
/// for a 17-character one, so Apple's 128 KB holds some 2,500 short or 2,000 unguessable codes
/// beside a table like OpenList's; beyond that
/// ``AssociationFiles/appleAppSiteAssociation(for:legacy:additionalPaths:keptPaths:)`` refuses
/// with ``AssociationError/Code/fileTooLarge``.
///
/// ```swift
/// let claims = try KeptPathClaims(["/AbCd", "/promo/spring"], table: table)
/// let aasa = try AssociationFiles.appleAppSiteAssociation(
///   for: table,
///   additionalPaths: ["/s/*"],
///   keptPaths: claims.paths
/// )
/// ```
public struct KeptPathClaims: Sendable, Hashable {
  /// First path segments the server answers itself, never claimed (compared without case).
  public static let reservedFirstSegments: Set<String> = [
    "api", "console", ".well-known", "healthz", "metrics", "apple-app-site-association",
    "_linkgen",
  ]

  /// The paths claimed, sorted, each once.
  public let paths: [String]
  /// The paths left out because one of the table's excludes matches them.
  public let excluded: [String]

  /// Checks the paths and sorts out the excluded ones.
  ///
  /// - Parameter shortLinkPrefix: The server's short-link segment (`s`), which no kept path
  ///   may start with.
  /// - Throws: ``AssociationError`` with ``AssociationError/Code/invalidPathPrefix`` for a path
  ///   that cannot be kept (see ``isKeepable(_:shortLinkPrefix:)``).
  public init(
    _ paths: [String],
    table: RouteTable,
    shortLinkPrefix: String? = nil
  ) throws(AssociationError) {
    for path in paths where !Self.isKeepable(path[...], shortLinkPrefix: shortLinkPrefix) {
      throw AssociationError(
        .invalidPathPrefix,
        "the kept path '\(path.prefix(80))' cannot be claimed: a kept path is '/' and 1–16 "
          + "segments of A–Z, a–z, 0–9, '-', '.', '_', '~', none of the server's own"
      )
    }
    let excludes = Self.excludesFile(table)
    var claimed: [String] = []
    var excluded: [String] = []
    for path in Set(paths).sorted() {
      let match = excludes.match("https://\(table.app.canonicalDomain)\(path)")
      if match.excluded { excluded.append(path) } else { claimed.append(path) }
    }
    self.paths = claimed
    self.excluded = excluded
  }

  /// Whether a path can be an imported link's kept path: `/` and 1–16 segments of `A`–`Z`,
  /// `a`–`z`, `0`–`9`, `-`, `.`, `_`, `~` (no `.` or `..` segment, so no AASA wildcard), at
  /// most 256 bytes, whose first segment is neither one of ``reservedFirstSegments`` nor the
  /// short-link prefix.
  public static func isKeepable(_ path: Substring, shortLinkPrefix: String? = nil) -> Bool {
    let bytes = Array(path.utf8)
    guard bytes.count >= 2, bytes.count <= 256, bytes[0] == UInt8(ascii: "/") else {
      return false
    }
    let segments = bytes.dropFirst().split(
      separator: UInt8(ascii: "/"),
      omittingEmptySubsequences: false
    )
    guard segments.count <= 16 else { return false }
    for segment in segments {
      guard !segment.isEmpty, segment.allSatisfy(isPathByte) else { return false }
      if segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) { return false }
    }
    let first = String(decoding: segments[0], as: UTF8.self).lowercased()
    return !reservedFirstSegments.contains(first) && first != shortLinkPrefix?.lowercased()
  }

  static func isPathByte(_ byte: UInt8) -> Bool {
    (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
      || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
  }

  /// An AASA holding only the table's excludes before a rule that claims everything: read by
  /// Apple's matcher, it says which paths the excludes keep out.
  static func excludesFile(_ table: RouteTable) -> AASAFile {
    var components: [JSONValue] = table.association.excludes.map {
      .object([("/", .string($0)), ("exclude", .bool(true))])
    }
    components.append(.object([("/", .string("*"))]))
    let detail = JSONValue.object([
      ("appIDs", .array([.string("ABCDE12345.kept.paths")])), ("components", .array(components)),
    ])
    let root = JSONValue.object([("applinks", .object([("details", .array([detail]))]))])
    return AASAFile(Array(root.rendered().utf8))
  }
}
