import LinkAssociation

/// The output of `linkgen validate --association`.
enum AssociationReport {
  static func print(_ check: AssociationCheck) throws(CommandError) {
    for note in check.notes { Console.print("note: \(note)") }
    guard check.passed else {
      for problem in check.problems { Console.print("problem: \(problem)") }
      let count = check.problems.count
      throw CommandError(
        .checkFailed,
        "the association files disagree with the routes (\(count) problem\(count == 1 ? "" : "s"))"
      )
    }
    let links = check.sampleLinks.count
    let excluded = check.excludedLinks.count
    Console.print(
      "association: OK, \(links) sample link\(links == 1 ? "" : "s") claimed and \(excluded) "
        + "excluded link\(excluded == 1 ? "" : "s") not claimed, in "
        + check.files.joined(separator: ", ")
    )
  }
}
