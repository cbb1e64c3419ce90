import Foundation
import Hummingbird
import LinkKit
import LinkStore

/// The new-link form's values as sent, and the errors to show next to each field.
struct NewLinkForm {
  var route: String?
  var values: [String: String] = [:]
  var slug = ""
  var expires = ""
  var maxVisits = ""
  /// Errors by field: `p.<parameter>`, `slug`, `expires`, `maxVisits`, `route`.
  var errors: [String: String] = [:]

  init(_ form: FormData) {
    route = form.trimmed("route")
    slug = form["slug"] ?? ""
    expires = form["expires"] ?? ""
    maxVisits = form["maxVisits"] ?? ""
  }

  mutating func read(_ form: FormData, _ route: Route) {
    for parameter in route.parameters {
      values[parameter.name] = form["p." + parameter.name] ?? ""
    }
  }
}

extension ConsoleExtension {
  /// `GET /console/links/new`: a form made from the route table, one field per parameter.
  func newLinkPage(_ call: ConsoleCall, _ layout: ConsoleLayout, _ form: NewLinkForm) -> HTML {
    let strings = call.strings
    let routes = store.table?.routes ?? []
    let chosen = routes.first { $0.name == form.route } ?? routes.first
    return layout.page(strings.newLink, .newLink) { main in
      main.element("h1", text: strings.newLink)
      main.element(
        "form",
        [.class("filters"), Attribute("method", "get"), .url("action", .console("links", "new"))]
      ) { pick in
        pick.element("label") { label in
          label.text(strings.route + " ")
          label.element("select", [Attribute("name", "route")]) { select in
            for route in routes {
              let selected: [Attribute] = route.name == chosen?.name ? [.flag("selected")] : []
              select.element(
                "option",
                [Attribute("value", route.name)] + selected,
                text: route.name
              )
            }
          }
        }
        pick.element("button", [.class("quiet"), Attribute("type", "submit")], text: strings.show)
      }
      guard let chosen else { return }
      fields(&main, chosen, form, strings, layout)
    }
  }

  private func fields(
    _ html: inout HTML,
    _ route: Route,
    _ form: NewLinkForm,
    _ strings: ConsoleStrings,
    _ layout: ConsoleLayout
  ) {
    html.element(
      "form",
      [.class("card"), Attribute("method", "post"), .url("action", .console("links", "new"))]
    ) { post in
      ConsoleLayout.csrfField(&post, layout.csrf ?? "")
      post.void(
        "input",
        [Attribute("type", "hidden"), Attribute("name", "route"), Attribute("value", route.name)]
      )
      if !form.errors.isEmpty {
        post.element("p", [.class("notice"), Attribute("role", "alert")], text: strings.fixFields)
      }
      if let summary = route.summary { post.element("p", [.class("hint")], text: summary) }
      for parameter in route.parameters {
        ParameterField(parameter: parameter, strings: strings)
          .write(
            &post,
            value: form.values[parameter.name] ?? "",
            error: form.errors["p." + parameter.name]
          )
      }
      let options: [(String, String, String, String)] = [
        ("slug", strings.slug, form.slug, "text"),
        ("expires", strings.expires, form.expires, "text"),
        ("maxVisits", strings.visitLimit, form.maxVisits, "number"),
      ]
      for (name, label, value, type) in options {
        ParameterField.plain(
          &post,
          name: name,
          label: "\(label) (\(strings.optional))",
          value: value,
          type: type,
          hint: name == "expires" ? strings.expiresHint : nil,
          error: form.errors[name]
        )
      }
      post.element("p") { p in
        p.element("button", [Attribute("type", "submit")], text: strings.create)
      }
    }
  }

  /// `POST /console/links/new`: checked by LinkKit through the store; each error goes back to
  /// its field with the values kept (400); success goes to the link's page.
  func createLink(
    _ call: ConsoleCall,
    _ body: FormData,
    _ session: SignedIn,
    _ layout: ConsoleLayout
  )
    async -> Response
  {
    var form = NewLinkForm(body)
    guard let route = store.table?.routes.first(where: { $0.name == form.route }) else {
      form.errors["route"] = "unknown route"
      return ConsoleResponses.page(newLinkPage(call, layout, form), status: .badRequest)
    }
    form.read(body, route)
    var request = NewShortLink(
      route: route.name,
      arguments: form.values.filter { !$0.value.isEmpty }
    )
    request.slug = form.slug.isEmpty ? nil : form.slug.trimmingCharacters(in: .whitespaces)
    if !form.maxVisits.isEmpty {
      guard let visits = Int(form.maxVisits.trimmingCharacters(in: .whitespaces)) else {
        form.errors["maxVisits"] = "a whole number, at least 1"
        return ConsoleResponses.page(newLinkPage(call, layout, form), status: .badRequest)
      }
      request.maxVisits = visits
    }
    if !form.expires.isEmpty {
      guard let date = Self.date(form.expires) else {
        form.errors["expires"] = call.strings.expiresHint
        return ConsoleResponses.page(newLinkPage(call, layout, form), status: .badRequest)
      }
      request.expiresAt = date
    }
    do {
      let link = try await store.createLink(request, keyID: session.keyID, now: call.now)
      return ConsoleResponses.redirect("/console/links/" + SafeURL.percentEncoded(link.code))
    } catch {
      form.errors[Self.field(of: error)] = error.message
      return ConsoleResponses.page(newLinkPage(call, layout, form), status: .badRequest)
    }
  }

