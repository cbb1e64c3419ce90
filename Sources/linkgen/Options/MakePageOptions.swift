import ArgumentParser
import LinkKit
import LinkPages

/// `make`'s options for share text and banners instead of links.
struct MakePageOptions: ParsableArguments {
  /// What `make` prints instead of the links.
  enum Output: String, EnumerableFlag {
    case share
    case banner
    case bannerSnippet

    static func help(for value: Output) -> ArgumentHelp? {
      switch value {
      case .share: "Print share text: a message, an email subject and body, and an SMS."
      case .banner:
        "Print the Smart App Banner tag: <meta name=\"apple-itunes-app\" content=\"…\">."
      case .bannerSnippet:
        "Print the portable banner: self-contained HTML and CSS for pages outside Safari."
      }
    }
  }

  @Flag(exclusivity: .exclusive)
  var output: Output?

  @OptionGroup var content: PageContentOptions

  /// Prints what the flags ask for and returns `true`, or returns `false` when none is set
  /// (then `make` prints the links).
  func printIfRequested(table: RouteTable, values: RouteValues, format: OutputFormat)
    throws(PageError) -> Bool
  {
    guard let output else { return false }
    let renderer = try content.renderer(for: table)
    let fields = content.fields
    switch output {
    case .share:
      let text = try renderer.shareText(for: values, locale: content.locale, fields: fields)
      for warning in text.warnings where warning.code != .localeFallback {
        Console.warning(warning)
      }
      Console.print(format == .json ? JSONOutput.share(text) : TextOutput.share(text))
    case .banner:
      Console.write(try renderer.smartBannerMeta(for: values))
    case .bannerSnippet:
      Console.write(
        try renderer.bannerSnippet(
          for: values,
          locale: content.locale,
          fields: fields,
          platform: content.platform
        )
      )
    }
    return true
  }
}
