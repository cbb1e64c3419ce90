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
        for them. Serve the file at https://<each domain>/.well-known/apple-app-site-association \
        as application/json, without redirects. Fails if it would exceed Apple's 128 KB.

        Examples:
          linkgen aasa --config Examples/openlist/linkgen.json
          linkgen aasa --legacy --out public/.well-known/apple-app-site-association
          linkgen aasa | linkgen check-aasa - \\
              --url https://openlist.example.com/invite/ABC123
        """
    )

    @OptionGroup var table: TableOptions
    @OptionGroup var output: OutputFileOptions

    @Flag(
      help:
        "Also write the legacy form iOS 12 and earlier read (appID, paths with NOT excludes first)."
    )
    var legacy = false

    func run() throws {
      try reportingFailures { () throws(Failure) in
        let table = try table.load()
        try output.emit(
          Failure.generating { () throws(AssociationError) in
            try AssociationFiles.appleAppSiteAssociation(for: table, legacy: legacy)
          }
        )
      }
    }
  }

  /// `linkgen assetlinks [--dynamic-components] [--out FILE]`
  struct AssetLinks: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "assetlinks",
      abstract: "Generate the assetlinks.json file (Android App Links) from the route table.",
      discussion: """
        One statement granting app.android's package and SHA-256 certificate fingerprints the \
        handle_all_urls relation (and get_login_creds when association.webCredentials is set). \
        Serve it at https://<each domain>/.well-known/assetlinks.json as application/json, \
        without redirects. Use the Play App Signing key's fingerprint (Play Console › App \
        integrity), not the upload key's.

        Examples:
          linkgen assetlinks --config Examples/openlist/linkgen.json
          linkgen assetlinks --dynamic-components \\
              --out public/.well-known/assetlinks.json
        """
    )

    @OptionGroup var table: TableOptions
    @OptionGroup var output: OutputFileOptions

    @Flag(
      help: "Add Android 15's dynamic_app_link_components: the excludes, then one rule per route."
    )
    var dynamicComponents = false

    func run() throws {
      try reportingFailures { () throws(Failure) in
        let table = try table.load()
        try output.emit(
          Failure.generating { () throws(AssociationError) in
            try AssociationFiles.assetLinks(for: table, dynamicComponents: dynamicComponents)
          }
        )
      }
    }
  }
}
