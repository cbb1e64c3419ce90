public import LinkKit

/// Proves that the association files generated for a table agree with its routes: for every
/// route it builds sample universal links on every domain and checks that
///
/// - the generated AASA claims each for the iOS app (read back with ``AASAFile`` and matched
///   as iOS 13+ does), and so does the `--legacy` form, as iOS 12 and earlier read it;
/// - Android's generated intent filters accept each path, and the dynamic components of the
///   generated `assetlinks.json` claim each link;
///
/// and that links on the table's excluded paths and fragments are claimed by none of them.
///
/// ```swift
/// let check = AssociationCheck(table: table)
/// check.problems      // [] when everything agrees
/// check.sampleLinks   // the universal links that were checked
/// ```
public struct AssociationCheck: Sendable {
  /// One disagreement.
  public struct Problem: Sendable, Hashable, CustomStringConvertible {
    /// What it concerns: `route 'invite'`, `association.excludes[0]`, `generated AASA`.
    public let subject: String
    /// A sentence naming the link, the file and the reason.
    public let message: String

    /// `subject: message`.
    public var description: String { "\(subject): \(message)" }
  }

  /// A remark that is not a failure.
  public struct Note: Sendable, Hashable, CustomStringConvertible {
    /// The kind of remark, for programs that react to it.
    public enum Code: String, Sendable, Hashable, CaseIterable {
      /// A generated file has a warning (a finding its reader tolerates).
      case generatedFileWarning
      /// A platform cannot express part of the table (excluded fragments in legacy paths,
      /// excludes in Android's intent filters).
      case notExpressible
    }

    /// The kind of remark.
    public let code: Code
    /// A sentence naming what it concerns and why.
    public let message: String

    /// The message.
    public var description: String { message }
  }

  /// The sample universal links of the routes, on every domain.
  public private(set) var sampleLinks: [String] = []
  /// The links on excluded paths and fragments that must not be claimed.
  public private(set) var excludedLinks: [String] = []
  /// Which files were checked (`apple-app-site-association`, …).
  public private(set) var files: [String] = []
  /// Every disagreement found; empty when the files agree with the table.
  public private(set) var problems: [Problem] = []
  /// Remarks that are not failures: warnings about the generated files, and what a platform
  /// cannot express (excludes in legacy paths or the manifest).
  public private(set) var notes: [Note] = []

  /// Runs the check.
  public init(table: RouteTable) {
    var generated = Generated()
    if table.app.ios != nil { generateApple(table, into: &generated) }
    if table.app.android != nil { generateAndroid(table, into: &generated) }
    checkRoutes(table, generated)
    checkExcludes(table, generated)
  }

  /// The generated files, read back as the platforms read them.
  private struct Generated {
    var aasa: AASAFile?
    var legacy: AASAFile?
    var dynamic: CompiledAppLinks?
    var androidRules: [AndroidPathRule]?
  }

  private mutating func generateApple(_ table: RouteTable, into generated: inout Generated) {
    generated.aasa = self.generated("apple-app-site-association") {
      () throws(AssociationError) in
      AASAFile(Array(try AssociationFiles.appleAppSiteAssociation(for: table).utf8))
    }
    generated.legacy = self.generated("apple-app-site-association --legacy") {
      () throws(AssociationError) in
      AASAFile(Array(try AssociationFiles.appleAppSiteAssociation(for: table, legacy: true).utf8))
    }
    for (name, file) in [
      ("apple-app-site-association", generated.aasa),
      ("apple-app-site-association --legacy", generated.legacy),
    ] {
      guard let file else { continue }
      record(file.findings.filter { $0.code != .pathsBesideComponents }, of: name)
    }
  }

