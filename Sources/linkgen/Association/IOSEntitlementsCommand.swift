import ArgumentParser
import LinkAssociation
import LinkKit

extension Linkgen {
  /// `linkgen ios-entitlements [--developer-mode] [--app-clip]`
  struct IOSEntitlements: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "ios-entitlements",
      abstract: "Generate the Associated Domains entitlement (applinks: per domain) as a plist.",
      discussion: """
        Lists applinks:<domain> for every domain of the table, and webcredentials:<domain> when \
        association.webCredentials is set. With --app-clip, writes the App Clip target's \
        entitlement instead (appclips:<domain>). Merge the key into the target's .entitlements \
        file. --developer-mode appends ?mode=developer so a device with Developer Mode and \
        Associated Domains Development fetches the AASA from your server instead of Apple's \
        CDN: development builds only, never ship it (the command warns).

        Examples:
          linkgen ios-entitlements --config Examples/openlist/linkgen.json
          linkgen ios-entitlements --developer-mode --out App/Debug.entitlements
          linkgen ios-entitlements --app-clip
        """
    )

    @OptionGroup var table: TableOptions
    @OptionGroup var output: OutputFileOptions

    @Flag(help: "Append ?mode=developer to every entry (development builds only).")
    var developerMode = false

    @Flag(help: "Write the App Clip target's entitlement (appclips:<domain>).")
    var appClip = false

    func run() throws {
      let table = try table.load()
      let text = try AssociationFiles.entitlements(
        for: table,
        developerMode: developerMode,
        appClip: appClip
      )
      if developerMode {
        Console.warning(
          "?mode=developer is for development builds only: remove it before shipping to the "
            + "App Store"
        )
      }
      try output.emit(text)
    }
  }
}
