import HummingbirdCore
import LinkStore

extension StatsQuery {
  /// Reads `?route=&link=&from=&to=&groupBy=` (days as `YYYY-MM-DD`, UTC; by default the
  /// 30 days up to today, one row per route, short link and day).
  static func read(_ parameters: FlatDictionary<Substring, Substring>, today: ClickDay)
    throws(RequestProblem)
    -> StatsQuery
  {
    let known = ["route", "link", "from", "to", "groupBy"]
    for (name, _) in parameters where !known.contains(String(name)) {
      throw RequestProblem(
        field: String(name.prefix(64)),
        message: "unknown parameter '\(name.prefix(64))'; the parameters are "
          + known.joined(separator: ", ")
      )
    }
    func day(_ name: String) throws(RequestProblem) -> ClickDay? {
      guard let text = parameters[name[...]] else { return nil }
      // Nothing is counted before 1970, and a day before 1000 would not print as YYYY-MM-DD.
      guard let day = ClickDay(String(text)), day.daysSince1970 >= 0 else {
        throw RequestProblem(
          field: name,
          message: "\(name) must be a day in the form YYYY-MM-DD, 1970-01-01 or later, "
            + "not '\(text.prefix(32))'"
        )
      }
      return day
    }
    let to = try day("to") ?? today
    let from = try day("from") ?? ClickDay(daysSince1970: to.daysSince1970 - 29)
    var groupBy: [StatsDimension] = []
    if let text = parameters["groupBy"] {
      // An empty column (`groupBy=`, `groupBy=route,`) is refused like an unknown one.
      for name in text.split(separator: ",", omittingEmptySubsequences: false) {
        guard let dimension = StatsDimension(rawValue: String(name)) else {
          throw RequestProblem(
            field: "groupBy",
            message: "groupBy: unknown column '\(name.prefix(32))'; the columns are "
              + StatsDimension.allCases.map(\.rawValue).joined(separator: ", ")
          )
        }
        if !groupBy.contains(dimension) { groupBy.append(dimension) }
      }
    } else {
      groupBy = [.route, .link, .day]
    }
    guard from <= to else {
      throw RequestProblem(field: "from", message: "from (\(from)) is after to (\(to))")
    }
    return StatsQuery(
      from: from,
      to: to,
      route: parameters["route"].map(String.init),
      code: parameters["link"].map(String.init),
      groupBy: groupBy
    )
  }
}