  private mutating func generateAndroid(_ table: RouteTable, into generated: inout Generated) {
    guard let android = table.app.android else { return }
    generated.androidRules = table.routes.map(RoutePatterns.android)
    files.append("AndroidManifest.xml intent filters")
    let name = "assetlinks.json --dynamic-components"
    guard
      let links = self.generated(
        name,
        { () throws(AssociationError) in
          AssetLinksFile(
            Array(try AssociationFiles.assetLinks(for: table, dynamicComponents: true).utf8)
          )
        }
      )
    else { return }
    record(links.findings, of: "assetlinks.json")
    let components = links.statements.first?.dynamicComponents ?? []
    generated.dynamic = CompiledAppLinks(components: components, appIDs: [android.package])
  }

  /// A generated file's errors are problems; its warnings are notes.
  private mutating func record(_ findings: [Finding], of name: String) {
    for finding in findings {
      if finding.severity == .error {
        problems.append(Problem(subject: "generated \(name)", message: finding.description))
      } else {
        notes.append(Note(code: .generatedFileWarning, message: "generated \(name): \(finding)"))
      }
    }
  }

  /// Whether the files agree with the table.
  public var passed: Bool { problems.isEmpty }

  private mutating func generated<File>(_ name: String, _ body: () throws(AssociationError) -> File)
    -> File?
  {
    do {
      let file = try body()
      files.append(name)
      return file
    } catch {
      problems.append(Problem(subject: "generated \(name)", message: error.message))
      return nil
    }
  }

  // MARK: Routes

  private mutating func checkRoutes(_ table: RouteTable, _ generated: Generated) {
    let canonical = "https://" + table.app.canonicalDomain
    for route in table.routes {
      let subject = "route '\(route.name)'"
      for arguments in SampleValues.argumentSets(for: route) {
        let link: String
        do throws(LinkError) {
          link = try table.link(
            .universal,
            for: table.values(for: route.name, arguments: arguments)
          )
        } catch {
          problems.append(
            Problem(subject: subject, message: "cannot build a sample link: \(error.message)")
          )
          continue
        }
        for domain in table.app.domains {
          let url = "https://" + domain + link.dropFirst(canonical.count)
          sampleLinks.append(url)
          if let ios = table.app.ios {
            checkApple(url, domain: domain, appID: ios.appID, generated, subject)
          }
          checkAndroid(url, generated, subject)
        }
      }
    }
  }

  /// The AASA claims the link for the app, and so does its legacy form, as iOS 13+ and as
  /// iOS 12 read it.
  private mutating func checkApple(
    _ url: String,
    domain: String,
    appID: String,
    _ generated: Generated,
    _ subject: String
  ) {
    let checks: [(AASAFile?, AASAMatchMode, String)] = [
      (generated.aasa, .modern, "the AASA"),
      (generated.legacy, .modern, "the legacy AASA"),
      (generated.legacy, .legacy, "the legacy AASA as iOS 12 reads it"),
    ]
    for case (let file?, let mode, let name) in checks {
      expectClaimed(file, url, domain: domain, mode: mode, appID: appID, file: name, subject)
    }
  }

  /// The dynamic components of assetlinks.json claim the link, and the manifest's intent
  /// filters accept its path.
  private mutating func checkAndroid(_ url: String, _ generated: Generated, _ subject: String) {
    guard let parts = URLParts(url) else { return }
    if let dynamic = generated.dynamic {
      let decision = dynamic.decide(parts, mode: .modern)
      if decision == nil || decision?.exclude == true {
        problems.append(
          Problem(
            subject: subject,
            message: "\(url) is not claimed by the dynamic components of assetlinks.json"
              + (decision.map { " (excluded by component [\($0.rule)])" } ?? "")
          )
        )
      }
    }
    if let androidRules = generated.androidRules {
      let path = URLParts.percentDecoded(parts.path.isEmpty ? "/" : parts.path)
      if !androidRules.contains(where: { $0.matches(path) }) {
        problems.append(
          Problem(
            subject: subject,
            message: "the manifest's intent filters do not accept the path of \(url)"
          )
        )
      }
    }
  }