  /// The form field a store error is about.
  static func field(of error: StoreError) -> String {
    if let parameter = error.linkError?.parameter { return "p." + parameter }
    switch error.field {
    case "slug": return "slug"
    case "maxVisits": return "maxVisits"
    case "expiresAt": return "expires"
    default: return "route"
    }
  }

  /// `YYYY-MM-DD` (the end of that day is not meant: its start) or `YYYY-MM-DDTHH:MM`, UTC.
  static func date(_ text: String) -> Date? {
    let text = text.trimmingCharacters(in: .whitespaces)
    let dayPart = String(text.prefix(10))
    guard let day = ClickDay(dayPart) else { return nil }
    guard text.count > 10 else { return day.start }
    let rest = text.dropFirst(11)
    let parts = rest.split(separator: ":")
    guard text.dropFirst(10).first == "T" || text.dropFirst(10).first == " ", parts.count >= 2,
      let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours),
      (0..<60).contains(minutes)
    else { return nil }
    return day.start.addingTimeInterval(Double(hours * 3600 + minutes * 60))
  }
}

/// One parameter's field, typed from the route table: a UUID's pattern, an int's bounds, an
/// enum's select, a bool's select, a string's lengths and characters.
struct ParameterField {
  let parameter: Parameter
  let strings: ConsoleStrings

  func write(_ html: inout HTML, value: String, error: String?) {
    let name = "p." + parameter.name
    let id = "field-" + parameter.name
    let optional = parameter.isOptional || parameter.defaultValue != nil
    html.element("label", [Attribute("for", id)]) { label in
      label.text(parameter.name)
      if optional { label.text(" (\(strings.optional))") }
    }
    switch parameter.type {
    case .enumeration(let values): select(&html, id, name, values, value, optional)
    case .bool: select(&html, id, name, ["true", "false"], value, optional)
    default:
      var attributes = [
        Attribute("id", id), Attribute("name", name), Attribute("value", value),
      ]
      attributes += constraints
      if !optional { attributes.append(.flag("required")) }
      html.void("input", attributes)
    }
    html.element("p", [.class("hint")], text: hint)
    if let error {
      html.element("p", [.class("error"), Attribute("role", "alert")], text: error)
    }
  }

  private var constraints: [Attribute] {
    switch parameter.type {
    case .uuid:
      return [Attribute("type", "text"), Attribute("size", "36"), Attribute("spellcheck", "false")]
    case .int(let min, let max):
      return [Attribute("type", "number")] + (min.map { [Attribute("min", String($0))] } ?? [])
        + (max.map { [Attribute("max", String($0))] } ?? [])
    case .string(let rules):
      return [
        Attribute("type", "text"), Attribute("maxlength", String(rules.maxLength)),
        Attribute("size", String(min(max(rules.maxLength, 10), 40))),
      ]
    default: return []
    }
  }

  private var hint: String {
    var text = parameter.type.description
    if let value = parameter.defaultValue { text += " · default \(value.description)" }
    return text
  }

  private func select(
    _ html: inout HTML,
    _ id: String,
    _ name: String,
    _ values: [String],
    _ value: String,
    _ optional: Bool
  ) {
    html.element("select", [Attribute("id", id), Attribute("name", name)]) { select in
      if optional { select.element("option", [Attribute("value", "")], text: "—") }
      for option in values {
        let selected: [Attribute] = option == value ? [.flag("selected")] : []
        select.element("option", [Attribute("value", option)] + selected, text: option)
      }
    }
  }

  /// A field for a link option (slug, expiry, visit limit).
  static func plain(
    _ html: inout HTML,
    name: String,
    label: String,
    value: String,
    type: String,
    hint: String?,
    error: String?
  ) {
    html.element("label", [Attribute("for", "field-" + name)], text: label)
    html.void(
      "input",
      [
        Attribute("id", "field-" + name), Attribute("name", name), Attribute("value", value),
        Attribute("type", type),
      ]
    )
    if let hint { html.element("p", [.class("hint")], text: hint) }
    if let error { html.element("p", [.class("error"), Attribute("role", "alert")], text: error) }
  }
}
