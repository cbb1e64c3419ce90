import ArgumentParser
import LinkKit

/// `<route> --<param> <value> …`: a route and its parameters, as `make` and `page` take them.
struct RouteArguments: ParsableArguments {
  @Argument(help: "The route, as named in the route table.")
  var route: String

  @Option(
    name: .customLong("param"),
    parsing: .singleValue,
    help: ArgumentHelp(
      "A route parameter as name=value, for a parameter named like one of the command's own "
        + "options (--param format=square); repeatable.",
      valueName: "name=value"
    )
  )
  var named: [NameValue] = []

  @Argument(
    parsing: .allUnrecognized,
    help: ArgumentHelp(
      "The route's parameters, as --<name> <value>.",
      valueName: "--<name> <value>"
    )
  )
  var parameters: [String] = []

  /// The long names of the options of `make` and `page`. A route parameter of one of these
  /// names cannot be given as `--<name>`, only as `--param <name>=<value>`; `linkgen
  /// validate` warns about it. A test checks the list against the commands' help.
  static let reservedNames: Set<String> = [
    "banner", "banner-snippet", "config", "count-scans", "field", "format", "help", "locale", "out",
    "param",
    "platform", "qr", "qr-background", "qr-dpi", "qr-ecc", "qr-exact-ecc", "qr-force",
    "qr-foreground", "qr-invert", "qr-link", "qr-margin", "qr-min-version", "qr-scale", "qr-size",
    "share", "templates",
  ]

  /// The route's values, checked against the table.
  func values(in table: RouteTable) throws -> RouteValues {
    let route = try table.values(for: self.route).route
    let arguments = try ParameterArguments.parse(parameters, named: named, route: route)
    return try table.values(for: route.name, arguments: arguments)
  }
}
