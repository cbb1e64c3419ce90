import LinkKit

/// An `apple-app-site-association` file, read tolerantly: every problem becomes a ``Finding``
/// and the rest of the file is still read, so one run reports everything and URLs can be
/// matched against what the file says.
///
/// ```swift
/// let file = AASAFile(bytes)
/// for finding in file.findings { print(finding) }
/// let match = file.match("https://example.com/buy/42", domain: "example.com")
/// match.matched   // true
/// match.appIDs    // ["ABCDE12345.com.example.app"]
/// ```
///
/// Reading never throws. ``isRejected`` says whether Apple would refuse the whole file
/// (invalid JSON, larger than ``maximumSize``…); ``match(_:domain:mode:)`` then reports that
/// no URL opens an app.
public struct AASAFile: Sendable {
  /// The largest file Apple downloads: 128 KB. A larger file is rejected before it is read.
  public static let maximumSize = 128 * 1024
  /// The deepest linkgen reads the JSON (``Finding/Code/tooDeep`` beyond); the format needs 7
  /// levels.
  public static let maximumNestingDepth = JSONReader.maximumDepth
  /// The most automaton states linkgen builds for a file's patterns: substitution variables
  /// multiply them (each `$(lang)` costs about 2,300). A file that needs more gets a
  /// ``Finding/Code/tooComplex`` error and is not matched.
  public static let maximumPatternStates = 100_000

  /// The file's size in bytes.
  public let byteCount: Int
  /// Every problem found, errors and warnings, in file order.
  public let findings: [Finding]
  /// Whether Apple would ignore the whole file: it is not valid JSON, not a JSON object, or
  /// larger than ``maximumSize``.
  public let isRejected: Bool
  /// The `applinks` service (universal links), when present.
  public let appLinks: AASAAppLinks?
  /// The `webcredentials` service (shared passwords and passkeys), when present.
  public let webCredentials: AASAService?
  /// The `appclips` service, when present.
  public let appClips: AASAService?
  /// The `activitycontinuation` service (Handoff), when present.
  public let activityContinuation: AASAService?

  let compiled: CompiledAppLinks

  /// Reads a file's bytes.
  public init(_ bytes: some Sequence<UInt8>) {
    let bytes = Array(bytes)
    guard bytes.count <= Self.maximumSize else {
      // Apple does not download it: nothing in it counts, so it is not read.
      byteCount = bytes.count
      findings = [
        .fileTooLarge(
          bytes.count,
          limit: Self.maximumSize,
          "; Apple does not download it, so no link opens the app (linkgen does not read it)"
        )
      ]
      isRejected = true
      appLinks = nil
      webCredentials = nil
      appClips = nil
      activityContinuation = nil
      compiled = CompiledAppLinks(nil)
      return
    }
    var findings: [Finding] = []
    let json = JSONReader.read(bytes)
    findings += json.issues.map(Finding.init)
    var reader = AASAReader()
    if let root = json.root { reader.read(root) }
    findings += reader.findings
    let compiled = CompiledAppLinks(reader.appLinks)
    if compiled.isTooComplex {
      findings.append(
        Finding(
          .error,
          .tooComplex,
          path: "applinks",
          line: nil,
          "the patterns' substitution variables expand to more than "
            + "\(CompiledAppLinks.maximumStates) automaton states; linkgen does not match URLs "
            + "against this file (use fewer variables, or variables with fewer values)"
        )
      )
    }
    self.byteCount = bytes.count
    self.findings = findings.enumerated()
      .sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }
      .map(\.element)
    self.isRejected =
      json.root == nil || !reader.isObject
      || findings.contains { [.invalidJSON, .tooDeep, .fileTooLarge].contains($0.code) }
    self.appLinks = reader.appLinks
    self.webCredentials = reader.webCredentials
    self.appClips = reader.appClips
    self.activityContinuation = reader.activityContinuation
    self.compiled = compiled
  }
}

/// The `applinks` object: the universal-link rules.
public struct AASAAppLinks: Sendable, Hashable {
  /// Top-level matching defaults.
  public let defaults: AASADefaults
  /// The file's substitution variables, name → values.
  public let substitutionVariables: [String: [String]]
  /// The details, in order; the first that claims a URL wins.
  public let details: [AASADetail]
  /// The legacy `apps` array (must be empty), when present.
  public let legacyApps: [String]?
}

