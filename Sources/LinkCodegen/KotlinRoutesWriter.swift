import LinkKit

/// Writes the table-dependent members of the generated `LinkRuntime` object from the
/// ``TableModel``: the constants of ``LinkRules`` and the app, the route descriptors the
/// parser walks, the conversion of parsed values into the typed subclasses, and the link set.
struct KotlinRoutesWriter {
  let plan: KotlinPlan
  let model: TableModel

  private static let pad = "        "

  func constants(into lines: inout [String]) {
    let pad = Self.pad
    let app = model.app
    let maximum = max(1, model.routes.map(\.parameters.count).max() ?? 1)
    lines += [
      pad + "const val MAX_LENGTH = \(LinkRules.maximumLength)",
      pad + "const val MAX_SEGMENTS = \(LinkRules.maximumPathSegments)",
      pad + "const val MAX_ITEMS = \(LinkRules.maximumQueryItems)",
      pad + "const val MAX_PARAMETERS = \(maximum)",
      pad + "const val SCHEME = \(KotlinLiteral.string(app.scheme))",
      pad + "const val UNIVERSAL_PREFIX = \(KotlinLiteral.string(app.universalPrefix))",
      pad + "const val DOMAIN_LIST = "
        + KotlinLiteral.string(model.table.app.domains.joined(separator: ", ")),
      pad + "const val REFERRER_ITEM = \(KotlinLiteral.string(TableModel.AppLinks.referrerItem))",
      pad + "const val UNRESERVED_TEXT = \(KotlinLiteral.string(LinkRules.unreserved))",
      pad + "const val CLASS_TEXT =",
    ]
    let classes = Array(LinkRules.byteClasses)
    for row in stride(from: 0, to: classes.count, by: 64) {
      let end = row + 64 >= classes.count ? "" : " +"
      lines.append(pad + "    \"" + String(classes[row..<row + 64]) + "\"" + end)
    }
    let forbidden = LinkRules.forbiddenScalars.map {
      "\(hex($0.lowerBound)), \(hex($0.upperBound))"
    }
    lines.append(pad + "val FORBIDDEN = intArrayOf(")
    lines += wrapped(forbidden, indent: pad + "    ")
    lines.append(pad + ")")
    lines.append(pad + "val SCHEME_BYTES = ascii(SCHEME)")
    let domains = app.domains.map { "ascii(\(KotlinLiteral.string($0)))" }
    lines.append(pad + "val DOMAINS = arrayOf(" + domains.joined(separator: ", ") + ")")
  }

  func routes(into lines: inout [String]) {
    let pad = Self.pad
    lines.append("")
    lines.append(pad + "// MARK: The routes of the table")
    lines.append("")
    lines.append(pad + "val ROUTES = arrayOf(")
    for (index, route) in model.routes.enumerated() {
      lines.append(pad + "    Route(")
      lines.append(pad + "        \(KotlinLiteral.string(route.name)),")
      if route.parameters.isEmpty {
        lines.append(pad + "        arrayOf<Param>(),")
      } else {
        lines.append(pad + "        arrayOf(")
        let params = route.parameters.map(param)
        for (position, text) in params.enumerated() {
          lines.append(pad + "            " + text + (position == params.count - 1 ? "" : ","))
        }
        lines.append(pad + "        ),")
      }
      lines.append(pad + "        " + pattern(route.scheme) + ",")
      lines.append(pad + "        " + pattern(route.universal))
      lines.append(pad + "    )" + (index == model.routes.count - 1 ? "" : ","))
    }
    lines.append(pad + ")")
    lines.append("")
    typed(into: &lines)
    lines.append("")
    linkSet(into: &lines)
  }

  // MARK: Descriptors

  private func param(_ model: TableModel.ParameterModel) -> String {
    let parameter = model.parameter
    var arguments = [KotlinLiteral.string(parameter.name)]
    var named: [String] = []
    switch parameter.type {
    case .uuid:
      arguments.append("UUID_KIND")
      if parameter.allowsNilUUID { named.append("allowsNil = true") }
    case .bool: arguments.append("BOOL_KIND")
    case .int(let min, let max):
      arguments.append("INT_KIND")
      if let min { named.append("min = " + KotlinLiteral.long(min)) }
      if let max { named.append("max = " + KotlinLiteral.long(max)) }
    case .enumeration(let values):
      arguments.append("ENUM_KIND")
      named.append(
        "values = arrayOf(" + values.map(KotlinLiteral.string).joined(separator: ", ") + ")"
      )
    case .string(let rules):
      arguments.append("STRING_KIND")
      named.append("min = \(rules.minLength)L")
      named.append("max = \(rules.maxLength)L")
      if let allowed = rules.allowedCharacters {
        let ranges = allowed.ranges.map {
          "\(hex($0.lowerBound.value)), \(hex($0.upperBound.value))"
        }
        named.append("allowed = intArrayOf(" + ranges.joined(separator: ", ") + ")")
        named.append("pattern = " + KotlinLiteral.string(allowed.pattern))
      }
    }
    arguments.append(KotlinLiteral.string(parameter.type.description))
    if parameter.isOptional { named.insert("optional = true", at: 0) }
    if model.isInPath { named.insert("inPath = true", at: parameter.isOptional ? 1 : 0) }
    return "Param(" + (arguments + named).joined(separator: ", ") + ")"
  }

