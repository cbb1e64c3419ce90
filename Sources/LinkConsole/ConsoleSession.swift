import Crypto
import Foundation
import NIOConcurrencyHelpers

/// A console session's secret: 256 random bits, sent to the browser once in the cookie. The
/// store keeps only its SHA-256 (``hash``), so a copy of the database signs no one in; the
/// CSRF token is an HMAC of a fixed label under the secret, so it is bound to the session and
/// needs no storage of its own.
package struct SessionToken: Sendable, Hashable {
  /// The token as the cookie carries it: 43 characters of base64url.
  package let text: String

  /// A new random token.
  package static func generate() -> SessionToken {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<4).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64, Array.init) }
    return SessionToken(text: base64url(bytes))
  }

  /// A token read from a cookie, when it has the shape of one.
  package init?(cookie value: String) {
    guard value.utf8.count == 43,
      value.utf8.allSatisfy({ Self.alphabet.contains($0) })
    else { return nil }
    text = value
  }

  private init(text: String) {
    self.text = text
  }

  /// What the store keeps: the SHA-256 of the token.
  package var hash: [UInt8] { Array(SHA256.hash(data: Array(text.utf8))) }

  /// The CSRF token of the session's forms.
  package var csrf: String {
    let key = SymmetricKey(data: Array(text.utf8))
    let mac = HMAC<SHA256>.authenticationCode(for: Array("linkgen console csrf".utf8), using: key)
    return Self.base64url(Array(mac))
  }

  /// Whether `presented` is this session's CSRF token (compared in constant time).
  package func acceptsCSRF(_ presented: String?) -> Bool {
    guard let presented else { return false }
    let expected = Array(csrf.utf8)
    let given = Array(presented.utf8)
    guard expected.count == given.count else { return false }
    return zip(expected, given).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  private static let alphabet = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8
  )

  static func base64url(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}

/// The cookie that carries a session, in its two modes.
///
/// Behind HTTPS (the default): `__Host-linkgen-console=…; Path=/; Secure; HttpOnly;
/// SameSite=Strict`. The `__Host-` prefix makes the browser refuse the cookie unless it is
/// `Secure`, has no `Domain` and has `Path=/`, so no other host or plain-HTTP page can set or
/// shadow it; that is worth more than `Path=/console`, which the prefix forbids (and which
/// never was a boundary: a path does not separate pages of one origin). With
/// `--insecure-console-cookies` (plain HTTP on a developer's machine):
/// `linkgen-console=…; Path=/console; HttpOnly; SameSite=Strict`.
package struct SessionCookie: Sendable {
  /// Whether the cookie is `Secure` with the `__Host-` prefix.
  package let secure: Bool

  package init(secure: Bool) {
    self.secure = secure
  }

  /// The cookie's name.
  package var name: String { secure ? "__Host-linkgen-console" : "linkgen-console" }

  private var attributes: String {
    secure
      ? "Path=/; Secure; HttpOnly; SameSite=Strict"
      : "Path=/console; HttpOnly; SameSite=Strict"
  }

  /// The `Set-Cookie` value that starts a session (a session cookie: the server's expiry
  /// decides, the browser forgets it when it closes).
  package func setting(_ token: SessionToken) -> String {
    "\(name)=\(token.text); \(attributes)"
  }

  /// The `Set-Cookie` value that removes the cookie.
  package var clearing: String {
    "\(name)=; \(attributes); Max-Age=0"
  }

  /// The session token in a `Cookie` header, if there is one of the right shape.
  package func token(in header: String?) -> SessionToken? {
    guard let header else { return nil }
    for pair in header.split(separator: ";") {
      let trimmed = pair.drop { $0 == " " }
      guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals] == name else {
        continue
      }
      return SessionToken(cookie: String(trimmed[trimmed.index(after: equals)...]))
    }
    return nil
  }
}

/// Counts sign-in attempts per client address in one-minute windows, in this process's memory.
package final class AttemptLimiter: Sendable {
  private struct Window {
    var start: Int64
    var count: Int
  }

  /// Attempts allowed per address per minute; 0 for no limit.
  package let limit: Int
  private let windows = NIOLockedValueBox([String: Window]())

  package init(limit: Int) {
    self.limit = limit
  }

  /// Counts an attempt from `address`; `false` when it is over the limit.
  package func take(_ address: String, now: Int64) -> Bool {
    guard limit > 0 else { return true }
    return windows.withLockedValue { windows in
      if windows.count > 100_000 { windows = windows.filter { now - $0.value.start < 60 } }
      var window = windows[address] ?? Window(start: now, count: 0)
      if now - window.start >= 60 { window = Window(start: now, count: 0) }
      window.count += 1
      windows[address] = window
      return window.count <= limit
    }
  }
}