  private mutating func expectClaimed(
    _ file: AASAFile,
    _ url: String,
    domain: String,
    mode: AASAMatchMode,
    appID: String,
    file name: String,
    _ subject: String
  ) {
    let match = file.match(url, domain: domain, mode: mode)
    guard !match.matched || !match.appIDs.contains(appID) else { return }
    problems.append(
      Problem(
        subject: subject,
        message: "\(url) is not claimed for \(appID) by \(name): \(match.reason)"
      )
    )
  }

  // MARK: Excludes

  /// A link that must open in the browser: on an excluded path or with an excluded fragment.
  private struct ExcludedCase {
    var subject: String
    var url: String
    /// Whether the legacy `paths` form can express the exclusion (not for fragments).
    var legacyExpressible: Bool
  }

  private mutating func checkExcludes(_ table: RouteTable, _ generated: Generated) {
    let cases = excludedCases(table)
    noteInexpressibleExcludes(table, cases: cases, generated)
    for excluded in cases {
      excludedLinks.append(excluded.url)
      checkExcluded(excluded, generated)
    }
  }

  /// A sample link for every exclude on every domain, and for every excluded fragment.
  private func excludedCases(_ table: RouteTable) -> [ExcludedCase] {
    let association = table.association
    var cases: [ExcludedCase] = []
    for (index, pattern) in association.excludes.enumerated() {
      for domain in table.app.domains {
        cases.append(
          ExcludedCase(
            subject: "association.excludes[\(index)]",
            url: "https://\(domain)\(SampleValues.path(matching: pattern))",
            legacyExpressible: true
          )
        )
      }
    }
    if let base = sampleLinks.first {
      for (index, pattern) in association.excludeFragments.enumerated() {
        cases.append(
          ExcludedCase(
            subject: "association.excludeFragments[\(index)]",
            url: base + "#" + SampleValues.path(matching: pattern),
            legacyExpressible: false
          )
        )
      }
    }
    return cases
  }

  private mutating func noteInexpressibleExcludes(
    _ table: RouteTable,
    cases: [ExcludedCase],
    _ generated: Generated
  ) {
    if cases.contains(where: { !$0.legacyExpressible }) && generated.legacy != nil {
      notes.append(
        Note(
          code: .notExpressible,
          message: "legacy paths cannot exclude fragments: iOS 12 and earlier open "
            + "excluded-fragment links in the app"
        )
      )
    }
    if !cases.isEmpty && table.app.android != nil {
      notes.append(
        Note(
          code: .notExpressible,
          message: "Android before 15 ignores dynamic components: the manifest cannot exclude "
            + "paths, so the app must hand excluded links back to the browser"
        )
      )
    }
  }

  /// No generated file claims the excluded link.
  private mutating func checkExcluded(_ excluded: ExcludedCase, _ generated: Generated) {
    let (subject, url) = (excluded.subject, excluded.url)
    let domain = URLParts(url)?.host
    if let aasa = generated.aasa {
      expectUnclaimed(aasa.match(url, domain: domain), url, file: "the AASA", subject)
    }
    if let legacy = generated.legacy {
      expectUnclaimed(legacy.match(url, domain: domain), url, file: "the legacy AASA", subject)
      if excluded.legacyExpressible {
        expectUnclaimed(
          legacy.match(url, domain: domain, mode: .legacy),
          url,
          file: "the legacy AASA as iOS 12 reads it",
          subject
        )
      }
    }
    if let dynamic = generated.dynamic, let parts = URLParts(url),
      let decision = dynamic.decide(parts, mode: .modern),
      !decision.exclude
    {
      problems.append(
        Problem(
          subject: subject,
          message: "\(url) is claimed by dynamic component [\(decision.rule)] of assetlinks.json"
        )
      )
    }
  }

  private mutating func expectUnclaimed(
    _ match: AASAMatch,
    _ url: String,
    file: String,
    _ subject: String
  ) {
    guard match.matched else { return }
    problems.append(
      Problem(
        subject: subject,
        message: "\(url) is excluded, but \(file) claims it: \(match.reason)"
      )
    )
  }
}
