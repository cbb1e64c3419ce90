/// One problem found in an association file, with where it is.
///
/// ```
/// error: applinks.details[0] (line 5): 'appID' and 'appIDs' are both present; …
/// ```
///
/// Errors are problems that make the platform reject the file or a rule, or read it differently
/// from what it seems to say; warnings are problems it tolerates.
public struct Finding: Sendable, Hashable, CustomStringConvertible {
  /// How serious a finding is.
  public enum Severity: String, Sendable, Hashable, CaseIterable {
    /// The file, or a part of it, does not work as written.
    case error
    /// The file works, but something in it is dead, misleading or non-standard.
    case warning
  }

  /// The kind of problem, for programs and tests.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The file is not valid JSON (comments, trailing commas, a syntax error…).
    case invalidJSON = "invalid-json"
    /// The file is larger than the platform downloads (128 KB for the AASA) or linkgen reads
    /// (128 KB for assetlinks.json); it is not read.
    case fileTooLarge = "file-too-large"
    /// The JSON nests deeper than linkgen reads.
    case tooDeep = "too-deep"
    /// The patterns' substitution variables expand beyond what linkgen matches against (see
    /// docs/limits.md).
    case tooComplex = "too-complex"
    /// The file starts with a UTF-8 byte-order mark.
    case byteOrderMark = "byte-order-mark"
    /// An object has the same key twice.
    case duplicateKey = "duplicate-key"
    /// A value has the wrong JSON type.
    case wrongType = "wrong-type"
    /// A required key is missing.
    case missingKey = "missing-key"
    /// A key the format does not define.
    case unknownKey = "unknown-key"
    /// The file declares no service (`applinks`, `webcredentials`, `appclips`…).
    case noServices = "no-services"
    /// An app ID is not `<Team ID>.<bundle ID>`.
    case malformedAppID = "malformed-app-id"
    /// A list of apps is empty.
    case noApps = "no-apps"
    /// A detail has both `appID` and `appIDs`.
    case appIDAndAppIDs = "appid-and-appids"
    /// A detail has legacy `paths` beside `components`.
    case pathsBesideComponents = "paths-beside-components"
    /// A detail pairs `appIDs` (iOS 13+) with only legacy `paths`.
    case appIDsWithPaths = "appids-with-paths"
    /// The legacy `applinks.apps` array is not empty.
    case legacyAppsNotEmpty = "legacy-apps-not-empty"
    /// A detail has neither `components` nor `paths`, or only empty ones: it claims no URL.
    case noRules = "no-rules"
    /// A `?` dictionary has a value that is not a string, so the whole dictionary is ignored.
    case nonStringQueryValue = "non-string-query-value"
    /// A pattern uses a substitution variable that is not defined.
    case undefinedVariable = "undefined-variable"
    /// A substitution variable is malformed (name, values, nesting).
    case invalidVariable = "invalid-variable"
    /// A rule can never match: an earlier rule matches every URL it would.
    case shadowedRule = "shadowed-rule"
    /// A `defaults` object holds a pattern or `exclude`, which Apple's `swcutil` applies to
    /// every rule without its own but Apple does not document.
    case patternInDefaults = "pattern-in-defaults"
    /// The file is not an `assetlinks.json` statement list.
    case notAssetLinks = "not-assetlinks"
    /// A statement's `target.namespace` is neither `android_app` nor `web`.
    case unknownNamespace = "unknown-namespace"
    /// A certificate fingerprint is not 32 upper-case colon-separated hex bytes.
    case malformedFingerprint = "malformed-fingerprint"
    /// An Android package name is malformed.
    case malformedPackage = "malformed-package"
    /// A `web` target's `site` is not `https://host[:port]`.
    case malformedSite = "malformed-site"
    /// An `include` is not an https URL, or the statement has other keys beside it.
    case malformedInclude = "malformed-include"
    /// A relation is not one Android or Google defines.
    case unknownRelation = "unknown-relation"
  }

  /// Error or warning.
  public let severity: Severity
  /// The kind of problem.
  public let code: Code
  /// Where in the JSON (`applinks.details[0].components[2]`), or empty for the whole file.
  public let path: String
  /// The 1-based line in the file, when known.
  public let line: Int?
  /// A sentence naming the problem and, where useful, the fix.
  public let message: String

  /// Creates a finding.
  public init(_ severity: Severity, _ code: Code, path: String, line: Int?, _ message: String) {
    self.severity = severity
    self.code = code
    self.path = path
    self.line = line
    self.message = message
  }

  /// The error for a file over its size limit, which is not read: `reason` follows the size.
  static func fileTooLarge(_ size: Int, limit: Int, _ reason: String) -> Finding {
    Finding(
      .error,
      .fileTooLarge,
      path: "",
      line: nil,
      "the file is \(size) bytes, over the \(limit)-byte (\(limit / 1024) KB) limit" + reason
    )
  }

  /// `error: applinks.details[0] (line 5): message`.
  public var description: String {
    var location = path
    if let line { location += location.isEmpty ? "line \(line)" : " (line \(line))" }
    return "\(severity.rawValue): " + (location.isEmpty ? "" : "\(location): ") + message
  }
}

extension Array where Element == Finding {
  /// The findings that are errors.
  public var errors: [Finding] { filter { $0.severity == .error } }
  /// The findings that are warnings.
  public var warnings: [Finding] { filter { $0.severity == .warning } }
}