  private func pattern(_ pattern: LinkPattern) -> String {
    let form: String
    var host = ""
    switch pattern.form {
    case .universal: form = "UNIVERSAL_FORM"
    case .opaque: form = "OPAQUE_FORM"
    case .authority(let name):
      form = "AUTHORITY_FORM"
      host = name
    }
    let path = pattern.path.map(piece)
    let query = pattern.query.map { "Item(\(KotlinLiteral.string($0.name)), \(piece($0.value)))" }
    let pathText =
      path.isEmpty ? "arrayOf<Piece>()" : "arrayOf(" + path.joined(separator: ", ") + ")"
    let queryText =
      query.isEmpty ? "arrayOf<Item>()" : "arrayOf(" + query.joined(separator: ", ") + ")"
    return "Pattern(\(KotlinLiteral.string(pattern.template)), \(form), "
      + "\(KotlinLiteral.string(host)), \(pathText), \(queryText))"
  }

  private func piece(_ component: LinkPattern.Component) -> String {
    switch component {
    case .literal(let text): "literal(\(KotlinLiteral.string(text)))"
    case .parameter(let index): "parameter(\(index))"
    }
  }

  // MARK: Values and links

  private func typed(into lines: inout [String]) {
    let pad = Self.pad
    lines.append(
      pad + "fun typed(route: Int, slots: Array<Any?>): \(plan.typeName) = when (route) {"
    )
    for (index, subclass) in plan.subclasses.enumerated() {
      if subclass.properties.isEmpty {
        lines.append(pad + "    \(index) -> \(subclass.name)")
        continue
      }
      lines.append(pad + "    \(index) -> \(subclass.name)(")
      for (position, property) in subclass.properties.enumerated() {
        var conversion = self.conversion(property, slot: position)
        if position < subclass.properties.count - 1 { conversion[conversion.count - 1] += "," }
        lines += conversion.map { pad + "        " + $0 }
      }
      lines.append(pad + "    )")
    }
    lines.append(pad + "    else -> throw IllegalStateException(\"no route at \" + route)")
    lines.append(pad + "}")
  }

  /// The typed value of a parsed slot (a UUID, Long, String or Boolean, or null): one line, or
  /// for an enum a `when` over the value's text (no `values()` copy, no lambda).
  private func conversion(_ property: KotlinPlan.Property, slot: Int) -> [String] {
    let value = "slots[\(slot)]"
    let optional = property.model.isOptional
    let defaultValue = property.parameter.defaultValue.map {
      KotlinFileWriter.expression($0, of: property)
    }
    let fallback = defaultValue.map { " ?: " + $0 }
    if let nested = property.nested {
      let otherwise =
        defaultValue ?? (optional ? "null" : "throw IllegalStateException(\"no value\")")
      return ["when (\(value)) {"]
        + nested.constants.map {
          "    \(KotlinLiteral.string($0.value)) -> \(nested.name).\($0.name)"
        }
        + ["    else -> \(otherwise)", "}"]
    }
    let nullable = optional || fallback != nil
    if property.type == "Int" {
      return [
        nullable
          ? "(\(value) as Long?)?.toInt()" + (fallback ?? "") : "(\(value) as Long).toInt()"
      ]
    }
    return ["\(value) as \(property.type)" + (nullable ? "?" : "") + (fallback ?? "")]
  }

  private func linkSet(into lines: inout [String]) {
    let pad = Self.pad
    let app = model.app
    lines.append(pad + "fun linkSet(scheme: String, universal: String): LinkSet {")
    if let web = app.webBase {
      lines.append(
        pad
          + "    val web = \(KotlinLiteral.string(web)) + universal.substring(UNIVERSAL_PREFIX.length)"
      )
    } else {
      lines.append(pad + "    val web = universal")
    }
    let play = app.playStorePrefix.map {
      KotlinLiteral.string($0) + " + encoded(encoded(universal))"
    }
    let intent = app.intentMiddle.map {
      "\"intent\" + scheme.substring(SCHEME.length) + \(KotlinLiteral.string($0)) + encoded(web) + \";end\""
    }
    let arguments = [
      "scheme = scheme", "universal = universal",
      "appStore = " + (app.appStore.map(KotlinLiteral.string) ?? "null"),
      "appStoreApp = " + (app.appStoreApp.map(KotlinLiteral.string) ?? "null"),
      "playStore = " + (play ?? "null"), "androidIntent = " + (intent ?? "null"), "web = web",
    ]
    lines.append(pad + "    return LinkSet(")
    for (index, argument) in arguments.enumerated() {
      lines.append(pad + "        " + argument + (index == arguments.count - 1 ? "" : ","))
    }
    lines.append(pad + "    )")
    lines.append(pad + "}")
  }

  private func hex(_ value: UInt32) -> String {
    "0x" + String(value, radix: 16, uppercase: true)
  }

  /// Items separated by `, `, filling lines of at most 100 columns.
  private func wrapped(_ items: [String], indent: String) -> [String] {
    var lines: [String] = []
    var line = ""
    for (index, item) in items.enumerated() {
      let piece = item + (index == items.count - 1 ? "" : ",")
      if !line.isEmpty && indent.count + line.count + 1 + piece.count > 100 {
        lines.append(indent + line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + piece
    }
    if !line.isEmpty { lines.append(indent + line) }
    return lines
  }
}
