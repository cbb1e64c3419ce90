/// Slash rules shared by patterns and URLs (docs/association.md, "How linkgen matches"):
/// leading and trailing runs of slashes do not count (`abc`, `/abc` and `//abc` are the same
/// pattern; `/buy` and `/buy//` the same path), while slashes inside a path are compared as
/// written.
enum PathNormalization {
  static func pattern(_ pattern: String) -> String {
    var text = Substring(pattern)
    while text.hasPrefix("/") { text = text.dropFirst() }
    while text.hasSuffix("/") { text = text.dropLast() }
    return String(text)
  }

  static func path(_ path: String) -> String {
    pattern(path)
  }

  /// The tokens of a normalized path pattern, and the alternative a pattern ending in `/*`
  /// also accepts: its parent (`/buy/*` matches `/buy`).
  static func alternatives(
    _ normalized: String,
    tokenize: (String) -> [WildcardPattern.Token]
  ) -> (tokens: [WildcardPattern.Token], parent: [[WildcardPattern.Token]]) {
    let tokens = tokenize(normalized)
    guard normalized.hasSuffix("/*") else { return (tokens, []) }
    return (tokens, [tokenize(String(normalized.dropLast(2)))])
  }
}

/// A legacy `paths` entry: `NOT /private/*` excludes, anything else includes.
struct LegacyPath: Sendable {
  let exclude: Bool
  /// The normalized pattern, without `NOT `.
  let pattern: String

  init(_ entry: String) {
    exclude = entry.hasPrefix("NOT ")
    pattern = PathNormalization.pattern(exclude ? String(entry.dropFirst(4)) : entry)
  }
}

/// The `applinks` rules with every pattern compiled once, for fast repeated matching.
final class CompiledAppLinks: Sendable {
  struct Detail: Sendable {
    /// Apps for iOS 13+: `appIDs`, then `appID`.
    let appIDs: [String]
    /// The app for iOS 12 and earlier: `appID` only.
    let legacyAppID: String?
    let components: [Component]?
    let paths: [Path]?
  }

  struct Component: Sendable {
    let index: Int
    let exclude: Bool
    let caseSensitive: Bool
    let percentEncoded: Bool
    let path: WildcardPattern?
    let fragment: WildcardPattern?
    let query: Query
  }

  enum Query: Sendable {
    case any
    case pattern(WildcardPattern)
    case items([(name: String, pattern: WildcardPattern)])
  }

  struct Path: Sendable {
    let index: Int
    let exclude: Bool
    let pattern: WildcardPattern
  }

  /// The most automaton states linkgen builds for one file's patterns (docs/limits.md).
  static let maximumStates = AASAFile.maximumPatternStates

  let details: [Detail]
  /// The automaton states the file's patterns need (counted up to just past the maximum).
  let stateCount: Int
  /// Whether the file needs more than ``maximumStates``, so that nothing was compiled.
  var isTooComplex: Bool { stateCount > Self.maximumStates }

  init(_ appLinks: AASAAppLinks?) {
    guard let appLinks else {
      details = []
      stateCount = 0
      return
    }
    let variables = SubstitutionVariables(custom: appLinks.substitutionVariables)
    stateCount = Self.states(appLinks, variables)
    guard stateCount <= Self.maximumStates else {
      details = []
      return
    }
    details = appLinks.details.map { detail in
      Detail(
        appIDs: detail.allAppIDs,
        legacyAppID: detail.appID,
        components: detail.components.map { components in
          components.enumerated().compactMap { index, component in
            Self.compile(component, index: index, detail: detail, top: appLinks.defaults, variables)
          }
        },
        paths: detail.paths.map { paths in
          paths.enumerated().map { index, entry in
            let legacy = LegacyPath(entry)
            // Legacy paths predate substitution variables: `$(` is literal there.
            let (tokens, parent) = PathNormalization.alternatives(
              legacy.pattern,
              tokenize: SubstitutionVariables.plainTokens
            )
            return Path(
              index: index,
              exclude: legacy.exclude,
              pattern: WildcardPattern(tokens, alternatives: parent, foldCase: false)
            )
          }
        }
      )
    }
  }

  /// The automaton states the file's usable rules need, counted until past the maximum.
  private static func states(_ appLinks: AASAAppLinks, _ variables: SubstitutionVariables) -> Int {
    var total = 0
    for detail in appLinks.details {
      for component in detail.components ?? [] where component.isUsable {
        let rule = component.resolved(detail.defaults, appLinks.defaults)
        var texts = [rule.fragment].compactMap { $0 }
        if let path = rule.path.map(PathNormalization.pattern) {
          // A path ending in /* is compiled twice (itself and its parent).
          texts += path.hasSuffix("/*") ? [path, path] : [path]
        }
        switch rule.query {
        case .pattern(let query)?: texts.append(query)
        case .items(let items)?: texts += items.map(\.pattern)
        default: break
        }
        for text in texts {
          total += WildcardPattern.cost(
            variables.tokens(text).tokens,
            limit: maximumStates - total
          )
          if total > maximumStates { return total }
        }
      }
    }
    return total
  }