/// A `defaults` object, at the top of `applinks` or in a detail: values that the rules below
/// inherit when they do not set their own (a rule's own value wins over its detail's, which
/// wins over the top level's). `nil` inherits from the level above; the last default of
/// `caseSensitive` and `percentEncoded` is `true`, of `exclude` `false`, and of the patterns
/// `*`.
///
/// Apple documents `caseSensitive` and `percentEncoded` here, and describes the object as a
/// kind of component; Apple's `swcutil` also applies a `/`, `?`, `#` or `exclude` it holds
/// (see docs/association.md), so linkgen does too.
public struct AASADefaults: Sendable, Hashable {
  /// Whether patterns compare case-sensitively.
  public let caseSensitive: Bool?
  /// Whether URLs are compared as written (`true`) or percent-decoded first (`false`).
  public let percentEncoded: Bool?
  /// The `/` path pattern rules without one inherit.
  public let path: String?
  /// The `?` query pattern or dictionary rules without one inherit.
  public let query: AASAQuery?
  /// The `#` fragment pattern rules without one inherit.
  public let fragment: String?
  /// Whether rules that do not say are exclusions.
  public let exclude: Bool?

  /// Creates defaults.
  public init(
    caseSensitive: Bool? = nil,
    percentEncoded: Bool? = nil,
    path: String? = nil,
    query: AASAQuery? = nil,
    fragment: String? = nil,
    exclude: Bool? = nil
  ) {
    self.caseSensitive = caseSensitive
    self.percentEncoded = percentEncoded
    self.path = path
    self.query = query
    self.fragment = fragment
    self.exclude = exclude
  }
}

/// One entry of `applinks.details`: apps and the rules that give them URLs.
public struct AASADetail: Sendable, Hashable {
  /// The `appIDs` array (iOS 13+), when present.
  public let appIDs: [String]?
  /// The `appID` string (all versions), when present.
  public let appID: String?
  /// The `components` rules (iOS 13+), when present.
  public let components: [AASAComponent]?
  /// The legacy `paths` rules (`NOT ` excludes), when present.
  public let paths: [String]?
  /// Per-detail matching defaults.
  public let defaults: AASADefaults

  /// The apps the detail names, `appIDs` first, then `appID` if not already listed.
  public var allAppIDs: [String] {
    var ids = appIDs ?? []
    if let appID, !ids.contains(appID) { ids.append(appID) }
    return ids
  }
}

/// One rule of a detail's `components`, as written. A key the rule leaves out comes from the
/// ``AASADefaults`` of its detail, then of `applinks`; a pattern nobody sets matches anything.
public struct AASAComponent: Sendable, Hashable {
  /// The `/` path pattern; `nil` when the rule has none.
  public let path: String?
  /// The `?` query pattern or dictionary; `nil` when the rule has none.
  public let query: AASAQuery?
  /// The `#` fragment pattern; `nil` when the rule has none.
  public let fragment: String?
  /// Whether a match keeps the URL out of the app; `nil` when the rule does not say (the
  /// `defaults` then decide, and otherwise it is not an exclusion).
  public let exclude: Bool?
  /// The `comment`, which the system ignores.
  public let comment: String?
  /// The rule's own `caseSensitive`.
  public let caseSensitive: Bool?
  /// The rule's own `percentEncoded`.
  public let percentEncoded: Bool?
  /// `false` when a key has the wrong type (`"/": 5`, `"exclude": "yes"`); linkgen's matcher
  /// then skips the rule (Apple does not document what it does).
  public let isUsable: Bool

  /// The rule with what it leaves out taken from the defaults: the detail's, then the top
  /// level's.
  func resolved(_ detail: AASADefaults, _ top: AASADefaults) -> AASAComponent {
    AASAComponent(
      path: path ?? detail.path ?? top.path,
      query: query ?? detail.query ?? top.query,
      fragment: fragment ?? detail.fragment ?? top.fragment,
      exclude: exclude ?? detail.exclude ?? top.exclude,
      comment: comment,
      caseSensitive: caseSensitive ?? detail.caseSensitive ?? top.caseSensitive,
      percentEncoded: percentEncoded ?? detail.percentEncoded ?? top.percentEncoded,
      isUsable: isUsable
    )
  }
}

/// A rule's `?` key.
public enum AASAQuery: Sendable, Hashable {
  /// A pattern for the whole query string.
  case pattern(String)
  /// Patterns for named query items; every occurrence of a name must match, and a missing
  /// item counts as present and empty.
  case items([AASAQueryItem])
  /// A dictionary with a non-string value, which Apple ignores as a whole: the rule matches
  /// any query.
  case ignored
}

/// One entry of a `?` dictionary.
public struct AASAQueryItem: Sendable, Hashable {
  /// The query item's name, compared exactly.
  public let name: String
  /// The pattern its value must match.
  public let pattern: String
}

/// A service that lists apps only: `webcredentials`, `appclips`, `activitycontinuation`.
public struct AASAService: Sendable, Hashable {
  /// The app IDs.
  public let apps: [String]
}
