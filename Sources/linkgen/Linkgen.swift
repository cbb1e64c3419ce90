import ArgumentParser

/// The `linkgen` command: builds, parses and checks deep links from one route table.
@main
struct Linkgen: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "linkgen",
    abstract:
      "Build and parse deep links (custom-scheme and universal links) from one route table.",
    discussion: """
      Every command that needs the route table reads ./linkgen.json, or --config FILE. The \
      format is described in docs/route-table.md.

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
        linkgen sheet shared-checklist --input invites.csv --out invites.pdf
        linkgen aasa --out public/.well-known/apple-app-site-association
        linkgen serve --config Examples/openlist/linkgen.json --port 8080
        linkgen doctor links.example.com
        linkgen generate swift --type-name OpenListLink --out OpenListLink.swift

      Exit status (sysexits): 0 on success, 64 for a command line that does not fit, 65 for \
      bad input (a malformed link or value, a broken route table or CSV), 66 when an input \
      file cannot be read, 69 when something the command needs is missing (a font), linkgen \
      serve cannot listen or the database cannot be reached, 70 for an internal error, 73 when an \
      output file cannot be created, 74 when writing fails part-way (a full disk), 78 for a \
      configuration error (a bad database URL, a wrong password).
      """,
    version: LinkgenVersion.current,
    groupedSubcommands: [
      CommandGroup(
        name: "Links",
        subcommands: [Make.self, Parse.self, Routes.self, Validate.self]
      ),
      CommandGroup(name: "QR codes and print", subcommands: [QR.self, Batch.self, Sheet.self]),
      CommandGroup(
        name: "Association files",
        subcommands: [
          AASA.self, AssetLinks.self, IOSEntitlements.self, IOSPlist.self, AndroidManifest.self,
          CheckAASA.self, CheckAssetLinks.self,
        ]
      ),
      CommandGroup(name: "Pages", subcommands: [Page.self]),
      CommandGroup(
        name: "Server",
        subcommands: [Serve.self, Keys.self, Stats.self, Doctor.self, Import.self]
      ),
      CommandGroup(name: "App code", subcommands: [Generate.self]),
    ]
  )

  /// Parses the command line and runs the command. Errors of the libraries and the commands
  /// are reported as `linkgen: error: …` with the status ``ExitStatus`` maps them to; the
  /// argument parser reports its own (usage errors, `--help`, `--version`).
  static func main() async {
    var command: any ParsableCommand
    do {
      command = try parseAsRoot()
    } catch {
      exit(withError: error)
    }
    do {
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      report(error)
    }
  }

  /// Reports an error a command threw. The argument parser reports its own: an ``ExitCode``,
  /// and the errors it gives a status of their own (help and version requests, usage errors).
  /// Any other error, linkgen's or unexpected, gets `linkgen: error: …` and its status.
  private static func report(_ error: any Error) -> Never {
    if error is ExitCode || exitCode(for: error) != .failure {
      exit(withError: error)
    }
    Console.error(error)
    exit(withError: ExitCode(ExitStatus(for: error).rawValue))
  }
}
