import LinkKit

/// Writes the Kotlin statements that build one link of a route into a `StringBuilder` named
/// `out`, as LinkKit's `LinkWriter` does: literal text as it is, each value in its canonical
/// text and percent-encoded, and a query item left out when its value is absent or equal to its
/// default.
struct KotlinLinkWriter {
  /// What the link starts with: `openlist://checklists`, `myphotoapp:` or `https://<domain>`.
  let head: String
  let pattern: LinkPattern
  let properties: [KotlinPlan.Property]

  private enum Step {
    case text(String)
    case value(KotlinPlan.Property)
    /// A statement of its own.
    case statement(String)
    /// A query item that is left out when `condition` does not hold.
    case optional(condition: String, separator: String, name: String, KotlinPlan.Property)
  }

  /// The separator before a query item that follows an item that may be left out, when no
  /// item before is always written: what was written since `query` decides.
  private static let markedSeparator = "if (out.length == query) '?' else '&'"

  func statements(indent: Int) -> [String] {
    let pad = String(repeating: " ", count: indent)
    var lines = [pad + "val out = StringBuilder(\(max(64, head.utf8.count + 32)))"]
    var text = ""
    func flush() {
      if !text.isEmpty { lines.append(pad + "out.append(\(KotlinLiteral.string(text)))") }
      text = ""
    }
    for step in steps() {
      switch step {
      case .text(let literal): text += literal
      case .value(let property):
        flush()
        lines.append(pad + append(property))
      case .statement(let statement):
        flush()
        lines.append(pad + statement)
      case .optional(let condition, let separator, let name, let property):
        flush()
        lines.append(pad + "if (\(condition)) {")
        lines.append(
          pad + "    out.append(\(separator)).append(\(KotlinLiteral.string(name + "=")))"
        )
        lines.append(pad + "    " + append(property))
        lines.append(pad + "}")
      }
    }
    flush()
    return lines
  }

  private func steps() -> [Step] {
    var steps: [Step] = [.text(head)]
    if case .universal = pattern.form, pattern.path.isEmpty { steps.append(.text("/")) }
    for (index, component) in pattern.path.enumerated() {
      if index > 0 || pattern.form != .opaque { steps.append(.text("/")) }
      switch component {
      case .literal(let literal): steps.append(.text(literal))
      case .parameter(let parameter): steps.append(.value(properties[parameter]))
      }
    }
    return steps + querySteps()
  }

  /// The query items: a separator known when the code is generated where it can be, else
  /// decided by what was written since the mark `query`.
  private func querySteps() -> [Step] {
    var steps: [Step] = []
    var surely = false
    var maybe = false
    var marked = false
    for item in pattern.query {
      let separator: String
      if surely {
        separator = "'&'"
      } else if maybe {
        separator = Self.markedSeparator
        marked = true
      } else {
        separator = "'?'"
      }
      let value: Step
      switch item.value {
      case .literal(let literal): value = .text(literal)
      case .parameter(let parameter):
        let property = properties[parameter]
        if let condition = condition(for: property) {
          steps.append(
            .optional(condition: condition, separator: separator, name: item.name, property)
          )
          maybe = true
          continue
        }
        value = .value(property)
      }
      if separator.hasPrefix("'") {
        steps.append(.text(String(separator.dropFirst().dropLast()) + item.name + "="))
      } else {
        steps.append(
          .statement("out.append(\(separator)).append(\(KotlinLiteral.string(item.name + "=")))")
        )
      }
      steps.append(value)
      surely = true
      maybe = true
    }
    if marked { steps.insert(.statement("val query = out.length"), at: 0) }
    return steps
  }

  /// When the item is written: `nil` for a required value.
  private func condition(for property: KotlinPlan.Property) -> String? {
    if property.model.isOptional { return "this.\(property.name) != null" }
    guard let value = property.parameter.defaultValue else { return nil }
    return "this.\(property.name) != \(KotlinFileWriter.expression(value, of: property))"
  }

  private func append(_ property: KotlinPlan.Property) -> String {
    let name = "this.\(property.name)"
    switch property.parameter.type {
    case .string: return "LinkRuntime.encode(out, \(name))"
    case .enumeration: return "LinkRuntime.encode(out, \(name).value)"
    case .uuid, .int, .bool: return "out.append(\(name))"
    }
  }
}
