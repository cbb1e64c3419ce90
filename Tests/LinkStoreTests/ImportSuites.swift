import Testing

/// Imports on SQLite, always.
@Suite struct SQLiteImportTests {
  @Test func thousandRowsAndIdempotence() async throws {
    try await ImportConformance.thousandRowsAndIdempotence(.sqlite)
  }
  @Test func aProblemRollsBackTheWholeRun() async throws {
    try await ImportConformance.aProblemRollsBackTheWholeRun(.sqlite)
  }
  @Test func conflictsAreNeverOverwritten() async throws {
    try await ImportConformance.conflictsAreNeverOverwritten(.sqlite)
  }
  @Test func historyIsKeptApart() async throws {
    try await ImportConformance.historyIsKeptApart(.sqlite)
  }
}

/// Imports on PostgreSQL, when a server is reachable (CI starts one).
@Suite(.enabled(if: PostgresServer.isReachable, "\(PostgresServer.skipMessage)"))
struct PostgresImportTests {
  @Test func thousandRowsAndIdempotence() async throws {
    try await ImportConformance.thousandRowsAndIdempotence(.postgres)
  }
  @Test func aProblemRollsBackTheWholeRun() async throws {
    try await ImportConformance.aProblemRollsBackTheWholeRun(.postgres)
  }
  @Test func conflictsAreNeverOverwritten() async throws {
    try await ImportConformance.conflictsAreNeverOverwritten(.postgres)
  }
  @Test func historyIsKeptApart() async throws {
    try await ImportConformance.historyIsKeptApart(.postgres)
  }
}
