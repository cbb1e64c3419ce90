import ArgumentParser
import LinkStore

/// `--short-link-prefix SEGMENT`: association files that also claim the short links
/// `linkgen serve` makes, for files hosted somewhere else than `linkgen serve` (which claims
/// its short links in the files it serves itself).
struct ShortLinkClaimOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Also claim the short links of linkgen serve, https://<domain>/<segment>/<code> "
        + "(serve's --short-link-prefix; its default is s).",
      valueName: "segment"
    )
  )
  var shortLinkPrefix: String?

  func validate() throws {
    guard let shortLinkPrefix else { return }
    var options = StoreOptions()
    options.shortLinkPrefix = shortLinkPrefix
    if let problem = options.problem() {
      throw ValidationError("--short-link-prefix: \(problem)")
    }
  }

  /// The AASA pattern: `/s/*`.
  var associatedPaths: [String] { shortLinkPrefix.map { ["/\($0)/*"] } ?? [] }

  /// The intent filters' prefix: `/s/`.
  var pathPrefixes: [String] { shortLinkPrefix.map { ["/\($0)/"] } ?? [] }
}
