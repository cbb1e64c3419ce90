import LinkgenTestSupport
import PostgresNIO
import Testing

@testable import LinkStore

/// The link reads keep PostgreSQL's generic plan, so that the server does not plan each run of
/// them again: the reads by one key by themselves, the event loops' batch reads because their
/// connections force it.
@Suite(.enabled(if: PostgresServer.isReachable, "\(PostgresServer.skipMessage)"))
struct PostgresPlanTests {
  /// A lone lookup through the pool is read with `key = $1`: after the few custom plans
  /// PostgreSQL tries first, its runs use the generic plan.
  @Test func readsByOneKeyKeepTheGenericPlan() async throws {
    try await Self.withConnection { connection in
      for index in 0..<8 {
        _ = try await connection.rows(
          PostgresLinkByCode(key: "none\(index)"),
          prepared: true,
          logger: testLogger
        )
        _ = try await connection.rows(
          PostgresLinkByKeptPath(key: "/none/\(index)"),
          prepared: true,
          logger: testLogger
        )
      }
      let plans = try await Self.plans(on: connection)
      #expect(plans[PostgresLinkByCode.name]?.generic ?? 0 > 0, "\(plans)")
      #expect(plans[PostgresLinkByKeptPath.name]?.generic ?? 0 > 0, "\(plans)")
    }
  }

  /// The event loops' connections read batches with `code = ANY($1)`, whose generic plan
  /// PostgreSQL costs above a custom plan of one key: they force the generic plan, so that
  /// every run of the read uses it.
  @Test func loopConnectionsUseTheGenericPlanOfTheBatchRead() async throws {
    try await Self.withConnection { connection in
      await PostgresBackend.genericPlans(connection, logger: testLogger)
      for index in 0..<8 {
        _ = try await connection.rows(
          PostgresLinksByCode(keys: ["none\(index)"]),
          prepared: true,
          logger: testLogger
        )
      }
      let plans = try await Self.plans(on: connection)
      #expect(plans[PostgresLinksByCode.name]?.generic == 8, "\(plans)")
      #expect(plans[PostgresLinksByCode.name]?.custom == 0, "\(plans)")
    }
  }

  /// How many generic and custom plans each statement prepared on `connection` has used.
  private static func plans(on connection: PostgresConnection) async throws
    -> [String: (generic: Int, custom: Int)]
  {
    var plans: [String: (generic: Int, custom: Int)] = [:]
    let query = PostgresQuery(
      unsafeSQL: "SELECT name, generic_plans, custom_plans FROM pg_prepared_statements"
    )
    for row in try await connection.rows(query, logger: testLogger) {
      let (name, generic, custom) = try row.decode((String, Int, Int).self)
      plans[name] = (generic, custom)
    }
    return plans
  }

  /// A connection of its own to a fresh schema with linkgen's tables.
  private static func withConnection(_ body: (PostgresConnection) async throws -> Void)
    async throws
  {
    let schema = TestPostgres.freshSchema()
    defer { TestPostgres.dropSchema(schema) }
    let url = try PostgresServer.url(schema: schema)
    try await LinkStore.withStore(url, table: Tables.openlist, logger: testLogger) { _ in }
    try await PostgresServer.withConnection { connection in
      let searchPath = PostgresQuery(unsafeSQL: "SET search_path = \(schema)")
      try await connection.rows(searchPath, logger: testLogger)
      try await body(connection)
    }
  }
}
