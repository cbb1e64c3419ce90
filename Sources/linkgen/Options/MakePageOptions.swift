import ArgumentParser
import LinkKit
import LinkPages

/// `make`'s options for share text and banners instead of links.
struct MakePageOptions: ParsableArguments {
  @Flag(name: .long, help: "Print share text: a message, an email subject and body, and an SMS.")
  var share = false

  @Flag(
    name: .long,
    help: "Print the Smart App Banner tag: <meta name=\"apple-itunes-app\" content=\"…\">."
  )
  var banner = false

  @Flag(
    name: .long,
    help: "Print the portable banner: self-contained HTML and CSS for pages outside Safari."
  )
  var bannerSnippet = false

  @OptionGroup var content: PageContentOptions

  /// Prints what the flags ask for and returns `true`, or returns `false` when none is set
  /// (then `make` prints the links).
  func printIfRequested(table: RouteTable, values: RouteValues, format: OutputFormat)
    throws(Failure) -> Bool
  {
    let requested = [share, banner, bannerSnippet].filter { $0 }.count
    guard requested > 0 else { return false }
    guard requested == 1 else {
      throw Failure("give one of --share, --banner and --banner-snippet", status: Failure.usage)
    }
    let renderer = try content.renderer(for: table)
    let fields = try content.fields()
    do throws(PageError) {
      if share {
        let text = try renderer.shareText(for: values, locale: content.locale, fields: fields)
        if text.sms.shortened {
          Console.warning(
            "the SMS text was shortened to fit one segment (\(text.sms.units)/\(text.sms.limit) "
              + "\(text.sms.encoding.rawValue))"
          )
        }
        Console.print(format == .json ? JSONOutput.share(text) : TextOutput.share(text))
      } else if banner {
        Console.print(trimmed(try renderer.smartBannerMeta(for: values)))
      } else {
        Console.print(
          trimmed(
            try renderer.bannerSnippet(
              for: values,
              locale: content.locale,
              fields: fields,
              platform: content.platform.platform
            )
          )
        )
      }
    } catch {
      throw Failure(error)
    }
    return true
  }

  private func trimmed(_ text: String) -> String {
    text.hasSuffix("\n") ? String(text.dropLast()) : text
  }
}
