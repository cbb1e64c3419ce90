import Testing

/// The shared behaviour on SQLite, always.
@Suite struct SQLiteStoreTests {
  @Test func migrationsAreRecordedOnce() async throws {
    try await Conformance.migrationsAreRecordedOnce(.sqlite)
  }
  @Test func refusesANewerSchema() async throws {
    try await Conformance.refusesANewerSchema(.sqlite)
  }
  @Test func createsAndResolves() async throws { try await Conformance.createsAndResolves(.sqlite) }
  @Test func rejectsWhatMakeRejects() async throws {
    try await Conformance.rejectsWhatMakeRejects(.sqlite)
  }
  @Test func slugs() async throws { try await Conformance.slugs(.sqlite) }
  @Test func hostileCodesAreNotFound() async throws {
    try await Conformance.hostileCodesAreNotFound(.sqlite)
  }
  @Test func visitLimits() async throws { try await Conformance.visitLimits(.sqlite) }
  @Test func expiry() async throws { try await Conformance.expiry(.sqlite) }
  @Test func concurrentVisitsRespectTheLimit() async throws {
    try await Conformance.concurrentVisitsRespectTheLimit(.sqlite)
  }
  @Test func deletes() async throws { try await Conformance.deletes(.sqlite) }
  @Test func linksOutliveAStoreAndSurviveATableChange() async throws {
    try await Conformance.linksOutliveAStoreAndSurviveATableChange(.sqlite)
  }
  @Test func keys() async throws { try await Conformance.keys(.sqlite) }
  @Test func clickCounters() async throws { try await Conformance.clickCounters(.sqlite) }
  @Test func uniqueVisitors() async throws { try await Conformance.uniqueVisitors(.sqlite) }
  @Test func countsFromTwoStoresAddUp() async throws {
    try await Conformance.countsFromTwoStoresAddUp(.sqlite)
  }
  @Test func flushesOnTheInterval() async throws {
    try await Conformance.flushesOnTheInterval(.sqlite)
  }
}

/// The shared behaviour on PostgreSQL, when a server is reachable (CI starts one).
@Suite(.enabled(if: PostgresServer.isReachable, "\(PostgresServer.skipMessage)"))
struct PostgresStoreTests {
  @Test func migrationsAreRecordedOnce() async throws {
    try await Conformance.migrationsAreRecordedOnce(.postgres)
  }
  @Test func refusesANewerSchema() async throws {
    try await Conformance.refusesANewerSchema(.postgres)
  }
  @Test func olderSketchesAreMergedAsBytes() async throws {
    try await Conformance.olderSketchesAreMergedAsBytes()
  }
  @Test func createsAndResolves() async throws {
    try await Conformance.createsAndResolves(.postgres)
  }
  @Test func rejectsWhatMakeRejects() async throws {
    try await Conformance.rejectsWhatMakeRejects(.postgres)
  }
  @Test func slugs() async throws { try await Conformance.slugs(.postgres) }
  @Test func hostileCodesAreNotFound() async throws {
    try await Conformance.hostileCodesAreNotFound(.postgres)
  }
  @Test func visitLimits() async throws { try await Conformance.visitLimits(.postgres) }
  @Test func expiry() async throws { try await Conformance.expiry(.postgres) }
  @Test func concurrentVisitsRespectTheLimit() async throws {
    try await Conformance.concurrentVisitsRespectTheLimit(.postgres)
  }
  @Test func deletes() async throws { try await Conformance.deletes(.postgres) }
  @Test func linksOutliveAStoreAndSurviveATableChange() async throws {
    try await Conformance.linksOutliveAStoreAndSurviveATableChange(.postgres)
  }
  @Test func keys() async throws { try await Conformance.keys(.postgres) }
  @Test func clickCounters() async throws { try await Conformance.clickCounters(.postgres) }
  @Test func uniqueVisitors() async throws { try await Conformance.uniqueVisitors(.postgres) }
  @Test func countsFromTwoStoresAddUp() async throws {
    try await Conformance.countsFromTwoStoresAddUp(.postgres)
  }
  @Test func flushesOnTheInterval() async throws {
    try await Conformance.flushesOnTheInterval(.postgres)
  }
}
