import ArgumentParser
import LinkKit

/// `--count-scans`: the QR codes' links carry the scan marker (`src=qr`, ``ScanMarker``), so
/// that `linkgen serve` counts their scans apart from clicks. Shared by `make --qr`, `batch`,
/// `sheet` and `qr`.
struct CountScansOptions: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "Put the scan marker src=qr in the code's link, so that linkgen serve counts its scans "
        + "apart from clicks.",
      discussion: """
        The code then holds the link (the route's universal link; for linkgen qr, the https \
        link given) with the query item src=qr added (?src=qr, or \
        &src=qr after the link's own query; never twice). linkgen serve counts a request for \
        it as a scan of that link instead of a click, and drops the marker before anything \
        else reads the request: the page, the visit limit (a scan uses a visit, like a click) \
        and the rest are as for the link without it. `linkgen stats` and the console show \
        scans beside clicks; bots stay bots. Text printed next to a code (linkgen sheet) is \
        the link without the marker: a link typed in is no scan.

        A scan that opens the installed app directly never reaches the server, so it is not \
        counted: the app receives the link with src=qr among its ignored query items and may \
        report the open with POST /api/v1/opens. Only the universal link (--qr-link universal, \
        the default) can carry the marker, and only for a route whose \
        universal link has no query item named src.
        """
    )
  )
  var countScans = false
}
