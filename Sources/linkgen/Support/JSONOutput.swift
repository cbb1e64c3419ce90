import LinkKit

/// The JSON the commands print with `--format json`. Keys keep the documented order.
enum JSONOutput {
  /// `{"route", "params", "links": {"scheme", "universal", "appStore", …}}` (LinkKit's shape).
  static func make(values: RouteValues, links: LinkSet) -> String {
    render(LinkSet.json(values: values, links: links))
  }

  /// `{"route", "params", "kind", "ignored": [{"name", "value"}]}` (LinkKit's shape).
  static func parse(_ parsed: ParsedLink) -> String {
    render(parsed.json)
  }

  static func render(_ value: JSONValue) -> String { value.rendered() }
}

extension JSONOutput {
  /// `{"scheme", "domains", "routes": [{"name", "summary", "parameters", "scheme",
  /// "universal"}]}` (LinkKit's shape).
  static func routes(_ table: RouteTable) -> String {
    render(table.json)
  }
}
