public import Foundation

extension LinkStore {
  /// Creates an API key. The returned ``NewAPIKey/key`` is the only copy: the store keeps its
  /// SHA-256.
  ///
  /// - Parameters:
  ///   - scopes: What the key may do; at least one.
  ///   - name: A label shown in lists (at most 100 characters, no control characters).
  /// - Throws: ``StoreError`` with ``StoreError/Code/invalidRequest``, or a database code.
  public func createKey(scopes: Set<KeyScope>, name: String? = nil, now: Date = Date())
    async throws(StoreError) -> NewAPIKey
  {
    guard !scopes.isEmpty else {
      let known = KeyScope.allCases.map(\.rawValue).joined(separator: ", ")
      throw StoreError(
        .invalidRequest,
        "a key needs at least one scope (\(known))",
        field: "scopes"
      )
    }
    if let name {
      guard !name.isEmpty, name.count <= 100,
        !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
      else {
        throw StoreError(
          .invalidRequest,
          "the key name must be 1–100 characters without control characters",
          field: "name"
        )
      }
    }
    let created = Int64(now.timeIntervalSince1970.rounded(.down))
    let (id, key) = KeyHashing.generate()
    let row = KeyRow(
      id: id,
      hash: KeyHashing.hash(key),
      scopes: scopes.sorted().map(\.rawValue).joined(separator: ","),
      name: name,
      createdAt: created,
      revokedAt: nil
    )
    try await withDeadline { () throws(StoreError) in try await self.backend.insertKey(row) }
    return NewAPIKey(info: Self.apiKey(row), key: key)
  }

  /// Every key, oldest first, revoked ones included.
  public func keys() async throws(StoreError) -> [APIKey] {
    try await withDeadline { () throws(StoreError) in try await self.backend.keys() }
      .map(Self.apiKey)
  }

  /// Revokes a key: from now on it authenticates nothing through this store, and through other
  /// processes' stores once their ``StoreOptions/keyCacheTTL`` has passed. Revoking twice
  /// keeps the first time.
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Code/notFound`` for an unknown id.
  @discardableResult
  public func revokeKey(id: String, now: Date = Date()) async throws(StoreError) -> APIKey {
    defer { keyCache.forget(id: id) }
    let time = Int64(now.timeIntervalSince1970.rounded(.down))
    let shown = String(id.unicodeScalars.prefix(40).filter { $0.value >= 0x20 })
    guard id.utf8.count == KeyHashing.idLength,
      id.utf8.allSatisfy({ ShortCode.alphabetBytes.contains($0) }),
      try await withDeadline({ () throws(StoreError) in
        try await self.backend.revokeKey(id: id, at: time)
      }),
      let row = try await withDeadline({ () throws(StoreError) in
        try await self.backend.key(id: id)
      })
    else {
      throw StoreError(
        .notFound,
        "no API key has the id '\(shown)' (`linkgen keys list` shows them)",
        field: "id"
      )
    }
    return Self.apiKey(row)
  }

  /// The key a request presents, when it is a valid, unrevoked key; `nil` otherwise (the
  /// server answers 401 without saying which). The hashes are compared in constant time.
  ///
  /// Check ``APIKey/scopes`` for the operation (403 when missing).
  ///
  /// - Parameters:
  ///   - presented: The whole key, `lgk_<id>_<secret>`.
  ///   - cached: Answer from the keys this store verified less than
  ///     ``StoreOptions/keyCacheTTL`` ago instead of reading the key's row (the API's
  ///     requests). A key revoked through this store is refused at once either way; one
  ///     revoked by another process is refused once its entry expires. Without it (signing in
  ///     to the console), the row is always read.
  public func authenticate(_ presented: String, cached: Bool = false) async throws(StoreError)
    -> APIKey?
  {
    guard let id = KeyHashing.id(in: presented) else { return nil }
    let hash = KeyHashing.hash(presented)
    if cached, let key = keyCache.key(hash: hash) { return key }
    let generation = keyCache.generation
    guard
      let row = try await withDeadline({ () throws(StoreError) in
        try await self.backend.key(id: id)
      })
    else { return nil }
    guard KeyHashing.constantTimeEqual(hash, row.hash), row.revokedAt == nil else { return nil }
    let key = Self.apiKey(row)
    keyCache.keep(key, hash: hash, generation: generation)
    return key
  }

  static func apiKey(_ row: KeyRow) -> APIKey {
    APIKey(
      id: row.id,
      scopes: Set(row.scopes.split(separator: ",").compactMap { KeyScope(rawValue: String($0)) }),
      name: row.name,
      createdAt: Date(timeIntervalSince1970: Double(row.createdAt)),
      revokedAt: row.revokedAt.map { Date(timeIntervalSince1970: Double($0)) }
    )
  }
}
