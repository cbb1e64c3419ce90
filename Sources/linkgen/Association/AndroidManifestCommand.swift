import ArgumentParser
import LinkAssociation
import LinkKit

extension Linkgen {
  /// `linkgen android-manifest [--activity NAME]`
  struct AndroidManifest: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "android-manifest",
      abstract:
        "Generate the AndroidManifest.xml intent filters for App Links and the custom scheme.",
      discussion: """
        Per domain an android:autoVerify="true" filter with VIEW, DEFAULT, BROWSABLE, http and \
        https, the host and one path rule per route (path, pathPrefix or pathPattern), and with \
        --short-link-prefix a pathPrefix for the short links of linkgen serve, so that a tap \
        on one opens the app, and with --kept-paths an android:path for each imported link's \
        old path (/AbCd) the table's excludes do not match; then the custom scheme in a separate filter, as Android lint \
        requires. Printed inside a minimal \
        manifest so it is well-formed XML: copy the intent filters into your activity.

        Examples:
          linkgen android-manifest --config Examples/openlist/linkgen.json
          linkgen android-manifest --activity .LinkActivity \\
              --out build/links-manifest.xml
          linkgen android-manifest --short-link-prefix s
          linkgen android-manifest --short-link-prefix s --kept-paths kept-paths.txt
        """
    )

    @OptionGroup var table: TableOptions
    @OptionGroup var output: OutputFileOptions
    @OptionGroup var shortLinks: ShortLinkClaimOptions
    @OptionGroup var kept: KeptPathOptions

    @Option(
      help: ArgumentHelp(
        "The activity that handles links (default <package>.MainActivity).",
        valueName: "class"
      )
    )
    var activity: String?

    func run() throws {
      let table = try table.load()
      let claims = try kept.claims(table: table, shortLinkPrefix: shortLinks.shortLinkPrefix)
      try output.emit(
        try AssociationFiles.androidManifest(
          for: table,
          activity: activity,
          additionalPathPrefixes: shortLinks.pathPrefixes,
          additionalPaths: claims?.paths ?? []
        )
      )
    }
  }
}
