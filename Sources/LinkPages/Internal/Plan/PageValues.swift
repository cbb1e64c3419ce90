import LinkKit

/// Something a page draws straight into its bytes: the desktop page's QR code, written from
/// the code's matrix by the server (LinkServer), so that no SVG text is made, parsed and
/// copied per page.
package protocol PageDrawing: Sendable {
  /// A guess of the bytes ``draw(into:)`` appends, to size the page's buffer once.
  var estimatedSize: Int { get }
  /// Appends the drawing: inline SVG markup of `svg`, `g`, `path`, `rect`, `title` and `desc`
  /// elements only (what ``InlineSVG`` accepts), nothing from a request.
  func draw(into bytes: inout [UInt8])
}

/// The per-link values of a page: what fills a ``PagePlan``'s holes. No dictionaries: each
/// hole is a stored property or an index.
struct PageValues {
  var links: [String?] = Array(repeating: nil, count: PlanLink.allCases.count)
  var params: [String?] = []
  /// The parameters that have values, by name, as the link carries them (the JSON block's).
  var rawParams: [(name: String, value: String)] = []
  var fields: [(name: String, value: String)] = []
  var title = ""
  var description = ""
  var ogTitle = ""
  var ogDescription = ""
  var ogImage: String?
  var ogImageAlt: String?
  var smartBanner: String?
  /// The JSON data block's members beyond the links and fields, when the page has one
  /// (written straight into the page by ``writeJSON(into:)``).
  var json: (route: String, locale: String, params: [(name: String, value: String)])?
  var qrMarkup: String?
  var qrDrawing: (any PageDrawing)?
  var inAppCopyLink: String?
  var inAppEscape: String?
  var deferredCopyLink: String?
  var appStorePing: String?
  var playStorePing: String?

  func value(_ hole: PlanHole) -> String? {
    switch hole {
    case .link(let link): links[link.rawValue]
    case .param(let index): index < params.count ? params[index] : nil
    case .field(let name): fields.first { $0.name == name }?.value
    case .title: title
    case .description: description
    case .ogTitle: ogTitle
    case .ogDescription: ogDescription
    case .ogImage: ogImage
    case .ogImageAlt: ogImageAlt
    case .smartBanner: smartBanner
    case .json: nil
    case .qr: qrMarkup
    case .inAppCopyLink: inAppCopyLink
    case .inAppEscape: inAppEscape
    case .deferredCopyLink: deferredCopyLink
    case .appStorePing: appStorePing
    case .playStorePing: playStorePing
    }
  }

  func has(_ hole: PlanHole) -> Bool {
    switch hole {
    case .qr: qrMarkup != nil || qrDrawing != nil
    case .json: json != nil
    default: value(hole) != nil
    }
  }

  func write(_ hole: PlanHole, escaped: Bool, into out: inout [UInt8]) {
    if hole == .qr, let qrDrawing {
      qrDrawing.draw(into: &out)
      return
    }
    if hole == .json {
      writeJSON(into: &out)
      return
    }
    guard var text = value(hole) else { return }
    text.withUTF8 { bytes in
      if !escaped {
        out.append(contentsOf: bytes)
      } else if case .link = hole {
        // Passed the URL policy (``init(links:)``): `&` is its one byte to escape.
        bytes.appendReplacingAmpersands(with: "&amp;", into: &out)
      } else {
        Self.escape(bytes, into: &out)
      }
    }
  }

