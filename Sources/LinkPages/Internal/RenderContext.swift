import Foundation
import LinkKit

/// What templates see: one dictionary per rendering, every value already prepared for the
/// context it is documented for (docs/pages.md lists them):
///
/// - text (`app.name`, `route.summary`, `params.*`, `fields.*`, `title`, `description`,
///   `page.imageAlt`): cleaned plain text; `{{…}}` HTML-escapes it for HTML text and quoted
///   attributes, and text templates print it as it is;
/// - URLs (`links.*`, `page.image`): absolute links that passed ``URLPolicy``; `{{…}}` makes
///   them attribute values;
/// - `smartBanner.content`: the `apple-itunes-app` list, its link percent-encoded here;
/// - `json.data`: JSON escaped for a `<script type="application/json">` element, printed with
///   `{{{…}}}`;
/// - `qr.svg`: markup that passed ``InlineSVG``, printed with `{{{…}}}`;
/// - `csp`: the Content-Security-Policy value;
/// - `page.colors.light.*`, `page.colors.dark.*`: CSS colours (`#rrggbb`) from ``PagePalette``.
struct RenderContext {
  let values: RouteValues
  let links: LinkSet
  let locale: String
  let fields: [String: String]
  let platform: Platform
  /// The table, for its app and page settings (one reference to copy and release per page,
  /// where copies of both were a few dozen).
  let table: RouteTable
  let policy: URLPolicy

  var app: AppIdentity { table.app }
  var pages: PageSettings? { table.pages }

  init(
    table: RouteTable,
    values: RouteValues,
    locale: String,
    fields: [String: String],
    platform: Platform,
    links known: LinkSet? = nil,
    policy: URLPolicy? = nil
  ) throws(PageError) {
    let links: LinkSet
    if let known {
      links = known
    } else {
      do throws(LinkError) {
        links = try table.links(for: values)
      } catch {
        throw PageError(.link, error.message)
      }
    }
    self.values = values
    self.links = links
    self.locale = locale
    self.fields = try Self.cleanFields(fields)
    self.platform = platform
    self.table = table
    self.policy =
      policy ?? URLPolicy(appScheme: table.app.scheme, androidPackage: table.app.android?.package)
  }

