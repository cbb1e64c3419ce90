import ArgumentParser
import LinkDoctor
import LinkKit

extension Linkgen {
  /// `linkgen doctor DOMAIN [--config FILE] [--format text|json] [--connect-to …] [--ca-file
  /// FILE] [--apple-cdn-url URL]`
  struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "doctor",
      abstract: "Check a live link domain the way Apple and Google see it, against the table.",
      discussion: """
        Fetches over HTTPS, following no redirect, as the platforms do, and checks: the TLS \
        certificate; the AASA (200 with no redirect, application/json, at most 128 KB, the \
        linter, the table's apps, a sample link of every route claimed and the excluded \
        links not); what Apple's CDN serves devices, against the origin; assetlinks.json \
        (the handle_all_urls statement for the package and every fingerprint of the table); \
        each route's link answering 200 for an iPhone and an Android phone without leaving \
        the host; the Smart App Banner; http:// redirecting to https:// on the same host; \
        short Cache-Control on the association files. Each check prints pass, warn or fail, \
        what was seen and the fix. docs/doctor.md describes every check.

        --connect-to works as curl's: the name stays in the URL, the Host header and TLS's \
        SNI, and only the connection goes to the other address. It checks a staging server, \
        or a new server before DNS points at it.

        Examples:
          linkgen doctor links.example.com
          linkgen doctor links.example.com --format json
          linkgen doctor openlist.example.com --config Examples/openlist/linkgen.json \\
              --connect-to openlist.example.com:443:127.0.0.1:8443 \\
              --connect-to openlist.example.com:80:127.0.0.1:8080 \\
              --ca-file staging-ca.pem --apple-cdn-url http://127.0.0.1:9000/a/v1/

        Exit status: 0 when no check fails (warnings allowed), 65 when one fails, 69 when \
        nothing answers over HTTPS at the domain, 64 for a bad option, 66 when the table or \
        the --ca-file cannot be read.
        """
    )

    @Argument(help: ArgumentHelp("The link domain: a bare host name.", valueName: "domain"))
    var domain: String

    @OptionGroup var table: TableOptions

    @OptionGroup var output: FormatOptions

    @Option(
      name: .customLong("connect-to"),
      help: ArgumentHelp(
        "Connect to HOST2:PORT2 for requests to HOST1:PORT1, as curl's option (repeatable).",
        valueName: "host1:port1:host2:port2"
      )
    )
    var connectTo: [String] = []

    @Option(
      name: .customLong("ca-file"),
      help: ArgumentHelp("A PEM file of CAs to trust besides the system's.", valueName: "file"),
      completion: .file(extensions: ["pem", "crt"])
    )
    var caFile: String?

    @Option(
      name: .customLong("apple-cdn-url"),
      help: ArgumentHelp(
        "The base URL of Apple's CDN, to which the domain is appended.",
        valueName: "url"
      )
    )
    var appleCDNURL: String = DoctorOptions.appleCDN

    @Option(help: ArgumentHelp("The longest one fetch may take, in seconds.", valueName: "seconds"))
    var timeout: Int = 15

    func validate() throws {
      guard (1...300).contains(timeout) else {
        throw ValidationError("--timeout must be from 1 to 300 seconds")
      }
    }

    func run() throws {
      let routes = try table.load()
      let options = DoctorOptions(
        domain: domain,
        connectTo: connectTo,
        caFile: caFile,
        appleCDNURL: appleCDNURL,
        timeout: timeout
      )
      let report = try LinkDoctor.Doctor.run(table: routes, options: options)
      switch output.format {
      case .text: Console.print(report.text)
      case .json: Console.print(report.json.rendered())
      }
      if report.unreachable {
        throw DoctorError(.unreachable, "nothing answers over HTTPS at \(report.domain)")
      }
      let failed = report.checks.filter { $0.status == .fail }.map(\.id)
      guard failed.isEmpty else {
        throw CommandError(
          .checkFailed,
          "\(report.domain): \(failed.count) check\(failed.count == 1 ? "" : "s") failed ("
            + failed.joined(separator: ", ") + ")"
        )
      }
    }
  }
}
