package import HTTPTypes

/// The headers every response carries: a Content-Security-Policy (the page's own for landing
/// pages, nothing allowed for everything else), `frame-ancestors 'none'` and
/// `X-Frame-Options: DENY` (no page is framed), `X-Content-Type-Options: nosniff`,
/// `Referrer-Policy`, and `Strict-Transport-Security` when the server terminates TLS itself.
struct SecurityHeaders: Sendable {
  /// The policy of everything but HTML pages: nothing loads, nothing runs, no framing; an
  /// SVG opened on its own is sandboxed.
  static let defaultPolicy = "default-src 'none'; frame-ancestors 'none'; sandbox"
  static let referrerPolicyValue = "strict-origin-when-cross-origin"

  static let xFrameOptions = HTTPField.Name.named("X-Frame-Options")
  static let referrerPolicy = HTTPField.Name.named("Referrer-Policy")

  /// `Strict-Transport-Security`, when set.
  let strictTransportSecurity: String?

  /// Adds the headers, with `policy` as the Content-Security-Policy (`frame-ancestors 'none'`
  /// appended when it lacks a `frame-ancestors` directive).
  func add(to headers: inout HTTPFields, policy: String) {
    headers[.contentSecurityPolicy] =
      Self.hasFrameAncestors(policy) ? policy : policy + "; frame-ancestors 'none'"
    headers[.xContentTypeOptions] = "nosniff"
    headers[Self.xFrameOptions] = "DENY"
    headers[Self.referrerPolicy] = Self.referrerPolicyValue
    if let strictTransportSecurity { headers[.strictTransportSecurity] = strictTransportSecurity }
  }

  /// Whether the policy has a `frame-ancestors` directive: a byte search (Foundation's
  /// `contains` cost more than the rest of a page's headers).
  private static let frameAncestors = Array("frame-ancestors".utf8)

  static func hasFrameAncestors(_ policy: String) -> Bool {
    let needle = frameAncestors
    var policy = policy
    return policy.withUTF8 { bytes in
      guard bytes.count >= needle.count else { return false }
      for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
        if needle.indices.allSatisfy({ bytes[start + $0] == needle[$0] }) { return true }
      }
      return false
    }
  }

  /// Adds the default headers to a response that has none (one built outside linkgen's own
  /// routes: hummingbird's 400 for a request it cannot parse, an extension's response).
  func addIfMissing(to headers: inout HTTPFields) {
    guard headers[.xContentTypeOptions] == nil else { return }
    add(to: &headers, policy: headers[.contentSecurityPolicy] ?? Self.defaultPolicy)
  }
}

extension HTTPField.Name {
  /// A header name known to be valid (a token), for the server's own constants.
  package static func named(_ name: StaticString) -> HTTPField.Name {
    guard let field = HTTPField.Name("\(name)") else {
      preconditionFailure("\(name) is not a header name")
    }
    return field
  }
}