  /// The display fields, checked and cleaned; empty values are left out.
  static func cleanFields(_ fields: [String: String]) throws(PageError) -> [String: String] {
    if fields.isEmpty { return [:] }  // a served page's (nothing to sort)
    guard fields.count <= PageRenderer.maximumFieldCount else {
      throw PageError(
        .invalidField,
        "\(fields.count) display fields given; at most \(PageRenderer.maximumFieldCount)"
      )
    }
    var result: [String: String] = [:]
    for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
      guard isFieldName(name) else {
        throw PageError(
          .invalidField,
          "'\(name.prefix(40))' is not a field name: a letter, then up to 39 letters, digits or '_'"
        )
      }
      guard value.count <= PageRenderer.maximumFieldLength else {
        throw PageError(
          .invalidField,
          "the field '\(name)' is \(value.count) characters long; at most "
            + "\(PageRenderer.maximumFieldLength)"
        )
      }
      let clean = PlainText.clean(value)
      if !clean.isEmpty { result[name] = clean }
    }
    return result
  }

  static func isFieldName(_ name: String) -> Bool {
    guard let first = name.first, first.isASCII, first.isLetter, name.count <= 40 else {
      return false
    }
    return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
  }

  // MARK: Links

  /// The `intent:` link for the Android button: linkgen's intent link with the Play Store page
  /// as its `browser_fallback_url`, so that a phone without the app lands on the store rather
  /// than back on this page. Named apart from the link set's `androidIntent`, which falls back
  /// to the web link.
  var androidStoreIntent: String? {
    guard let intent = links.androidIntent else { return nil }
    guard let store = links.playStore else { return intent }
    var text = intent
    return text.withUTF8 { bytes -> String in
      // The intent up to the marker, the store encoded, `;end`: one string made from the bytes.
      // `;end` as bytes is `;end` as characters unless a non-ASCII scalar before it joins `;`
      // to a character (U+0600): then `hasSuffix` decides.
      guard let end = bytes.firstOccurrence(of: Self.fallbackMarker)?.upperBound,
        Self.endsWithEnd(bytes),
        bytes.count == 4 || bytes[bytes.count - 5] < 0x80 || intent.hasSuffix(";end")
      else { return intent }
      return PercentEncoding.joining(
        UnsafeBufferPointer(rebasing: bytes[..<end]),
        encoding: store,
        ";end"
      )
    }
  }

  /// Whether the bytes end with `;end`.
  private static func endsWithEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = bytes.count
    return count >= 4 && bytes[count - 4] == 0x3B && bytes[count - 3] == 0x65
      && bytes[count - 2] == 0x6E && bytes[count - 1] == 0x64
  }

  private static let fallbackMarker = Array(";S.browser_fallback_url=".utf8)

  /// The link behind "Open": the custom-scheme link, or the intent link on Android.
  var openLink: String {
    platform == .android ? (androidStoreIntent ?? links.scheme) : links.scheme
  }

  /// The store behind "Get the app" on one platform; `nil` for ``Platform/any``.
  var storeLink: String? {
    switch platform {
    case .any: nil
    case .ios: links.appStore
    case .android: links.playStore
    }
  }

  /// The `apple-itunes-app` content, when the app has an App Store ID.
  var smartBannerContent: String? {
    app.ios?.appStoreID.flatMap { Self.smartBannerContent(appID: $0, link: links.universal) }
  }

  /// `app-id=<digits>, app-argument=<link>`: the content is a comma-separated list, so the
  /// link's commas (and quotes and spaces) are percent-encoded and cannot add a key; an ID that
  /// is not all digits gives `nil`.
  static func smartBannerContent(appID: String, link: String) -> String? {
    // ASCII digits, byte by byte (each a character that is ASCII and a number).
    guard !appID.isEmpty, appID.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    var link = link
    let ascii = link.withUTF8 { bytes -> String? in
      // ASCII (linkgen's links are): each character one byte, written straight into the
      // string's storage (at most three bytes a link byte), one bit test per byte.
      let capacity = 22 + appID.utf8.count + 3 * bytes.count
      var isASCII = true
      let made = String(unsafeUninitializedCapacity: capacity) { out in
        var count = 0
        func put(_ text: StaticString) {
          text.withUTF8Buffer { for byte in $0 { out[count] = byte; count += 1 } }
        }
        put("app-id=")
        for byte in appID.utf8 { out[count] = byte; count += 1 }
        put(", app-argument=")
        var high: UInt8 = 0
        for byte in bytes {
          high |= byte
          guard byte < 0x40, bannerEscaped >> UInt64(byte) & 1 == 1 else {
            out[count] = byte
            count += 1
            continue
          }
          out[count] = UInt8(ascii: "%")
          out[count + 1] = UInt8(ascii: "2")
          out[count + 2] = hexDigits[Int(byte & 0xF)]
          count += 3
        }
        isASCII = high < 0x80
        return count
      }
      return isASCII ? made : nil
    }
    return ascii ?? "app-id=\(appID), app-argument=\(bannerArgument(byCharacter: link))"
  }

  /// The banner's argument encoded character by character: for a link that is not ASCII (and,
  /// in the tests, the reference the byte-by-byte path is held to).
  static func bannerArgument(byCharacter link: String) -> String {
    var argument = ""
    for character in link {
      switch character {
      case ",": argument += "%2C"
      case "\"": argument += "%22"
      case "'": argument += "%27"
      case " ": argument += "%20"
      default: argument.append(character)
      }
    }
    return argument
  }

  /// `,`, `"`, `'` and space as bits (bit `n` for byte `n`): what the banner's argument
  /// percent-encodes (all of them `0x2_`).
  private static let bannerEscaped: UInt64 = 1 << 0x2C | 1 << 0x22 | 1 << 0x27 | 1 << 0x20
  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  // MARK: Dictionaries

  /// The links templates may use, each checked against the URL policy.
  func linkValues() throws(PageError) -> [String: Any] {
    var result: [String: Any] = [:]
    let candidates: [(String, String?)] = [
      ("universal", links.universal), ("scheme", links.scheme), ("web", links.web),
      ("appStore", links.appStore), ("playStore", links.playStore),
      ("androidIntent", links.androidIntent), ("androidStoreIntent", androidStoreIntent),
      ("open", openLink), ("store", storeLink),
    ]
    for (name, link) in candidates {
      guard let link else { continue }
      if case .failure(let error) = policy.check(link) { throw error }
      result[name] = link
    }
    return result
  }

  /// Everything but `title`, `description` and the page-only values, with display fields
  /// shortened to `cap` characters, ending in `marker`, when given (for SMS). `routeValues` are
  /// those of ``routeValues(table:route:locale:platform:)``, when the caller has them already.
  func base(cap: Int? = nil, marker: String = "…", routeValues: [String: Any]? = nil)
    throws(PageError) -> [String: Any]
  {
    var params: [String: Any] = [:]
    for (parameter, value) in values.all {
      if let value { params[parameter.name] = PlainText.clean(value.description) }
    }
    // The links first: their refusal is the one reported when the preview image is refused too.
    let links = try linkValues()
    var context =
      if let routeValues {
        routeValues
      } else {
        try Self.routeValues(
          app: app,
          pages: pages,
          policy: policy,
          route: values.route,
          locale: locale,
          platform: platform
        )
      }
    context["params"] = params
    context["fields"] = fields.mapValues { value -> Any in
      cap.map { Self.shorten(value, to: $0, marker: marker) } ?? value
    }
    context["links"] = links
    if let content = smartBannerContent { context["smartBanner"] = ["content": content] }
    return context
  }

  /// What is the same for every link of a route: `locale`, `app`, `route`, `platform` and
  /// `page` (everything but the values, fields and links of ``base(cap:marker:)``).
  static func routeValues(
    app: AppIdentity,
    pages: PageSettings?,
    policy: URLPolicy,
    route: Route,
    locale: String,
    platform: Platform
  ) throws(PageError) -> [String: Any] {
    var appValues: [String: Any] = [
      "name": PlainText.clean(app.name ?? app.scheme), "scheme": app.scheme,
    ]
    if let id = app.ios?.appStoreID { appValues["ios"] = ["appStoreID": id] }
    if let package = app.android?.package { appValues["android"] = ["package": package] }
    var routeEntry: [String: Any] = ["name": route.name, "is": [route.name: true]]
    if let summary = route.summary { routeEntry["summary"] = PlainText.clean(summary) }
    return [
      "locale": locale,
      "app": appValues,
      "route": routeEntry,
      "platform": [platform.rawValue: true],
      "page": try pageValues(pages, policy),
    ]
  }

  /// ``routeValues(app:pages:policy:route:locale:platform:)`` for a route of `table`.
  static func routeValues(
    table: RouteTable,
    route: Route,
    locale: String,
    platform: Platform
  ) throws(PageError) -> [String: Any] {
    try routeValues(
      app: table.app,
      pages: table.pages,
      policy: URLPolicy(appScheme: table.app.scheme, androidPackage: table.app.android?.package),
      route: route,
      locale: locale,
      platform: platform
    )
  }

  private static func pageValues(_ pages: PageSettings?, _ policy: URLPolicy) throws(PageError)
    -> [String: Any]
  {
    var result: [String: Any] = [:]
    if let image = pages?.image {
      guard case .success(.https) = policy.check(image) else {
        throw PageError(
          .unsafeURL,
          "refusing the preview image \(URLPolicy.quoted(image)): not https"
        )
      }
      result["image"] = image
      if let alt = pages?.imageAlt { result["imageAlt"] = PlainText.clean(alt) }
    }
    if let site = pages?.twitterSite { result["twitterSite"] = site }
    if let color = pages?.themeColor { result["themeColor"] = color }
    result["colors"] = PagePalette(themeColor: pages?.themeColor).templateValues
    return result
  }

  /// `text` cut to at most `cap` characters, the cut marked with `marker` (an ellipsis).
  static func shorten(_ text: String, to cap: Int, marker: String) -> String {
    guard text.count > cap else { return text }
    guard cap > marker.count else { return "" }
    return String(String(text.prefix(cap - marker.count)).trimmingPrefixAndSuffixWhitespace())
      + marker
  }
}
