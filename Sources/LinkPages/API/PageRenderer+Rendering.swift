public import LinkKit

extension PageRenderer {
  /// Share text for a link: a message, an email subject and body, and a text message that fits
  /// one SMS segment, from the locale's `message`, `email-subject`, `email-body` and `sms`
  /// templates.
  ///
  /// ```swift
  /// let share = try pages.shareText(for: values, locale: "ko", fields: ["inviter": "Ada"])
  /// share.message  // "Ada님이 OpenList에서 …를 공유했습니다:\nhttps://openlist.example.com/…"
  /// ```
  ///
  /// - Parameters:
  ///   - values: The route and its values; the link is linkgen's universal link for them.
  ///   - locale: A language tag; falls back to the language, then English.
  ///   - fields: Display fields for the templates (`inviter`, `title`…), untrusted: cleaned of
  ///     controls, line breaks, bidirectional and zero-width characters.
  /// - Throws: ``PageError``; ``PageError/Code/smsTooLong`` when not even the link alone fits
  ///   one segment.
  public func shareText(
    for values: RouteValues,
    locale: String = "en",
    fields: [String: String] = [:]
  ) throws(PageError) -> ShareText {
    let job = try Job(self, values: values, locale: locale, fields: fields, platform: .any)
    let context = try job.textContext()
    let subject = try job.render("email-subject", context)
    let sms = try job.sms()
    var warnings = try localeWarning(locale).map { [$0] } ?? []
    if sms.shortened {
      warnings.append(
        PageWarning(
          .smsShortened,
          "the SMS text was shortened to fit one segment (\(sms.units)/\(sms.limit) "
            + "\(sms.encoding.rawValue))"
        )
      )
    }
    return ShareText(
      locale: job.locale,
      link: job.context.links.universal,
      message: Self.tidy(try job.render("message", context), finalNewline: false),
      emailSubject: PlainText.clean(subject),
      emailBody: Self.tidy(try job.render("email-body", context), finalNewline: false),
      sms: sms,
      warnings: warnings
    )
  }

  /// The Smart App Banner tag for Safari on iOS, from the `smart-banner` template:
  /// `<meta name="apple-itunes-app" content="app-id=<digits>, app-argument=<universal link>">`.
  ///
  /// - Throws: ``PageError`` with ``PageError/Code/missingAppIdentity`` when the table has no
  ///   `app.ios.appStoreID`.
  public func smartBannerMeta(for values: RouteValues) throws(PageError) -> String {
    let job = try Job(self, values: values, locale: "en", fields: [:], platform: .ios)
    guard job.context.smartBannerContent != nil else {
      throw PageError(
        .missingAppIdentity,
        "the Smart App Banner needs the app's App Store ID; set app.ios.appStoreID in the route table"
      )
    }
    return Self.tidy(try job.render("smart-banner", try job.htmlContext()))
  }

  /// A self-contained banner (HTML and CSS, no script) for pages outside Safari, from the
  /// `banner` template: the app's name, an "Open" button (the custom-scheme link, or the
  /// `intent:` link for ``Platform/android``) and "Get the app" store links.
  ///
  /// A page with a Content-Security-Policy of its own allows the banner's stylesheet with
  /// ``styleSources(in:)``.
  public func bannerSnippet(
    for values: RouteValues,
    locale: String = "en",
    fields: [String: String] = [:],
    platform: Platform = .any
  ) throws(PageError) -> String {
    let job = try Job(self, values: values, locale: locale, fields: fields, platform: platform)
    return Self.tidy(try job.render("banner", try job.htmlContext()))
  }

  /// A landing page for the link, from the `page` template: Open Graph and X/Twitter card tags
  /// (with `twitter:app:*`), the Smart App Banner tag, an "Open in the app" button, App Store
  /// and Google Play links, the Android `intent:` link, and for desktop browsers the link and
  /// its QR code. The page never redirects (link-preview crawlers read its tags) and carries a
  /// Content-Security-Policy that allows no script and only its own stylesheets.
  ///
  /// - Parameters:
  ///   - qrSVG: The link's QR code as an SVG document, shown for desktop browsers; it must be
  ///     plain drawing markup (see ``PageError/Code/unsafeSVG``).
  public func landingPage(
    for values: RouteValues,
    locale: String = "en",
    fields: [String: String] = [:],
    platform: Platform = .any,
    qrSVG: String? = nil
  ) throws(PageError) -> String {
    try servedLandingPage(
      for: values,
      locale: locale,
      fields: fields,
      platform: platform,
      qrSVG: qrSVG,
      desktop: false
    ).html
  }

