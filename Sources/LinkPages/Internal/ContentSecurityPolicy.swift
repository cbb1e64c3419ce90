import Foundation

/// The landing page's Content-Security-Policy. Templates write `{{csp}}` into a
/// `<meta http-equiv="Content-Security-Policy">`; when a page variant is compiled
/// (``PagePlan``), the placeholder for the style sources is replaced with the SHA-256 hash of
/// each `<style>` element of the page, so the
/// page's own stylesheets apply and nothing else does: no script (but the constant scripts
/// linkgen itself writes, allowed by hash in ``scriptSources``), no other style, images only
/// over https, no plugins, frames, forms or `<base>`.
struct ContentSecurityPolicy {
  /// A token no rendered value can contain: it is random for each page.
  let placeholder = "linkgen-style-sources-" + UUID().uuidString.lowercased()
  /// `'sha256-…'` sources of the scripts the page may run: only constants of linkgen's own
  /// (``PageScript``), never text a template or a value produced. Empty: no script at all.
  var scriptSources: [String] = []
  /// Whether the page may send requests to its own origin (`connect-src 'self'`): the pings
  /// of its store buttons. Scripts are still only the hashed ones.
  var connectSelf = false

  /// The value templates see as `csp`.
  var templateValue: String {
    let scripts = scriptSources.isEmpty ? "'none'" : scriptSources.joined(separator: " ")
    return "default-src 'none'; script-src \(scripts); style-src \(placeholder); img-src https:; "
      + (connectSelf ? "connect-src 'self'; " : "")
      + "base-uri 'none'; form-action 'none'; object-src 'none'"
  }

  /// `'sha256-<base64>'` of a script's or style's exact text (its UTF-8 bytes).
  static func source(of text: some StringProtocol) -> String {
    CSPHash.source(of: Array(text.utf8))
  }

  /// `'sha256-<base64>'` for the text of each `<style>` element in `html`, in order.
  static func styleSources(in html: String) -> [String] {
    var sources: [String] = []
    var rest = html[...]
    while let open = rest.range(of: "<style", options: .caseInsensitive) {
      let after = rest[open.upperBound...]
      guard let next = after.first, next == ">" || next.isWhitespace || next == "/",
        let tagEnd = after.firstIndex(of: ">")
      else {
        rest = after
        continue
      }
      let body = after[after.index(after: tagEnd)...]
      guard let close = body.range(of: "</style", options: .caseInsensitive) else { break }
      sources.append(source(of: body[..<close.lowerBound]))
      rest = body[close.upperBound...]
    }
    return sources
  }
}

/// HTML escaping for text and quoted attribute values, the same five characters Mustache's
/// `{{…}}` escapes.
enum HTML {
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }
}
