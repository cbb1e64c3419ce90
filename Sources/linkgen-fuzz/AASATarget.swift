import LinkAssociation

/// The apple-app-site-association reader and matcher.
enum AASATarget {
  static let target = FuzzTarget(
    name: "aasa",
    summary: "the AASA reader and matcher: no trap; reading and matching are deterministic; "
      + "findings move with the lines; decisions agree with a reference matcher",
    check: check
  )

  static let domain = "example.com"

  static func check(_ bytes: [UInt8]) {
    let file = AASAFile(bytes)
    let again = AASAFile(bytes)
    Invariant.require(
      file.findings == again.findings && file.isRejected == again.isRejected
        && file.appLinks == again.appLinks,
      "reading the same bytes twice gave different results"
    )
    FindingChecks.lines(file.findings, in: bytes)
    if file.findings.contains(where: { [.invalidJSON, .tooDeep, .fileTooLarge].contains($0.code) })
    {
      Invariant.require(file.isRejected, "a file with \(file.findings.errors) is not rejected")
    }
    if bytes.count < AASAFile.maximumSize, !bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      FindingChecks.shifted(file.findings, AASAFile([0x0A] + bytes).findings)
    }
    let reference = file.appLinks.flatMap(ReferenceMatcher.init)
    for url in urls(for: file) {
      for mode in AASAMatchMode.allCases {
        let match = file.match(url, domain: domain, mode: mode)
        Invariant.require(
          match == file.match(url, domain: domain, mode: mode),
          "matching \(url) twice gave different answers"
        )
        consistent(match, rejected: file.isRejected)
        guard let reference, !file.isRejected else { continue }
        let expected = reference.decide(url, legacy: mode == .legacy)
        Invariant.require(
          match.matched == (expected.map { !$0.exclude } ?? false)
            && match.excluded == (expected?.exclude ?? false)
            && match.detail == expected?.detail && match.rule == expected?.rule,
          "\(mode) matching of \(url) says \(match.reason) (detail \(match.detail as Any), rule "
            + "\(match.rule as Any)); the reference says \(expected as Any)"
        )
      }
    }
  }

  /// What every answer must satisfy.
  static func consistent(_ match: AASAMatch, rejected: Bool) {
    if match.matched {
      Invariant.require(
        !rejected && !match.excluded && !match.appIDs.isEmpty && match.rulePath != nil,
        "an inconsistent match: \(match)"
      )
    } else {
      Invariant.require(match.appIDs.isEmpty, "no match, but apps: \(match)")
    }
    if match.excluded {
      Invariant.require(match.rulePath != nil && match.rule != nil, "an exclusion without a rule")
    }
  }

  /// URLs on the file's domain worth matching: fixed probes, and for every pattern in the file
  /// a few texts it should or nearly should match.
  static func urls(for file: AASAFile) -> [String] {
    var paths = [
      "", "/", "//", "/buy", "/buy/", "/buy//", "/buy/42", "/BUY/42", "//abc", "/abc", "/a/b",
      "/a//b", "/a/./b", "/a/../b", "/a%20b", "/a%2Fb", "/caf%C3%A9", "/caf%c3%a9", "/%ZZ",
      "/id/481", "/id/4815",
    ]
    var queries: [String?] = [nil, "", "a=1", "id=7&id=42", "flag", "a=1&&b=2", "q=%41"]
    var fragments: [String?] = [nil, "", "no_universal_links", "x"]
    var patterns: [String] = []
    for detail in file.appLinks?.details ?? [] {
      patterns += detail.paths ?? []
      for component in detail.components ?? [] {
        patterns += [component.path].compactMap { $0 }
        if let fragment = component.fragment { fragments += samples(fragment).map(Optional.some) }
        switch component.query {
        case .pattern(let query)?: queries += samples(query).map(Optional.some)
        case .items(let items)?:
          queries.append(
            items.map { "\($0.name)=\(samples($0.pattern)[0])" }.joined(separator: "&")
          )
        default: break
        }
      }
    }
    for pattern in patterns.prefix(16) {
      let text = pattern.hasPrefix("NOT ") ? String(pattern.dropFirst(4)) : pattern
      for sample in samples(text) {
        let path = sample.hasPrefix("/") ? sample : "/" + sample
        paths += [path, path + "/", path.uppercased()]
      }
    }
    var urls: [String] = []
    for (index, path) in paths.enumerated() where !path.contains("?") && !path.contains("#") {
      let query = queries[index % queries.count]
      let fragment = fragments[index % fragments.count]
      for (query, fragment) in [(nil, nil), (query, fragment)] {
        var url = "https://\(domain)" + path
        if let query, !query.contains("#") { url += "?" + query }
        if let fragment { url += "#" + fragment }
        if url.utf8.count <= 600 { urls.append(url) }
      }
    }
    return Array(urls.prefix(96))
  }

  /// Texts near a pattern: each `*` as nothing and as `x/y`, each `?` as `q`.
  static func samples(_ pattern: String) -> [String] {
    let short = String(pattern.prefix(200))
    return [
      short.replacing("*", with: "").replacing("?", with: "q"),
      short.replacing("*", with: "x/y").replacing("?", with: "Q"),
    ]
  }
}

/// Checks shared by the AASA and assetlinks targets.
enum FindingChecks {
  /// Every line number lies within the file.
  static func lines(_ findings: [Finding], in bytes: [UInt8]) {
    let lines = bytes.count(where: { $0 == 0x0A }) + 1
    for finding in findings {
      guard let line = finding.line else { continue }
      Invariant.require(
        (1...lines).contains(line),
        "a finding on line \(line) of a \(lines)-line file: \(finding)"
      )
    }
  }

  /// After a newline is put in front of the file, the same findings, each a line further down.
  static func shifted(_ findings: [Finding], _ moved: [Finding]) {
    func key(_ finding: Finding, shift: Int) -> String {
      "\(finding.severity) \(finding.code) \(finding.path) \(finding.line.map { $0 + shift } as Any)"
    }
    Invariant.require(
      findings.map { key($0, shift: 1) } == moved.map { key($0, shift: 0) },
      "a leading newline changed the findings:\n    \(findings)\n    \(moved)"
    )
  }
}
