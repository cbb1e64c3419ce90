/// How the store behaves; the defaults suit one server on SQLite and a few copies on PostgreSQL.
public struct StoreOptions: Sendable, Hashable {
  /// How often buffered click counts are written. A crash loses at most this much of counting;
  /// a graceful shutdown loses nothing. Default 5 s.
  public var flushInterval: Duration = .seconds(5)
  /// How long an operation may wait for the database (a PostgreSQL connection, SQLite's write
  /// lock) before failing with ``StoreError/Code/unavailable``. Default 5 s.
  public var operationTimeout: Duration = .seconds(5)
  /// The path segment before short-link codes: `s` gives `https://<domain>/s/<code>`.
  public var shortLinkPrefix: String = "s"
  /// The length of generated codes, 8–32 characters of 5 bits each. Default 12 (60 bits).
  public var codeLength: Int = 12
  /// SQLite connections (one writes at a time; the others read beside it). Default 4.
  public var sqliteConnections: Int = 4
  /// The most PostgreSQL connections per server copy. Default 10. Up to half of them, one per
  /// event loop, read short links on the loop that asks for them (`linkgen serve`); the pool
  /// has the rest.
  public var postgresConnections: Int = 10
  /// How long an API key verified by ``LinkStore/authenticate(_:cached:)`` is reused without
  /// reading its row again; `.zero` reads it on every request. A key revoked in another
  /// process stops working here at most this long after. Default 5 s.
  public var keyCacheTTL: Duration = .seconds(5)
  /// The most distinct counters buffered between flushes; past it, new referrer hosts are
  /// counted as `other` so memory stays flat. Default 50,000.
  public var maximumBufferedCounters: Int = 50_000

  /// The defaults.
  public init() {}

  /// Why the options cannot be used, or `nil`.
  package func problem() -> String? {
    if codeLength < 8 || codeLength > 32 { return "codeLength must be 8–32, got \(codeLength)" }
    if flushInterval <= .zero { return "flushInterval must be positive" }
    if operationTimeout <= .zero { return "operationTimeout must be positive" }
    if keyCacheTTL < .zero { return "keyCacheTTL must not be negative" }
    if sqliteConnections < 1 || postgresConnections < 1 {
      return "the connection counts must be at least 1"
    }
    let prefix = shortLinkPrefix.utf8
    if prefix.isEmpty || prefix.count > 32
      || !prefix.allSatisfy({
        (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F
      })
    {
      return "shortLinkPrefix must be 1–32 characters of a–z, 0–9, '-', '_'"
    }
    return nil
  }
}