  /// `& < > " '` as Mustache's `{{…}}` writes them, byte by byte (every one of them, even
  /// before a combining mark, which a character-by-character escape would leave as it is).
  static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    var start = 0
    var index = 0
    // Bytes before this were looked at as a word (a word with none of the five is skipped).
    var lookedAt = 0
    while index < bytes.count {
      if index >= lookedAt, index + 8 <= bytes.count {
        if !WordScan.mayNeedHTMLEscape(WordScan.load(bytes, index)) {
          index += 8
          continue
        }
        lookedAt = index + 8
      }
      // One bit test for the bytes that stay (all but the five, which are below 0x40).
      let byte = bytes[index]
      index += 1
      guard byte < 0x40, htmlEscaped >> UInt64(byte) & 1 == 1 else { continue }
      let entity: StaticString
      switch byte {
      case 0x26: entity = "&amp;"
      case 0x3C: entity = "&lt;"
      case 0x3E: entity = "&gt;"
      case 0x22: entity = "&quot;"
      case 0x27: entity = "&#39;"
      default: continue
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]))
      entity.withUTF8Buffer { out.append(contentsOf: $0) }
      start = index
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
  }

  /// `& < > " '` as bits (bit `n` for byte `n`).
  static let htmlEscaped: UInt64 = 0x5000_00c4_0000_0000
}

extension PageValues {
  /// The links of a page, each checked against the URL policy (the first refusal is the one
  /// reported, before the table's preview image is checked), its parameters and fields.
  init(links context: borrowing RenderContext) throws(PageError) {
    // The store intent once (the Android page's "Open" is the same link), and each link in
    // the order of the candidates, so that the first refusal is the one reported.
    let storeIntent = context.androidStoreIntent
    let open =
      context.platform == .android ? (storeIntent ?? context.links.scheme) : context.links.scheme
    try check(.universal, context.links.universal, context.policy)
    try check(.scheme, context.links.scheme, context.policy)
    try check(.web, context.links.web, context.policy)
    try check(.appStore, context.links.appStore, context.policy)
    try check(.playStore, context.links.playStore, context.policy)
    try check(.androidIntent, context.links.androidIntent, context.policy)
    try check(.androidStoreIntent, storeIntent, context.policy)
    // "Open" and the platform's store are links checked just above (the same strings).
    links[PlanLink.open.rawValue] = open
    links[PlanLink.store.rawValue] = context.storeLink
    // Each value's text made once, for the page (cleaned) and for the JSON block (as it is).
    let all = context.values.all
    params.reserveCapacity(all.count)
    for (parameter, value) in all {
      let text = value?.description
      params.append(text.map(PlainText.clean))
      if let text { rawParams.append((parameter.name, text)) }
    }
    fields = context.fields.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    smartBanner = context.smartBannerContent
  }

  /// Keeps a link that passes the policy; throws the policy's refusal.
  private mutating func check(_ link: PlanLink, _ value: String?, _ policy: URLPolicy)
    throws(PageError)
  {
    guard let value else { return }
    if case .failure(let error) = policy.check(value) { throw error }
    links[link.rawValue] = value
  }

  /// The title and description (from their plans, cleaned) and the card's tags.
  mutating func prepare(
    _ context: RenderContext,
    _ compiled: CompiledPage,
    card: SocialCard?,
    pages: PageSettings?
  ) throws(PageError) {
    title = compiled.constantTitle ?? Self.text(compiled.title, self)
    if title.isEmpty { title = PlainText.clean(context.app.name ?? context.app.scheme) }
    description = compiled.constantDescription ?? Self.text(compiled.description, self)
    let image = pages?.image
    let alt = image == nil ? nil : pages?.imageAlt.map(PlainText.clean)
    (ogTitle, ogDescription, ogImage, ogImageAlt) = try (card ?? SocialCard()).og(
      title: title,
      description: description,
      image: image,
      imageAlt: alt,
      policy: context.policy
    )
  }

  private static func text(_ plan: PagePlan, _ values: PageValues) -> String {
    PlainText.clean(String(decoding: plan.fill(values), as: UTF8.self))
  }

