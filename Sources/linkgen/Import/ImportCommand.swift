import ArgumentParser

extension Linkgen {
  /// `linkgen import fdl|branch|csv`
  struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Bring short links from Firebase Dynamic Links, Branch or any shortener.",
      discussion: """
        Each imported link keeps its old path: /AbCd on your custom domain keeps answering at \
        /AbCd once the domain points at `linkgen serve` (and at /s/<code> like any short \
        link). Its deep link must be a link of the route table; rows that are not are misses, \
        reported with their file, line and the parser's error.

        One run is one transaction: by default one miss, or a path that already holds a \
        different link (a conflict, never overwritten), writes nothing and exits 65. Running \
        the same import twice changes nothing the second time. The guide: docs/migrate.md.

        Examples:
          linkgen import fdl --input links.example.com.csv --stats link-stats.json --dry-run
          linkgen import branch --input branch-links.csv --domain links.example.com
          linkgen import csv --input kutt.csv --route invite --skip-misses --misses review.csv
        """,
      subcommands: [FDL.self, Branch.self, CSV.self]
    )
  }
}
