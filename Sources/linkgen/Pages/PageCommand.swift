import ArgumentParser
import Foundation
import LinkKit
import LinkPages

extension Linkgen {
  /// `linkgen page <route> --<param> <value> … [--out page.html]`
  struct Page: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the landing page for a link: preview tags, Open button, store links.",
      discussion: """
        The page carries Open Graph and X/Twitter card tags (with twitter:app:*), the Smart App \
        Banner tag, an "Open in the app" button, App Store and Google Play links, the Android \
        intent: link and, for desktop browsers, the link itself. It never redirects, so \
        link-preview crawlers read its tags, and its Content-Security-Policy allows no script. \
        Templates: built in (en, ko), overridden by --templates DIR or the table's \
        pages.templates; see docs/pages.md. Give the route's parameters as for `make`.

        Examples:
          linkgen page shared-checklist --id 3f2504e0-4f89-11d3-9a0c-0305e82c3301 \\
              --config Examples/openlist/linkgen.json --field inviter=Ada \\
              --field title=Groceries --out page.html
          linkgen page invite --code ABC123 --locale ko --platform android \\
              --config Examples/openlist/linkgen.json > invite.html

        Exit status: 0 on success, 64 for a usage error, 65 for bad input or templates, 66 \
        when the route table or a templates folder cannot be read, 73 when --out cannot be \
        written.
        """
    )

    @OptionGroup var table: TableOptions
    @OptionGroup var content: PageContentOptions

    @Option(
      name: .long,
      help: ArgumentHelp(
        "Write the page to this file (atomically, creating missing folders) instead of "
          + "standard output.",
        valueName: "file"
      ),
      completion: .file(extensions: ["html"])
    )
    var out: String?

    @OptionGroup var target: RouteArguments

    func run() throws {
      let table = try table.load()
      let values = try target.values(in: table)
      let renderer = try content.renderer(for: table)
      let html = try renderer.landingPage(
        for: values,
        locale: content.locale,
        fields: content.fields,
        platform: content.platform,
        qrSVG: try QRArtwork.svg(for: table, values: values)
      )
      if let out {
        try OutputWriter.write(Data(html.utf8), to: out)
      } else {
        Console.write(html)
      }
    }
  }
}
