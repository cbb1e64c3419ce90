/// The schema, as numbered migrations. A migration is never edited once released: changes come
/// as new ones. Both backends apply the same versions; only the SQL dialect differs.
///
/// Each backend applies them in one transaction under a lock that other processes wait for
/// (PostgreSQL: `pg_advisory_xact_lock`; SQLite: `BEGIN IMMEDIATE`, the database's write lock),
/// reading `linkgen_schema` inside the lock, so two server copies starting at once apply each
/// migration exactly once.
package struct Migration: Sendable {
  package let version: Int
  package let name: String
  package let sqlite: [String]
  package let postgres: [String]

  package static let all: [Migration] = [
    Migration(
      version: 1,
      name: "short links, API keys, click counters",
      sqlite: [
        """
        CREATE TABLE linkgen_links (
          code TEXT PRIMARY KEY NOT NULL,
          route TEXT NOT NULL,
          params TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          expires_at INTEGER,
          max_visits INTEGER,
          visits INTEGER NOT NULL DEFAULT 0,
          custom INTEGER NOT NULL,
          key_id TEXT
        ) STRICT
        """,
        """
        CREATE TABLE linkgen_keys (
          id TEXT PRIMARY KEY NOT NULL,
          hash BLOB NOT NULL,
          scopes TEXT NOT NULL,
          name TEXT,
          created_at INTEGER NOT NULL,
          revoked_at INTEGER
        ) STRICT
        """,
        """
        CREATE TABLE linkgen_counts (
          day INTEGER NOT NULL,
          route TEXT NOT NULL,
          code TEXT NOT NULL,
          event TEXT NOT NULL,
          platform TEXT NOT NULL,
          browser TEXT NOT NULL,
          referrer TEXT NOT NULL,
          bot TEXT NOT NULL,
          count INTEGER NOT NULL,
          PRIMARY KEY (day, route, code, event, platform, browser, referrer, bot)
        ) STRICT, WITHOUT ROWID
        """,
        "CREATE INDEX linkgen_counts_by_code ON linkgen_counts (code, day) WHERE code <> ''",
        "CREATE INDEX linkgen_counts_by_route ON linkgen_counts (route, day)",
      ],
      postgres: [
        """
        CREATE TABLE linkgen_links (
          code TEXT PRIMARY KEY,
          route TEXT NOT NULL,
          params TEXT NOT NULL,
          created_at BIGINT NOT NULL,
          expires_at BIGINT,
          max_visits BIGINT,
          visits BIGINT NOT NULL DEFAULT 0,
          custom BOOLEAN NOT NULL,
          key_id TEXT
        )
        """,
        """
        CREATE TABLE linkgen_keys (
          id TEXT PRIMARY KEY,
          hash BYTEA NOT NULL,
          scopes TEXT NOT NULL,
          name TEXT,
          created_at BIGINT NOT NULL,
          revoked_at BIGINT
        )
        """,
        """
        CREATE TABLE linkgen_counts (
          day INTEGER NOT NULL,
          route TEXT NOT NULL,
          code TEXT NOT NULL,
          event TEXT NOT NULL,
          platform TEXT NOT NULL,
          browser TEXT NOT NULL,
          referrer TEXT NOT NULL,
          bot TEXT NOT NULL,
          count BIGINT NOT NULL,
          PRIMARY KEY (day, route, code, event, platform, browser, referrer, bot)
        )
        """,
        "CREATE INDEX linkgen_counts_by_code ON linkgen_counts (code, day) WHERE code <> ''",
        "CREATE INDEX linkgen_counts_by_route ON linkgen_counts (route, day)",
      ]
    ),
    Migration(
      version: 2,
      name: "unique-visitor sketches",
      sqlite: [
        """
        CREATE TABLE linkgen_visitors (
          day INTEGER NOT NULL,
          route TEXT NOT NULL,
          code TEXT NOT NULL,
          registers BLOB NOT NULL,
          PRIMARY KEY (day, route, code)
        ) STRICT, WITHOUT ROWID
        """
      ],
      postgres: [
        """
        CREATE TABLE linkgen_visitors (
          day INTEGER NOT NULL,
          route TEXT NOT NULL,
          code TEXT NOT NULL,
          registers SMALLINT[] NOT NULL,
          PRIMARY KEY (day, route, code)
        )
        """
      ]
    ),
  ]

  /// The newest version this build knows.
  package static var latest: Int { all.last?.version ?? 0 }

  static func tooNew(_ version: Int) -> StoreError {
    StoreError(
      .schemaTooNew,
      "the database's schema is version \(version), newer than this linkgen knows "
        + "(\(latest)); upgrade linkgen, or point it at another database"
    )
  }
}