  /// Trailing blanks (spaces and tabs) of every line and blank lines at the ends removed, and
  /// (for HTML) one final newline. Lines end at `\n` (a `\r\n` pair is one character and stays
  /// inside its line, as `String.split` sees it).
  ///
  /// Works on the UTF-8 bytes (every card of a sheet goes through it): a space, a tab and a
  /// line feed are single bytes that never occur inside another character's encoding.
  static func tidy(_ text: String, finalNewline: Bool = true) -> String {
    var text = text
    return text.withUTF8 { bytes in
      // Each line's bytes, without its trailing blanks.
      var lines: [Range<Int>] = []
      var start = 0
      for index in 0...bytes.count {
        guard
          index == bytes.count || (bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D))
        else { continue }
        var end = index
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        lines.append(start..<end)
        start = index + 1
      }
      guard let first = lines.firstIndex(where: { !$0.isEmpty }),
        let last = lines.lastIndex(where: { !$0.isEmpty })
      else { return "" }
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count + 1)
      for (offset, line) in lines[first...last].enumerated() {
        if offset > 0 { result.append(0x0A) }
        result.append(contentsOf: bytes[line])
      }
      if finalNewline { result.append(0x0A) }
      return String(decoding: result, as: UTF8.self)
    }
  }
}

/// One rendering: the resolved templates and the prepared values.
struct Job {
  let context: RenderContext
  let locale: String
  let entries: [String: TemplateSet.Entry]

  init(
    _ renderer: PageRenderer,
    values: RouteValues,
    locale: String,
    fields: [String: String],
    platform: Platform
  ) throws(PageError) {
    let resolved = try renderer.resolvedLocale(locale)
    self.locale = resolved
    context = try RenderContext(
      table: renderer.table,
      values: values,
      locale: resolved,
      fields: fields,
      platform: platform
    )
    entries = renderer.templates.resolved(
      locale: try Locales.normalized(locale),
      route: values.routeName
    )
  }

  func render(_ name: String, _ values: [String: Any]) throws(PageError) -> String {
    try renderWithOrigin(name, values).text
  }

  func renderWithOrigin(_ name: String, _ values: [String: Any]) throws(PageError) -> (
    text: String, origin: String
  ) {
    try TemplateSet.render(name, context: values, entries: entries)
  }

  /// The values plus `title` and `description`, rendered from their text templates.
  func textContext(cap: Int? = nil, marker: String = "…") throws(PageError) -> [String: Any] {
    var values = try context.base(cap: cap, marker: marker)
    var title = PlainText.clean(try render("title", values))
    if title.isEmpty { title = (values["app"] as? [String: Any])?["name"] as? String ?? "" }
    var description = PlainText.clean(try render("description", values))
    if let cap {
      title = RenderContext.shorten(title, to: cap, marker: marker)
      description = RenderContext.shorten(description, to: cap, marker: marker)
    }
    values["title"] = title
    values["description"] = description
    return values
  }

  func htmlContext() throws(PageError) -> [String: Any] { try textContext() }

  /// The `sms` template's text, shortened until it fits one segment (see ``SMSMessage``):
  /// first as it is; then with the display fields, title and description cut to the longest
  /// length (at least ``minimumCut`` characters) that fits; then the link alone.
  func sms() throws(PageError) -> SMSMessage {
    let link = context.links.universal
    let (rendered, origin) = try renderWithOrigin("sms", try textContext())
    let full = smsText(rendered)
    guard full.contains(link) else {
      throw PageError(
        .templateSyntax,
        "\(origin): the SMS text must carry the link; print {{links.universal}} in it"
      )
    }
    if SMSCounter.fits(full) { return message(full, shortened: false) }
    let marker = SMSCounter.measure(full).encoding == .gsm7 ? "..." : "…"
    var low = Self.minimumCut
    var high = PageRenderer.maximumFieldLength
    var best: String?
    while low <= high {
      let cap = (low + high) / 2
      let text = smsText(try render("sms", try textContext(cap: cap, marker: marker)))
      if SMSCounter.fits(text) && text.contains(link) {
        best = text
        low = cap + 1
      } else {
        high = cap - 1
      }
    }
    if let best { return message(best, shortened: true) }
    guard SMSCounter.fits(link) else {
      let (encoding, units) = SMSCounter.measure(link)
      throw PageError(
        .smsTooLong,
        "the link alone takes \(units) \(encoding == .gsm7 ? "septets" : "UTF-16 units") of "
          + "\(encoding.rawValue); one SMS segment holds \(encoding == .gsm7 ? 160 : 70)"
      )
    }
    return message(link, shortened: true)
  }

  /// Display text is not cut below this many characters; the link goes alone instead.
  static let minimumCut = 8

  private func smsText(_ rendered: String) -> String {
    String(PageRenderer.tidy(rendered, finalNewline: false).trimmingPrefixAndSuffixWhitespace())
  }

  private func message(_ text: String, shortened: Bool) -> SMSMessage {
    let (encoding, units) = SMSCounter.measure(text)
    return SMSMessage(text: text, encoding: encoding, units: units, shortened: shortened)
  }
}
