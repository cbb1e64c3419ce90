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
      try reportingFailures { () throws(Failure) in
        let table = try table.load()
        let text: String
        do throws(AssociationError) {
          text = try AssociationFiles.entitlements(
            for: table,
            developerMode: developerMode,
            appClip: appClip
          )
        } catch {
          throw Failure(error.message)
        }
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
      try reportingFailures { () throws(Failure) in
        let table = try table.load()
        let text: String
        do throws(AssociationError) {
          text = try AssociationFiles.infoPlist(for: table, queriedSchemes: querySchemes)
        } catch {
          throw Failure(error.message, status: Failure.usage)
        }
        try output.emit(text)
      }
    }
  }

  /// `linkgen android-manifest [--activity NAME]`
  struct AndroidManifest: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "android-manifest",
      abstract:
        "Generate the AndroidManifest.xml intent filters for App Links and the custom scheme.",
      discussion: """
        Per domain an android:autoVerify="true" filter with VIEW, DEFAULT, BROWSABLE, http and \
        https, the host and one path rule per route (path, pathPrefix or pathPattern); then the \
        custom scheme in a separate filter, as Android lint requires. Printed inside a minimal \
        manifest so it is well-formed XML: copy the intent filters into your activity.

        Examples:
          linkgen android-manifest --config Examples/openlist/linkgen.json
          linkgen android-manifest --activity .LinkActivity \\
              --out build/links-manifest.xml
        """
    )

    @OptionGroup var table: TableOptions
    @OptionGroup var output: OutputFileOptions

    @Option(
      help: ArgumentHelp(
        "The activity that handles links (default <package>.MainActivity).",
        valueName: "class"
      )
    )
    var activity: String?

    func run() throws {
      try reportingFailures { () throws(Failure) in
        let table = try table.load()
        try output.emit(
          Failure.generating { () throws(AssociationError) in
            try AssociationFiles.androidManifest(for: table, activity: activity)
          }
        )
      }
    }
  }
}
