import Foundation
import LinkAssociation

/// A second, deliberately plain implementation of the AASA matching rules that
/// docs/association.md writes down (backtracking globs with a memo, strings everywhere), to
/// check linkgen's compiled matcher against. Files that use substitution variables are left to
/// the compiled matcher alone.
struct ReferenceMatcher {
  struct Decision: Equatable {
    var detail: Int
    var rule: Int
    var exclude: Bool
  }

  let appLinks: AASAAppLinks

  /// `nil` when the file uses `$(`, which this reference does not expand, or has patterns
  /// longer than this reference's quadratic matching is quick for.
  init?(_ appLinks: AASAAppLinks) {
    for detail in appLinks.details {
      for component in detail.components ?? [] {
        var texts = [component.path, component.fragment].compactMap { $0 }
        if case .pattern(let query)? = component.query { texts.append(query) }
        if case .items(let items)? = component.query { texts += items.map(\.pattern) }
        if texts.contains(where: { $0.contains("$(") || $0.unicodeScalars.count > 1024 }) {
          return nil
        }
      }
      if (detail.paths ?? []).contains(where: { $0.unicodeScalars.count > 1024 }) { return nil }
      for defaults in [detail.defaults, appLinks.defaults] {
        var texts = [defaults.path, defaults.fragment].compactMap { $0 }
        if case .pattern(let query)? = defaults.query { texts.append(query) }
        if case .items(let items)? = defaults.query { texts += items.map(\.pattern) }
        if texts.contains(where: { $0.contains("$(") }) { return nil }
      }
    }
    self.appLinks = appLinks
  }

  func decide(_ url: String, legacy: Bool) -> Decision? {
    guard let parts = Parts(url) else { return nil }
    var exclusion: Decision?
    for (index, detail) in appLinks.details.enumerated() {
      var decision: Decision?
      if legacy {
        guard detail.appID != nil, let paths = detail.paths else { continue }
        decision = decide(paths: paths, parts, detail: index)
      } else {
        guard !detail.allAppIDs.isEmpty else { continue }
        if let components = detail.components {
          for (rule, component) in components.enumerated() where component.isUsable {
            if matches(component, detail: detail, parts) {
              decision = Decision(
                detail: index,
                rule: rule,
                exclude: component.exclude ?? detail.defaults.exclude
                  ?? appLinks.defaults.exclude ?? false
              )
              break
            }
          }
        } else if let paths = detail.paths {
          decision = decide(paths: paths, parts, detail: index)
        }
      }
      guard let decision else { continue }
      if !decision.exclude { return decision }
      if exclusion == nil { exclusion = decision }
    }
    return exclusion
  }

  private func decide(paths: [String], _ parts: Parts, detail: Int) -> Decision? {
    for (rule, entry) in paths.enumerated() {
      let exclude = entry.hasPrefix("NOT ")
      let pattern = exclude ? String(entry.dropFirst(4)) : entry
      if pathMatches(pattern, Self.trimmed(parts.path), fold: false) {
        return Decision(detail: detail, rule: rule, exclude: exclude)
      }
    }
    return nil
  }

  private func matches(_ component: AASAComponent, detail: AASADetail, _ parts: Parts) -> Bool {
    let top = appLinks.defaults
    let caseSensitive =
      component.caseSensitive ?? detail.defaults.caseSensitive ?? top.caseSensitive ?? true
    let encoded =
      component.percentEncoded ?? detail.defaults.percentEncoded ?? top.percentEncoded ?? true
    let fold = !caseSensitive
    func text(_ raw: String) -> String { encoded ? raw : Self.decoded(raw) }
    if let path = component.path ?? detail.defaults.path ?? top.path {
      guard pathMatches(path, text(Self.trimmed(parts.path)), fold: fold) else { return false }
    }
    if let fragment = component.fragment ?? detail.defaults.fragment ?? top.fragment {
      guard Self.glob(fragment, text(parts.fragment ?? ""), fold: fold) else { return false }
    }
    switch component.query ?? detail.defaults.query ?? top.query {
    case nil, .ignored?:
      return true
    case .pattern(let pattern)?:
      return Self.glob(pattern, text(parts.query ?? ""), fold: fold)
    case .items(let items)?:
      let present = parts.items.map { (text($0.0), text($0.1)) }
      for item in items {
        let values = present.filter { $0.0 == item.name }.map(\.1)
        if values.isEmpty {
          guard Self.glob(item.pattern, "", fold: fold) else { return false }
        } else {
          guard values.allSatisfy({ Self.glob(item.pattern, $0, fold: fold) }) else {
            return false
          }
        }
      }
      return true
    }
  }