  /// The in-app browser's values: the link to copy and the escape link, built from the page's
  /// universal link.
  mutating func inApp(_ inApp: InAppBrowserHelp, context: RenderContext) throws(PageError) {
    let universal = links[PlanLink.universal.rawValue] ?? context.links.universal
    inAppCopyLink = inApp.copyLink ?? universal
    if let escape = inApp.escape {
      let link = escape.link(for: universal)
      // Byte by byte: a UTF-8 byte passes exactly when its character would (ASCII only).
      guard URLPolicy.allAllowed(link) else {
        throw PageError(.unsafeURL, "refusing the escape link \(URLPolicy.quoted(link))")
      }
      inAppEscape = link
    }
    if let copy = inApp.copyLink, case .failure(let error) = context.policy.check(copy) {
      throw error
    }
  }

  /// The deferred-link values: the link the App Store button copies (where the page has the
  /// copy script), the store buttons' ping paths.
  mutating func deferred(_ options: DeferredLinkOptions, context: RenderContext, script: Bool)
    throws(PageError)
  {
    if script {
      // The universal link passed the policy with the page's other links.
      if let copy = options.copyLink, case .failure(let error) = context.policy.check(copy) {
        throw error
      }
      deferredCopyLink = options.copyLink ?? context.links.universal
    }
    appStorePing = try Self.pingPath(options.appStorePing)
    playStorePing = try Self.pingPath(options.playStorePing)
  }

  /// A store button's ping path, checked.
  private static func pingPath(_ ping: String?) throws(PageError) -> String? {
    guard let ping else { return nil }
    guard DeferredLinkOptions.isPingPath(ping) else {
      throw PageError(.unsafeURL, "refusing the store ping \(URLPolicy.quoted(ping))")
    }
    return ping
  }
}

extension PageValues {
  /// The JSON data block of a landing page, as LinkKit's `JSONValue` prints it (two-space
  /// indentation, `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes so that `</script>` in a value
  /// cannot close the element): route, locale, links (in ``PlanLink`` order, but the platform's
  /// store), parameters and display fields.
  func writeJSON(into out: inout [UInt8]) {
    guard let json else { return }
    out.append(contentsOf: "{\n  \"route\": ".utf8)
    Self.quote(json.route, into: &out)
    out.append(contentsOf: ",\n  \"locale\": ".utf8)
    Self.quote(json.locale, into: &out)
    out.append(contentsOf: ",\n  \"links\": ".utf8)
    var members = JSONMembers()
    for link in PlanLink.allCases where link != .store {
      if let value = links[link.rawValue] { members.add(link, value, into: &out) }
    }
    members.close(into: &out)
    out.append(contentsOf: ",\n  \"params\": ".utf8)
    members = JSONMembers()
    for (name, value) in json.params { members.add(name, value, into: &out) }
    members.close(into: &out)
    out.append(contentsOf: ",\n  \"fields\": ".utf8)
    members = JSONMembers()
    for (name, value) in fields { members.add(name, value, into: &out) }
    members.close(into: &out)
    out.append(contentsOf: "\n}".utf8)
  }

  /// An object of strings one level in, written member by member (no array of members made
  /// first): `{}` when empty.
  private struct JSONMembers {
    var count = 0

    mutating func add(_ key: String, _ value: String, into out: inout [UInt8]) {
      out.append(contentsOf: (count == 0 ? "{\n    " : ",\n    ").utf8)
      PageValues.quote(key, into: &out)
      out.append(contentsOf: ": ".utf8)
      PageValues.quote(value, into: &out)
      count += 1
    }

    /// A link's member: the link passed the URL policy (``init(links:)``), so `&` is its one
    /// byte that JSON in HTML writes otherwise (as `JSONValue` does, `\u0026`).
    mutating func add(_ name: PlanLink, _ link: String, into out: inout [UInt8]) {
      out.append(contentsOf: (count == 0 ? "{\n    " : ",\n    ").utf8)
      // The name quoted, `: ` and the value's opening quote: made once per link name.
      out.append(contentsOf: Self.linkHeads[name.rawValue])
      var link = link
      link.withUTF8 { $0.appendReplacingAmpersands(with: "\\u0026", into: &out) }
      out.append(0x22)
      count += 1
    }