  /// Internal rules built directly (the self-check matches generated dynamic components).
  init(components: [AASAComponent], appIDs: [String]) {
    stateCount = 0
    details = [
      Detail(
        appIDs: appIDs,
        legacyAppID: nil,
        components: components.enumerated().compactMap { index, component in
          Self.compile(
            component,
            index: index,
            detail: AASADetail(
              appIDs: appIDs,
              appID: nil,
              components: nil,
              paths: nil,
              defaults: AASADefaults()
            ),
            top: AASADefaults(),
            SubstitutionVariables()
          )
        },
        paths: nil
      )
    ]
  }

  private static func compile(
    _ component: AASAComponent,
    index: Int,
    detail: AASADetail,
    top: AASADefaults,
    _ variables: SubstitutionVariables
  ) -> Component? {
    guard component.isUsable else { return nil }
    let component = component.resolved(detail.defaults, top)
    let caseSensitive = component.caseSensitive ?? true
    let percentEncoded = component.percentEncoded ?? true
    let fold = !caseSensitive
    func plain(_ text: String) -> WildcardPattern {
      WildcardPattern(variables.tokens(text).tokens, foldCase: fold)
    }
    let path = component.path.map { text -> WildcardPattern in
      let (tokens, parent) = PathNormalization.alternatives(
        PathNormalization.pattern(text),
        tokenize: { variables.tokens($0).tokens }
      )
      return WildcardPattern(tokens, alternatives: parent, foldCase: fold)
    }
    let query: Query
    switch component.query {
    case nil, .ignored?: query = .any
    case .pattern(let text)?: query = .pattern(plain(text))
    case .items(let items)?: query = .items(items.map { ($0.name, plain($0.pattern)) })
    }
    return Component(
      index: index,
      exclude: component.exclude ?? false,
      caseSensitive: caseSensitive,
      percentEncoded: percentEncoded,
      path: path,
      fragment: component.fragment.map(plain),
      query: query
    )
  }
}

extension CompiledAppLinks {
  /// The rule that decided a URL.
  struct Decision {
    let detail: Int
    let rule: Int
    /// `true` when the rule is a legacy `paths` entry, `false` for a component.
    let isPath: Bool
    let exclude: Bool
  }

  /// The first detail that claims the URL, or else the first exclusion met, or `nil` when no
  /// rule matches. Within a detail the first matching rule decides; an exclusion ends that
  /// detail's scan and the next detail (another app) is tried.
  func decide(_ url: URLParts, mode: AASAMatchMode) -> Decision? {
    var exclusion: Decision?
    for (detailIndex, detail) in details.enumerated() {
      let decision: Decision?
      switch mode {
      case .modern:
        guard !detail.appIDs.isEmpty else { continue }
        if let components = detail.components {
          decision = components.first { Self.matches($0, url) }.map {
            Decision(detail: detailIndex, rule: $0.index, isPath: false, exclude: $0.exclude)
          }
        } else if let paths = detail.paths {
          decision = Self.decide(paths, url, detail: detailIndex)
        } else {
          decision = nil
        }
      case .legacy:
        guard detail.legacyAppID != nil, let paths = detail.paths else { continue }
        decision = Self.decide(paths, url, detail: detailIndex)
      }
      guard let decision else { continue }
      if !decision.exclude { return decision }
      if exclusion == nil { exclusion = decision }
    }
    return exclusion
  }

  private static func decide(_ paths: [Path], _ url: URLParts, detail: Int) -> Decision? {
    let path = PathNormalization.path(url.path)
    return paths.first { $0.pattern.matches(path, foldCase: false) }.map {
      Decision(detail: detail, rule: $0.index, isPath: true, exclude: $0.exclude)
    }
  }

  static func matches(_ component: Component, _ url: URLParts) -> Bool {
    let fold = !component.caseSensitive
    func text(_ raw: String) -> String {
      component.percentEncoded ? raw : URLParts.percentDecoded(raw)
    }
    if let pattern = component.path {
      // Trailing slashes go before decoding, so an encoded %2F is never a separator.
      guard pattern.matches(text(PathNormalization.path(url.path)), foldCase: fold) else {
        return false
      }
    }
    if let pattern = component.fragment {
      guard pattern.matches(text(url.fragment ?? ""), foldCase: fold) else { return false }
    }
    switch component.query {
    case .any:
      return true
    case .pattern(let pattern):
      return pattern.matches(text(url.query ?? ""), foldCase: fold)
    case .items(let items):
      let present = url.queryItems.map { (name: text($0.name), value: text($0.value)) }
      return items.allSatisfy { item in
        let values = present.filter { $0.name == item.name }.map(\.value)
        // A missing item counts as present and empty; every occurrence must match.
        return values.isEmpty
          ? item.pattern.matches("", foldCase: fold)
          : values.allSatisfy { item.pattern.matches($0, foldCase: fold) }
      }
    }
  }
}