  /// Leading and trailing slashes do not count; a pattern ending in `/*` also matches the
  /// path without its last segment.
  private func pathMatches(_ pattern: String, _ path: String, fold: Bool) -> Bool {
    let pattern = Self.trimmed(pattern)
    if Self.glob(pattern, path, fold: fold) { return true }
    return pattern.hasSuffix("/*") && Self.glob(String(pattern.dropLast(2)), path, fold: fold)
  }

  static func trimmed(_ path: String) -> String {
    var text = Substring(path)
    while text.hasPrefix("/") { text = text.dropFirst() }
    while text.hasSuffix("/") { text = text.dropLast() }
    return String(text)
  }

  /// `*` any run of scalars, `?` one scalar: for each pattern character in turn, the set of
  /// text positions the pattern so far can reach.
  static func glob(_ pattern: String, _ text: String, fold: Bool) -> Bool {
    let t = Array(text.unicodeScalars).map { fold ? lower($0) : $0 }
    var reachable = [true] + Array(repeating: false, count: t.count)
    for character in pattern.unicodeScalars.map({ fold ? lower($0) : $0 }) {
      var next = Array(repeating: false, count: t.count + 1)
      if character == "*" {
        var seen = false
        for position in 0...t.count {
          seen = seen || reachable[position]
          next[position] = seen
        }
      } else {
        for position in 0..<t.count
        where reachable[position] && (character == "?" || character == t[position]) {
          next[position + 1] = true
        }
      }
      reachable = next
      if !reachable.contains(true) { return false }
    }
    return reachable[t.count]
  }

  /// Lower case where Unicode maps the scalar to exactly one scalar.
  static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    let mapping = scalar.properties.lowercaseMapping.unicodeScalars
    guard mapping.count == 1, let lower = mapping.first else { return scalar }
    return lower
  }

  /// `%XX` decoded as UTF-8; the text as written when the result is not UTF-8.
  static func decoded(_ text: String) -> String {
    var bytes: [UInt8] = []
    var rest = Substring(text).utf8[...]
    while let byte = rest.first {
      let digits = Array(rest.dropFirst().prefix(2))
      if byte == UInt8(ascii: "%"), digits.count == 2,
        let high = hex(digits[0]), let low = hex(digits[1])
      {
        bytes.append(high << 4 | low)
        rest = rest.dropFirst(3)
      } else {
        bytes.append(byte)
        rest = rest.dropFirst()
      }
    }
    return String(validating: bytes, as: UTF8.self) ?? text
  }

  private static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// `scheme://authority/path?query#fragment`, as written.
  struct Parts {
    var path: String
    var query: String?
    var fragment: String?
    var items: [(String, String)] {
      guard let query else { return [] }
      return query.split(separator: "&").map { item in
        guard let equals = item.firstIndex(of: "=") else { return (String(item), "") }
        return (String(item[..<equals]), String(item[item.index(after: equals)...]))
      }
    }

    init?(_ url: String) {
      guard let marker = url.range(of: "://") else { return nil }
      var rest = Substring(url[marker.upperBound...])
      if let hash = rest.firstIndex(of: "#") {
        fragment = String(rest[rest.index(after: hash)...])
        rest = rest[..<hash]
      }
      if let mark = rest.firstIndex(of: "?") {
        query = String(rest[rest.index(after: mark)...])
        rest = rest[..<mark]
      }
      path = String(rest[(rest.firstIndex(of: "/") ?? rest.endIndex)...])
    }
  }
}