    /// `"<name>": "` of each link, by ``PlanLink`` raw value.
    private static let linkHeads: [[UInt8]] = PlanLink.allCases.map {
      Array("\"\($0.name)\": \"".utf8)
    }

    func close(into out: inout [UInt8]) {
      out.append(contentsOf: (count == 0 ? "{}" : "\n  }").utf8)
    }
  }

  /// A JSON string, byte by byte, escaped as `JSONValue.quoted(_:htmlSafe: true)` escapes it;
  /// the runs between escapes appended whole.
  static func quote(_ text: String, into out: inout [UInt8]) {
    var text = text
    out.append(0x22)
    text.withUTF8 { quoteBytes($0, into: &out) }
    out.append(0x22)
  }

  /// The inside of ``quote(_:into:)``: a plain loop over the bytes (one bit test each), the
  /// runs between escapes appended whole.
  private static func quoteBytes(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    var start = 0
    var index = 0
    let count = bytes.count
    // Bytes before this were looked at as a word (a word with none to escape is skipped).
    var lookedAt = 0
    while index < count {
      if index >= lookedAt, index + 8 <= count {
        if !WordScan.mayNeedJSONEscape(WordScan.load(bytes, index)) {
          index += 8
          continue
        }
        lookedAt = index + 8
      }
      let byte = bytes[index]
      // One bit test for the bytes written as they are (most of them).
      guard jsonSpecial(byte) else {
        index += 1
        continue
      }
      var escapedLength = 1
      if byte == 0xE2 {
        guard index + 2 < count, bytes[index + 1] == 0x80,
          bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
        else {
          index += 1
          continue
        }
        escapedLength = 3
      }
      if index > start {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
      }
      if escapedLength == 3 {
        unicodeEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029, into: &out)
      } else {
        jsonEscape(byte, into: &out)
      }
      index += escapedLength
      start = index
    }
    if count > start { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<count])) }
  }

  /// Whether a byte may need an escape in a JSON string in HTML: controls, `" & < > \`,
  /// DEL, and 0xE2 (which starts U+2028 and U+2029).
  private static func jsonSpecial(_ byte: UInt8) -> Bool {
    byte < 0x40
      ? jsonBelow40 >> UInt64(byte) & 1 == 1
      : byte < 0x80 ? jsonFrom40 >> UInt64(byte &- 0x40) & 1 == 1 : byte == 0xE2
  }

  /// ``jsonSpecial(_:)`` as bits: bit `n` for byte `n`, and for byte `0x40 + n`.
  static let jsonBelow40: UInt64 = 0x5000_0044_ffff_ffff
  static let jsonFrom40: UInt64 = 0x8000_0000_1000_0000

  /// The escape of one ASCII byte that JSON-in-HTML may not carry as it is.
  private static func jsonEscape(_ byte: UInt8, into out: inout [UInt8]) {
    switch byte {
    case 0x22: out.append(contentsOf: #"\""#.utf8)
    case 0x5C: out.append(contentsOf: #"\\"#.utf8)
    case 0x0A: out.append(contentsOf: #"\n"#.utf8)
    case 0x0D: out.append(contentsOf: #"\r"#.utf8)
    case 0x09: out.append(contentsOf: #"\t"#.utf8)
    default: unicodeEscape(UInt32(byte), into: &out)
    }
  }

  /// `\u` and four lower-case hex digits.
  private static func unicodeEscape(_ value: UInt32, into out: inout [UInt8]) {
    out.append(contentsOf: #"\u"#.utf8)
    for shift in stride(from: 12, through: 0, by: -4) {
      let digit = UInt8(truncatingIfNeeded: value >> UInt32(shift)) & 0xF
      out.append(digit < 10 ? 0x30 + digit : 0x57 + digit)
    }
  }
}
