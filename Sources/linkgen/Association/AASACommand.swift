import ArgumentParser
import LinkAssociation
import LinkKit

extension Linkgen {
  /// `linkgen aasa [--legacy] [--out FILE]`
  struct AASA: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "aasa",
      abstract: "Generate the apple-app-site-association file from the route table.",
      discussion: """
        One detail for app.ios with a components list: the table's association excludes first \
        (so they win), then one rule per route, a parameter segment narrowed by type (a UUID is \
        ????????-????-????-????-????????????, other values ?*), required query items in a '?' \
        dictionary. Adds webcredentials and appclips when the table's association section asks \
        for them. With --short-link-prefix, a rule for the short links of linkgen serve (which \
        adds it to the file it serves itself). With --kept-paths, a rule for each imported \
        link's old path (/AbCd), exactly, after the excludes (docs/migrate.md). Serve the file at https://<each domain>/.well-known/apple-app-site-association \
        as application/json, without redirects. Fails if it would exceed Apple's 128 KB.

        Examples:
          linkgen aasa --config Examples/openlist/linkgen.json
          linkgen aasa --legacy --out public/.well-known/apple-app-site-association
          linkgen aasa --short-link-prefix s --kept-paths kept-paths.txt
          linkgen aasa | linkgen check-aasa - \\
              --url https://openlist.example.com/invite/ABC123
        """
    )

    @OptionGroup var table: TableOptions
    @OptionGroup var output: OutputFileOptions
    @OptionGroup var shortLinks: ShortLinkClaimOptions
    @OptionGroup var kept: KeptPathOptions

    @Flag(
      help:
        "Also write the legacy form iOS 12 and earlier read (appID, paths with NOT excludes first)."
    )
    var legacy = false

    func run() throws {
      let table = try table.load()
      let claims = try kept.claims(table: table, shortLinkPrefix: shortLinks.shortLinkPrefix)
      try output.emit(
        try AssociationFiles.appleAppSiteAssociation(
          for: table,
          legacy: legacy,
          additionalPaths: shortLinks.associatedPaths,
          keptPaths: claims?.paths ?? []
        )
      )
    }
  }
}
