extension LinkStore {
  /// The visitor salts of `day` and the day after (days since 1970, UTC), shared by every copy
  /// of the server through the database: each is 16 random bytes, inserted when absent (the
  /// first copy to ask makes it; the others read the same bytes), and the salts of days
  /// before `day` are deleted, so a salt is kept from the day before its day until its day is
  /// over. Hashes made with a deleted salt cannot be made again.
  package func visitorSalts(day: Int) async throws(StoreError) -> [Int: [UInt8]] {
    var generator = SystemRandomNumberGenerator()
    for wanted in [day, day + 1] {
      let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
      _ = try await console(
        ConsoleStatement(
          "INSERT INTO linkgen_visitor_salts (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING",
          [.integer(wanted), .bytes(salt)],
          writes: true
        )
      )
    }
    _ = try await console(
      ConsoleStatement(
        "DELETE FROM linkgen_visitor_salts WHERE day < ?",
        [.integer(day)],
        writes: true
      )
    )
    let rows = try await console(
      ConsoleStatement(
        "SELECT day, salt FROM linkgen_visitor_salts WHERE day >= ? AND day <= ?",
        [.integer(day), .integer(day + 1)],
        columns: [.integer, .bytes]
      )
    )
    var salts: [Int: [UInt8]] = [:]
    for row in rows {
      if case .bytes(let salt) = row[1], salt.count == 16 { salts[row[0].int] = salt }
    }
    guard salts[day] != nil, salts[day + 1] != nil else {
      throw StoreError(.internalError, "the visitor salts of day \(day) could not be read back")
    }
    return salts
  }
}
