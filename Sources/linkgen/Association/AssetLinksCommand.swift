import ArgumentParser
import LinkAssociation
import LinkKit

extension Linkgen {
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
      let table = try table.load()
      try output.emit(
        try AssociationFiles.assetLinks(for: table, dynamicComponents: dynamicComponents)
      )
    }
  }
}
