/// The frame of every console page: the head (stylesheet, viewport), the navigation with
/// sign-out, the main content, and the copy script (by hash in the policy).
struct ConsoleLayout {
  /// The page's section, for the navigation's `aria-current`.
  enum Section {
    case overview, links, newLink, signIn
  }

  let strings: ConsoleStrings
  /// The session's CSRF token; `nil` on the sign-in page (no navigation).
  let csrf: String?

  /// A whole document.
  func page(_ title: String, _ section: Section, _ content: (inout HTML) -> Void) -> HTML {
    Self.document(language: strings.language, title: "\(title) · \(strings.title)") { head in
      head.void("meta", [Attribute("name", "robots"), Attribute("content", "noindex")])
      head.void(
        "link",
        [
          Attribute("rel", "stylesheet"),
          .url("href", .console("style.css", query: [("v", ConsoleAssets.stylesheetVersion)])),
        ]
      )
    } body: { body in
      navigation(&body, section)
      body.element("main") { main in content(&main) }
      if csrf != nil {
        body.markup("<script>")
        body.markup(ConsoleAssets.copyScript)
        body.markup("</script>")
      }
    }
  }

  /// An HTML document in `language`: the head's charset, viewport and title, then `head`'s
  /// own elements; then the body. The console's pages and `linkgen stats --html` share it.
  static func document(
    language: String,
    title: String,
    head extra: (inout HTML) -> Void,
    body: (inout HTML) -> Void
  ) -> HTML {
    var html = HTML()
    html.markup("<!doctype html>")
    html.open("html", [Attribute("lang", language)])
    html.element("head") { head in
      head.void("meta", [Attribute("charset", "utf-8")])
      head.void(
        "meta",
        [Attribute("name", "viewport"), Attribute("content", "width=device-width,initial-scale=1")]
      )
      head.element("title", text: title)
      extra(&head)
    }
    html.open("body")
    body(&html)
    html.close("body")
    html.close("html")
    return html
  }

  private func navigation(_ html: inout HTML, _ section: Section) {
    html.element("header") { header in
      header.element("span", [.class("brand")], text: strings.title)
      guard let csrf else { return }
      let items: [(Section, SafeURL, String)] = [
        (.overview, .console(), strings.overview),
        (.links, .console("links"), strings.links),
        (.newLink, .console("links", "new"), strings.newLink),
      ]
      for (item, url, label) in items {
        let current: [Attribute] = item == section ? [Attribute("aria-current", "page")] : []
        header.element("a", [.url("href", url)] + current, text: label)
      }
      header.element("form", [Attribute("method", "post"), .url("action", .console("sign-out"))]) {
        form in
        Self.csrfField(&form, csrf)
        form.element(
          "button",
          [.class("quiet"), Attribute("type", "submit")],
          text: strings.signOut
        )
      }
    }
  }

  /// The hidden CSRF field of a form.
  static func csrfField(_ html: inout HTML, _ csrf: String) {
    html.void(
      "input",
      [Attribute("type", "hidden"), Attribute("name", "csrf"), Attribute("value", csrf)]
    )
  }

  /// A copy button for `value`.
  func copyButton(_ html: inout HTML, _ value: String) {
    html.element(
      "button",
      [
        .class("quiet"), Attribute("type", "button"), Attribute("data-copy", value),
        Attribute("data-done", strings.copied),
      ],
      text: strings.copy
    )
  }
}
