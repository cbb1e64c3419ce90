import ArgumentParser
import LinkAssociation
import LinkKit

extension Linkgen {
  /// `linkgen ios-plist [--query-scheme S …]`
  struct IOSPlist: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "ios-plist",
      abstract:
        "Generate the Info.plist keys for the custom scheme (CFBundleURLTypes, LSApplicationQueriesSchemes).",
      discussion: """
        Registers the table's scheme in CFBundleURLTypes (named after app.ios.bundleID) and \
        lists it, with any --query-scheme, in LSApplicationQueriesSchemes so canOpenURL(_:) may \
        ask about them (at most 50). Merge the keys into the app's Info.plist.

        Examples:
          linkgen ios-plist --config Examples/openlist/linkgen.json
          linkgen ios-plist --query-scheme myphotoapp --out Snippets/URLTypes.plist
        """
    )

    @OptionGroup var table: TableOptions
    @OptionGroup var output: OutputFileOptions

    @Option(
      name: .customLong("query-scheme"),
      help: ArgumentHelp(
        "Another scheme the app checks with canOpenURL(_:) (repeatable).",
        valueName: "scheme"
      )
    )
    var querySchemes: [String] = []

    func run() throws {
      let table = try table.load()
      try output.emit(try AssociationFiles.infoPlist(for: table, queriedSchemes: querySchemes))
    }
  }
}
