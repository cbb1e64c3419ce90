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
          estimate INTEGER NOT NULL,
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
          estimate BIGINT NOT NULL,
          PRIMARY KEY (day, route, code)
        )
        """,
        // The union of two sketches: the larger of each pair of registers.
        """
        CREATE FUNCTION linkgen_visitors_union(a SMALLINT[], b SMALLINT[]) RETURNS SMALLINT[]
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT array_agg(greatest(x, y) ORDER BY i)
          FROM unnest(a, b) WITH ORDINALITY AS r(x, y, i)
        $$
        """,
        // A sketch sent sparse (the 1-based indexes and values of its non-zero registers) as
        // its 1,024 registers.
        """
        CREATE FUNCTION linkgen_visitors_dense(indexes INT[], vals SMALLINT[]) RETURNS SMALLINT[]
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT array_agg(coalesce(s.v, 0)::smallint ORDER BY g.i)
          FROM generate_series(1, 1024) AS g(i)
          LEFT JOIN unnest(indexes, vals) AS s(j, v) ON s.j = g.i
        $$
        """,
        // HyperLogLog's estimate, as VisitorSketch.estimate computes it.
        """
        CREATE FUNCTION linkgen_visitors_estimate(registers SMALLINT[]) RETURNS BIGINT
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT CASE WHEN raw <= 2.5 * m AND zeros > 0
                      THEN round(m * ln(m / zeros))::bigint ELSE round(raw)::bigint END
          FROM (SELECT count(*)::float8 AS m,
                       0.7213 / (1 + 1.079 / count(*)::float8) * count(*)::float8 * count(*)::float8
                         / sum(power(2::float8, -r)) AS raw,
                       count(*) FILTER (WHERE r = 0)::float8 AS zeros
                FROM unnest(registers) AS r) AS t
        $$
        """,
      ]
    ),
    Migration(
      version: 3,
      name: "imported links: kept paths, labels, social cards, history before the move",
      sqlite: importedLinks(integer: "INTEGER") + [
        """
        CREATE TABLE linkgen_history (
          code TEXT NOT NULL,
          route TEXT NOT NULL,
          source TEXT NOT NULL,
          platform TEXT NOT NULL,
          event TEXT NOT NULL,
          count INTEGER NOT NULL,
          PRIMARY KEY (code, source, platform, event)
        ) STRICT, WITHOUT ROWID
        """,
        "CREATE INDEX linkgen_history_by_route ON linkgen_history (route)",
      ],
      postgres: importedLinks(integer: "BIGINT") + [
        """
        CREATE TABLE linkgen_history (
          code TEXT NOT NULL,
          route TEXT NOT NULL,
          source TEXT NOT NULL,
          platform TEXT NOT NULL,
          event TEXT NOT NULL,
          count BIGINT NOT NULL,
          PRIMARY KEY (code, source, platform, event)
        )
        """,
        "CREATE INDEX linkgen_history_by_route ON linkgen_history (route)",
      ]
    ),
    Migration(
      version: 4,
      name: "console: sessions, shared visitor salts, counter roll-ups, link indexes",
      sqlite: console(integer: "INTEGER", bytes: "BLOB", strict: " STRICT")
        + consoleRollups(integer: "INTEGER", strict: " STRICT, WITHOUT ROWID")
        + sqliteRollupTriggers,
      postgres: console(integer: "BIGINT", bytes: "BYTEA", strict: "")
        + consoleRollups(integer: "BIGINT", strict: "") + postgresRollupTriggers
    ),
    Migration(
      version: 5,
      name: "console: per-day totals and facets, so the overview reads a few rows a day",
      sqlite: dayRollups(integer: "INTEGER", strict: " STRICT, WITHOUT ROWID")
        + sqliteDayTriggers,
      postgres: dayRollups(integer: "BIGINT", strict: "") + postgresDayTriggers
    ),
    Migration(
      version: 6,
      name: "console: a trigram index of each link's code, route and values, for search",
      sqlite: sqliteLinkTrigrams,
      postgres: postgresLinkTrigrams
    ),
    Migration(
      version: 7,
      name: "console: the SQLite trigram index written in batches, not in each link's commit",
      sqlite: sqliteTrigramBatches,
      postgres: []
    ),
    Migration(
      version: 8,
      name: "PostgreSQL roll-ups: counters updated by a flush joined by hash, not in a nested loop",
      sqlite: [],
      postgres: postgresRollupJoins
    ),
    Migration(
      version: 9,
      name: "PostgreSQL visitor sketches as 1,024 bytes, merged by linkgen",
      sqlite: [],
      postgres: postgresSketchBytes
    ),
    // No statement: the version only keeps out a linkgen that reads 1,024 bytes alone, which
    // would replace a sparse sketch with its own instead of merging them.
    Migration(
      version: 10,
      name: "visitor sketches of a few visitors stored sparse: three bytes a set register",
      sqlite: [],
      postgres: []
    ),
    Migration(
      version: 11,
      name: "PostgreSQL counters: joined once per roll-up trigger, updated in place",
      sqlite: [],
      postgres: postgresRollupUpdatesJoinedOnce + postgresCountersUpdatedInPlace
    ),
  ]

  /// PostgreSQL's version 8. A flush that updates counters fires the `_update` roll-up triggers,
  /// which join the statement's old and new rows (transition tables, which have no statistics)
  /// on the counter's eight key columns. PostgreSQL planned that join as a nested loop: quadratic
  /// in the counters updated, run once per roll-up (seven times a flush), so a flush updating
  /// the counters of 4,000 short links took 16 s and one of 20,000 several minutes, while the
  /// server's clicks waited. Without nested loops the join is hashed: 0.3 s for 4,000.
  private static let postgresRollupJoins = [
    "ALTER FUNCTION linkgen_counts_rollup_update() SET enable_nestloop = off",
    "ALTER FUNCTION linkgen_counts_days_update() SET enable_nestloop = off",
  ]

  /// PostgreSQL's version 11. The `_update` roll-up triggers of versions 4 and 5 joined the
  /// statement's old and new counters once per roll-up they feed (seven joins a flush, on the
  /// eight key columns); a flush updating the counters of 20,000 short links spent about half
  /// its time in the triggers. Each trigger now joins them once (a materialized CTE) and feeds
  /// its roll-ups from that, in one statement. The roll-ups written are the same; the functions
  /// keep version 8's setting against nested loops. Each roll-up is still written in key order;
  /// the order of a statement's parts is PostgreSQL's, the same in every copy, which all run
  /// the same function (and a deadlock between copies is retried, as every flush conflict is).
  private static var postgresRollupUpdatesJoinedOnce: [String] {
    let keys = "day, route, code, event, platform, browser, referrer, bot"
    // The function running `statements` as one: the join as `d`, all but the last as CTEs.
    func function(_ name: String, _ statements: [String]) -> String {
      let ctes = statements.dropLast().enumerated().map { "r\($0) AS (\n\($1)\n)" }
      return """
        CREATE OR REPLACE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql
        SET enable_nestloop = off AS $$
        BEGIN
          WITH d AS MATERIALIZED (
            SELECT \(keys), n.count - o.count AS count
            FROM linkgen_new AS n JOIN linkgen_old AS o USING (\(keys))
          ), \(ctes.joined(separator: ", "))
          \(statements.last ?? "");
          RETURN NULL;
        END
        $$
        """
    }
    return [
      function("linkgen_counts_rollup_update", postgresRollups(from: "d")),
      function("linkgen_counts_days_update", postgresDayRollups(from: "d")),
    ]
  }

  /// PostgreSQL's version 11, second part. Every flush updates most of the counter and
  /// roll-up rows of the links opened that day. A full page has no room for a row's new
  /// version, so each update went to another page and added an entry to every index of the
  /// table (three for the counters). With 30 % of each page left free, PostgreSQL writes the new
  /// version beside the old one and touches no index (a heap-only update): the same upsert of
  /// 20,000 links' counters took about a third less time. Pages written before keep their
  /// packing until they are rewritten.
  private static var postgresCountersUpdatedInPlace: [String] {
    [
      "linkgen_counts", "linkgen_counts_site", "linkgen_link_days", "linkgen_day_totals",
      "linkgen_day_facets", "linkgen_link_weeks", "linkgen_visitors",
    ].map { "ALTER TABLE \($0) SET (fillfactor = 70)" }
  }

  /// PostgreSQL's version 9. A visitor sketch's registers were a `smallint[]`, merged and
  /// estimated by SQL functions that read them one row at a time: about 1 ms of the database's
  /// CPU per sketch a flush merged. They are now 1,024 bytes, as on SQLite, merged by linkgen
  /// under the rows' locks; the functions are dropped. Nothing is rewritten (converting every
  /// stored sketch took about 0.4 ms a row, minutes under an exclusive lock for a year of
  /// links): the old column is kept as `registers_v8`, and a row written before is converted
  /// when a flush next merges into it.
  private static let postgresSketchBytes = [
    "ALTER TABLE linkgen_visitors RENAME COLUMN registers TO registers_v8",
    "ALTER TABLE linkgen_visitors ALTER COLUMN registers_v8 DROP NOT NULL",
    "ALTER TABLE linkgen_visitors ADD COLUMN registers BYTEA",
    "DROP FUNCTION linkgen_visitors_union(SMALLINT[], SMALLINT[])",
    "DROP FUNCTION linkgen_visitors_dense(INT[], SMALLINT[])",
    "DROP FUNCTION linkgen_visitors_estimate(SMALLINT[])",
  ]

  /// Version 3's columns of an imported link, the same in both dialects but for the integer
  /// type: its old path (unique; `NULL` for links made here), its label, social card and
  /// where it came from. An archived link is imported with `expires_at` set (expired).
  private static func importedLinks(integer: String) -> [String] {
    [
      "ALTER TABLE linkgen_links ADD COLUMN kept_path TEXT",
      "ALTER TABLE linkgen_links ADD COLUMN label TEXT",
      "ALTER TABLE linkgen_links ADD COLUMN card_title TEXT",
      "ALTER TABLE linkgen_links ADD COLUMN card_description TEXT",
      "ALTER TABLE linkgen_links ADD COLUMN card_image TEXT",
      "ALTER TABLE linkgen_links ADD COLUMN imported_from TEXT",
      "ALTER TABLE linkgen_links ADD COLUMN imported_at \(integer)",
      """
      CREATE UNIQUE INDEX linkgen_links_kept_path ON linkgen_links (kept_path)
      WHERE kept_path IS NOT NULL
      """,
    ]
  }

  /// Version 4's console sessions (the SHA-256 of a session's token, never the token; its key;
  /// idle and absolute expiry; the CSRF token is derived from the token, so not stored), the shared daily visitor salts, and the link
  /// indexes of the console's list (newest first, keyset) and its route filter.
  private static func console(integer: String, bytes: String, strict: String) -> [String] {
    [
      """
      CREATE TABLE linkgen_console_sessions (
        id \(bytes) PRIMARY KEY NOT NULL,
        key_id TEXT NOT NULL,
        created_at \(integer) NOT NULL,
        last_seen_at \(integer) NOT NULL,
        idle_expires_at \(integer) NOT NULL,
        expires_at \(integer) NOT NULL
      )\(strict)
      """,
      "CREATE INDEX linkgen_console_sessions_by_key ON linkgen_console_sessions (key_id)",
      "CREATE INDEX linkgen_console_sessions_by_expiry ON linkgen_console_sessions (idle_expires_at)",
      """
      CREATE TABLE linkgen_visitor_salts (
        day \(integer) PRIMARY KEY NOT NULL,
        salt \(bytes) NOT NULL
      )\(strict)
      """,
      "CREATE INDEX linkgen_links_newest ON linkgen_links (created_at, code)",
      "CREATE INDEX linkgen_links_by_route ON linkgen_links (route, created_at, code)",
    ]
  }

  /// Version 4's roll-ups of the counters, kept by triggers on `linkgen_counts` so that the
  /// console reads a range without summing every link's counters: the whole site's counts per
  /// day without the short link (`linkgen_counts_site`), and people's counts per day and
  /// short link (and its route) without the other dimensions (`linkgen_link_days`). Filled from the counters
  /// already there.
  private static func consoleRollups(integer: String, strict: String) -> [String] {
    let site = "day, route, event, platform, browser, referrer, bot"
    return [
      """
      CREATE TABLE linkgen_counts_site (
        day INTEGER NOT NULL,
        route TEXT NOT NULL,
        event TEXT NOT NULL,
        platform TEXT NOT NULL,
        browser TEXT NOT NULL,
        referrer TEXT NOT NULL,
        bot TEXT NOT NULL,
        count \(integer) NOT NULL,
        PRIMARY KEY (\(site))
      )\(strict)
      """,
      "CREATE INDEX linkgen_counts_site_by_route ON linkgen_counts_site (route, day)",
      """
      CREATE TABLE linkgen_link_days (
        day INTEGER NOT NULL,
        event TEXT NOT NULL,
        code TEXT NOT NULL,
        route TEXT NOT NULL,
        count \(integer) NOT NULL,
        PRIMARY KEY (day, event, code)
      )\(strict)
      """,
      "CREATE INDEX linkgen_link_days_by_code ON linkgen_link_days (code, day)",
      """
      INSERT INTO linkgen_counts_site (\(site), count)
      SELECT \(site), SUM(count) FROM linkgen_counts GROUP BY \(site)
      """,
      """
      INSERT INTO linkgen_link_days (day, event, code, route, count)
      SELECT day, event, code, MIN(route), SUM(count) FROM linkgen_counts
      WHERE code <> '' AND bot = '' GROUP BY day, event, code
      """,
    ]
  }

  /// SQLite's roll-up triggers: one writer at a time, so row triggers lock nothing more.
  private static var sqliteRollupTriggers: [String] {
    let site = "day, route, event, platform, browser, referrer, bot"
    return sqliteTriggers("linkgen_counts_rollup") { count in
      """
      INSERT INTO linkgen_counts_site (\(site), count)
      VALUES (NEW.day, NEW.route, NEW.event, NEW.platform, NEW.browser, NEW.referrer, NEW.bot,
              \(count))
      ON CONFLICT (\(site)) DO UPDATE SET count = linkgen_counts_site.count + excluded.count;
      INSERT INTO linkgen_link_days (day, event, code, route, count)
      SELECT NEW.day, NEW.event, NEW.code, NEW.route, \(count) WHERE NEW.code <> '' AND NEW.bot = ''
      ON CONFLICT (day, event, code) DO UPDATE SET count = linkgen_link_days.count + excluded.count;
      """
    }
  }

  /// Row triggers `<name>_insert` and `<name>_update` on `linkgen_counts` running `body` with
  /// the count a row adds (`NEW.count`, or `NEW.count - OLD.count`).
  private static func sqliteTriggers(_ name: String, _ body: (String) -> String) -> [String] {
    [
      """
      CREATE TRIGGER \(name)_insert AFTER INSERT ON linkgen_counts BEGIN
      \(body("NEW.count"))
      END
      """,
      """
      CREATE TRIGGER \(name)_update AFTER UPDATE OF count ON linkgen_counts BEGIN
      \(body("NEW.count - OLD.count"))
      END
      """,
    ]
  }

  /// PostgreSQL's roll-up triggers: once per statement, from its transition tables, each
  /// roll-up written in key order (so copies flushing at once lock roll-up rows in the same
  /// order, as they do counters).
  private static var postgresRollupTriggers: [String] {
    postgresTriggers("linkgen_counts_rollup") { rows in
      postgresRollups(from: "(\(rows)) AS d").map { "  \($0);" }.joined(separator: "\n")
    }
  }

  /// Version 4's roll-ups of a statement's counters, read from `source` (a relation named `d`
  /// with every key column and the count each row adds), each written in key order.
  private static func postgresRollups(from source: String) -> [String] {
    let site = "day, route, event, platform, browser, referrer, bot"
    return [
      """
      INSERT INTO linkgen_counts_site AS s (\(site), count)
        SELECT \(site), SUM(count) FROM \(source)
        GROUP BY \(site) ORDER BY \(site)
        ON CONFLICT (\(site)) DO UPDATE SET count = s.count + excluded.count
      """,
      """
      INSERT INTO linkgen_link_days AS l (day, event, code, route, count)
        SELECT day, event, code, MIN(route), SUM(count) FROM \(source)
        WHERE code <> '' AND bot = '' GROUP BY day, event, code ORDER BY day, event, code
        ON CONFLICT (day, event, code) DO UPDATE SET count = l.count + excluded.count
      """,
    ]
  }

  /// Statement triggers `<name>_insert` and `<name>_update` on `linkgen_counts` with their
  /// functions, each running `body` with a query of the statement's rows (every key column
  /// and the count it adds, from the transition tables).
  private static func postgresTriggers(_ name: String, _ body: (String) -> String) -> [String] {
    let keys = "day, route, code, event, platform, browser, referrer, bot"
    func function(_ name: String, _ rows: String) -> String {
      """
      CREATE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
      \(body(rows))
        RETURN NULL;
      END
      $$
      """
    }
    return [
      function("\(name)_insert", "SELECT \(keys), count FROM linkgen_new"),
      function(
        "\(name)_update",
        "SELECT \(keys), n.count - o.count AS count "
          + "FROM linkgen_new AS n JOIN linkgen_old AS o USING (\(keys))"
      ),
      """
      CREATE TRIGGER \(name)_insert AFTER INSERT ON linkgen_counts
      REFERENCING NEW TABLE AS linkgen_new
      FOR EACH STATEMENT EXECUTE FUNCTION \(name)_insert()
      """,
      """
      CREATE TRIGGER \(name)_update AFTER UPDATE ON linkgen_counts
      REFERENCING OLD TABLE AS linkgen_old NEW TABLE AS linkgen_new
      FOR EACH STATEMENT EXECUTE FUNCTION \(name)_update()
      """,
    ]
  }

  /// Version 5's smaller roll-ups, for the overview of the site or a route: the counts per
  /// day, route, event and bot reason (`linkgen_day_totals`: the chart, the totals, the top
  /// routes and bot reasons), and people's page clicks per day, route and facet value
  /// (`linkgen_day_facets`: `platform`, `browser` or `referrer`, empty values left out), and
  /// people's page clicks per short link and week (`linkgen_link_weeks`, week = day / 7: the top
  /// links of a range read its whole weeks there and only the days at its ends from
  /// `linkgen_link_days`). Filled from version 4's roll-ups, kept by their own triggers on
  /// `linkgen_counts`. And an index of the visitor sketches by short link and route: the
  /// primary key starts with the day, so a link's sketches were found by reading the range's
  /// every sketch (1 KB each).
  private static func dayRollups(integer: String, strict: String) -> [String] {
    [
      """
      CREATE TABLE linkgen_day_totals (
        day INTEGER NOT NULL,
        route TEXT NOT NULL,
        event TEXT NOT NULL,
        bot TEXT NOT NULL,
        count \(integer) NOT NULL,
        PRIMARY KEY (day, route, event, bot)
      )\(strict)
      """,
      """
      CREATE TABLE linkgen_day_facets (
        day INTEGER NOT NULL,
        route TEXT NOT NULL,
        facet TEXT NOT NULL,
        value TEXT NOT NULL,
        count \(integer) NOT NULL,
        PRIMARY KEY (day, route, facet, value)
      )\(strict)
      """,
      """
      CREATE TABLE linkgen_link_weeks (
        week INTEGER NOT NULL,
        code TEXT NOT NULL,
        route TEXT NOT NULL,
        count \(integer) NOT NULL,
        PRIMARY KEY (week, code)
      )\(strict)
      """,
      // A link's, a route's or the site's visitor sketches without reading every link's.
      "CREATE INDEX linkgen_visitors_by_code ON linkgen_visitors (code, route, day)",
      """
      INSERT INTO linkgen_day_totals (day, route, event, bot, count)
      SELECT day, route, event, bot, SUM(count) FROM linkgen_counts_site
      GROUP BY day, route, event, bot
      """,
      """
      INSERT INTO linkgen_link_weeks (week, code, route, count)
      SELECT day / 7, code, MIN(route), SUM(count) FROM linkgen_link_days
      WHERE event = 'page' GROUP BY day / 7, code
      """,
    ]
      + facets.map { facet in
        """
        INSERT INTO linkgen_day_facets (day, route, facet, value, count)
        SELECT day, route, '\(facet)', \(facet), SUM(count) FROM linkgen_counts_site
        WHERE event = 'page' AND bot = '' AND \(facet) <> '' GROUP BY day, route, \(facet)
        """
      }
  }

  /// The facets `linkgen_day_facets` keeps: columns of `linkgen_counts`.
  private static let facets = ["platform", "browser", "referrer"]

  /// SQLite's triggers keeping version 5's roll-ups.
  private static var sqliteDayTriggers: [String] {
    sqliteTriggers("linkgen_counts_days") { count in
      let facetRows = facets.map { facet in
        """
        INSERT INTO linkgen_day_facets (day, route, facet, value, count)
        SELECT NEW.day, NEW.route, '\(facet)', NEW.\(facet), \(count)
        WHERE NEW.event = 'page' AND NEW.bot = '' AND NEW.\(facet) <> ''
        ON CONFLICT (day, route, facet, value) DO UPDATE
        SET count = linkgen_day_facets.count + excluded.count;
        """
      }
      return """
        INSERT INTO linkgen_day_totals (day, route, event, bot, count)
        VALUES (NEW.day, NEW.route, NEW.event, NEW.bot, \(count))
        ON CONFLICT (day, route, event, bot) DO UPDATE
        SET count = linkgen_day_totals.count + excluded.count;
        \(facetRows.joined(separator: "\n"))
        INSERT INTO linkgen_link_weeks (week, code, route, count)
        SELECT NEW.day / 7, NEW.code, NEW.route, \(count)
        WHERE NEW.event = 'page' AND NEW.bot = '' AND NEW.code <> ''
        ON CONFLICT (week, code) DO UPDATE SET count = linkgen_link_weeks.count + excluded.count;
        """
    }
  }

  /// PostgreSQL's triggers keeping version 5's roll-ups: once per statement, from the
  /// transition tables, in key order (as version 4's).
  private static var postgresDayTriggers: [String] {
    postgresTriggers("linkgen_counts_days") { rows in
      postgresDayRollups(from: "(\(rows)) AS d").map { "  \($0);" }.joined(separator: "\n")
    }
  }

  /// Version 5's roll-ups of a statement's counters, read from `source` (as version 4's).
  private static func postgresDayRollups(from source: String) -> [String] {
    let facetRows = facets.map { facet in
      "SELECT day, route, '\(facet)' AS facet, \(facet) AS value, count FROM \(source) "
        + "WHERE event = 'page' AND bot = '' AND \(facet) <> ''"
    }
    return [
      """
      INSERT INTO linkgen_day_totals AS t (day, route, event, bot, count)
        SELECT day, route, event, bot, SUM(count) FROM \(source)
        GROUP BY day, route, event, bot ORDER BY day, route, event, bot
        ON CONFLICT (day, route, event, bot) DO UPDATE SET count = t.count + excluded.count
      """,
      """
      INSERT INTO linkgen_day_facets AS f (day, route, facet, value, count)
        SELECT day, route, facet, value, SUM(count) FROM (
          \(facetRows.joined(separator: "\n      UNION ALL "))
        ) AS v
        GROUP BY day, route, facet, value ORDER BY day, route, facet, value
        ON CONFLICT (day, route, facet, value) DO UPDATE SET count = f.count + excluded.count
      """,
      """
      INSERT INTO linkgen_link_weeks AS w (week, code, route, count)
        SELECT day / 7, code, MIN(route), SUM(count) FROM \(source)
        WHERE event = 'page' AND bot = '' AND code <> '' GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (week, code) DO UPDATE SET count = w.count + excluded.count
      """,
    ]
  }

  /// SQLite's version 6: each link's code, route and stored values as one text
  /// (`linkgen_link_text`, keyed by an integer that `VACUUM` keeps) and an FTS5 `trigram`
  /// index of it (`linkgen_link_trigrams`, external content), kept by triggers on
  /// `linkgen_links`. The console's search reads candidates from it and checks each with the
  /// search's own `LIKE`.
  private static var sqliteLinkTrigrams: [String] {
    let text = "NEW.code || char(10) || NEW.route || char(10) || NEW.params"
    return [
      """
      CREATE TABLE linkgen_link_text (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        text TEXT NOT NULL
      ) STRICT
      """,
      """
      CREATE VIRTUAL TABLE linkgen_link_trigrams USING fts5(
        text, content = 'linkgen_link_text', content_rowid = 'id', tokenize = 'trigram'
      )
      """,
      """
      INSERT INTO linkgen_link_text (code, text)
      SELECT code, code || char(10) || route || char(10) || params FROM linkgen_links
      """,
      "INSERT INTO linkgen_link_trigrams (linkgen_link_trigrams) VALUES ('rebuild')",
      """
      CREATE TRIGGER linkgen_link_text_insert AFTER INSERT ON linkgen_links BEGIN
      INSERT INTO linkgen_link_text (code, text) VALUES (NEW.code, \(text));
      END
      """,
      """
      CREATE TRIGGER linkgen_link_text_delete AFTER DELETE ON linkgen_links BEGIN
      DELETE FROM linkgen_link_text WHERE code = OLD.code;
      END
      """,
      """
      CREATE TRIGGER linkgen_link_text_update AFTER UPDATE OF code, route, params ON linkgen_links
      BEGIN
      UPDATE linkgen_link_text SET code = NEW.code, text = \(text) WHERE code = OLD.code;
      END
      """,
      """
      CREATE TRIGGER linkgen_link_trigrams_insert AFTER INSERT ON linkgen_link_text BEGIN
      INSERT INTO linkgen_link_trigrams (rowid, text) VALUES (NEW.id, NEW.text);
      END
      """,
      """
      CREATE TRIGGER linkgen_link_trigrams_delete AFTER DELETE ON linkgen_link_text BEGIN
      INSERT INTO linkgen_link_trigrams (linkgen_link_trigrams, rowid, text)
      VALUES ('delete', OLD.id, OLD.text);
      END
      """,
      """
      CREATE TRIGGER linkgen_link_trigrams_update AFTER UPDATE ON linkgen_link_text BEGIN
      INSERT INTO linkgen_link_trigrams (linkgen_link_trigrams, rowid, text)
      VALUES ('delete', OLD.id, OLD.text);
      INSERT INTO linkgen_link_trigrams (rowid, text) VALUES (NEW.id, NEW.text);
      END
      """,
    ]
  }

  /// PostgreSQL's version 6: a `pg_trgm` GIN index of the links' codes and values, which
  /// answers the search's `LIKE 'text%'` and `ILIKE '%text%'` as they are. `pg_trgm` is a
  /// trusted extension (PostgreSQL 13+): a role that may create in the database installs it,
  /// in the schema `public` unless the database already has it elsewhere. If it is not
  /// available or the role may not install it, the version applies without the index (the
  /// search reads every link, as before) and says so in a notice.
  private static var postgresLinkTrigrams: [String] {
    [
      """
      DO $$
      DECLARE home TEXT;
      BEGIN
        SELECT extnamespace::regnamespace::text INTO home FROM pg_extension
        WHERE extname = 'pg_trgm';
        IF home IS NULL THEN
          BEGIN
            CREATE EXTENSION pg_trgm SCHEMA public;
          EXCEPTION WHEN duplicate_object OR unique_violation THEN
            NULL;
          END;
          SELECT extnamespace::regnamespace::text INTO home FROM pg_extension
          WHERE extname = 'pg_trgm';
        END IF;
        EXECUTE format(
          'CREATE INDEX linkgen_links_trigrams ON linkgen_links '
            || 'USING gin (code %1$s.gin_trgm_ops, params %1$s.gin_trgm_ops)',
          home);
      EXCEPTION WHEN insufficient_privilege OR undefined_file OR invalid_schema_name
        OR undefined_object THEN
        RAISE NOTICE 'linkgen: no trigram index for the console search (%)', SQLERRM;
      END
      $$
      """
    ]
  }

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
