public import Foundation

/// What an API key may do.
public enum KeyScope: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Create short links (`POST /api/v1/links`).
  case linksCreate = "links:create"
  /// Delete short links (`DELETE /api/v1/links/<code>`).
  case linksDelete = "links:delete"
  /// Read click statistics (`GET /api/v1/stats`).
  case statsRead = "stats:read"
  /// Sign in to the console (`/console` on `linkgen serve`) in a browser.
  case console = "console"

  /// Orders scopes by name, for stable output.
  public static func < (lhs: KeyScope, rhs: KeyScope) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Reads a comma-separated list such as `links:create,stats:read`.
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Code/invalidRequest`` naming an unknown scope.
  public static func parseList(_ text: String) throws(StoreError) -> Set<KeyScope> {
    var scopes: Set<KeyScope> = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = name.trimmingCharacters(in: .whitespaces)
      guard let scope = KeyScope(rawValue: name) else {
        let known = allCases.map(\.rawValue).joined(separator: ", ")
        throw StoreError(
          .invalidRequest,
          "unknown scope '\(name)'; the scopes are \(known)",
          field: "scopes"
        )
      }
      scopes.insert(scope)
    }
    return scopes
  }
}

/// An API key as the store lists it: never the key itself, which only its creator saw once.
public struct APIKey: Sendable, Hashable {
  /// The key's public id: 8 characters, also the start of the key (`lgk_<id>_…`).
  public let id: String
  /// What the key may do.
  public let scopes: Set<KeyScope>
  /// A label given at creation, if any.
  public let name: String?
  /// When it was created (whole seconds).
  public let createdAt: Date
  /// When it was revoked, if it was.
  public let revokedAt: Date?

  /// Whether the key is revoked.
  public var isRevoked: Bool { revokedAt != nil }

  /// The key's scopes, sorted by name.
  public var sortedScopes: [KeyScope] { scopes.sorted() }
}

/// A key just created: the only time its secret text exists outside its holder's hands.
public struct NewAPIKey: Sendable, Hashable {
  /// The stored key (id, scopes, name, dates).
  public let info: APIKey
  /// The whole key, `lgk_<id>_<secret>`: show it once, then forget it.
  public let key: String
}
