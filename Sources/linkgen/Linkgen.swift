import ArgumentParser

/// The `linkgen` command: builds, parses and checks deep links from one route table.
@main
struct Linkgen: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "linkgen",
    abstract:
      "Build and parse deep links (custom-scheme and universal links) from one route table.",
    discussion: """
      Every command reads the route table from ./linkgen.json, or from --config FILE. \
      The format is described in docs/route-table.md.

      Examples:
        linkgen make shared-checklist --id 3f2504e0-4f89-11d3-9a0c-0305e82c3301
        linkgen parse 'openlist://invite?code=ABC123&role=editor'
        linkgen routes --config Examples/photos/linkgen.json
        linkgen validate
        linkgen make shared-checklist --id 3f2504e0-4f89-11d3-9a0c-0305e82c3301 \\
            --share --locale ko
        linkgen page shared-checklist --id 3f2504e0-4f89-11d3-9a0c-0305e82c3301 \\
            --out page.html
        linkgen make shared-checklist --id 3f2504e0-4f89-11d3-9a0c-0305e82c3301 \\
            --qr invite.png
        linkgen batch invite --input invites.csv --out cards --format png,svg
        linkgen aasa --out public/.well-known/apple-app-site-association

      Exit status: 0 on success, 64 for a command-line usage error, 65 for bad input (a \
      malformed link or value, a broken route table), 66 when the route table cannot be read, \
      73 when an output file cannot be written.
      """,
    version: "0.1.0",
    subcommands: [
      Make.self, Parse.self, Routes.self, Validate.self, Page.self,
      AASA.self, AssetLinks.self, IOSEntitlements.self, IOSPlist.self, AndroidManifest.self,
      CheckAASA.self, CheckAssetLinks.self, QR.self, Batch.self, Keys.self, Stats.self,
    ]
  )
}
