import ArgumentParser
import LinkKit

extension Linkgen {
  /// `linkgen make <route> --<param> <value> …`
  struct Make: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Build the links for a route: custom scheme, universal link and store fallbacks.",
      discussion: """
        Give each of the route's parameters as --<name> <value> (or --<name>=<value>); a bool
        parameter given alone means true. `linkgen routes` lists the routes and their
        parameters. Values are typed: UUIDs in either case, decimal integers, enum values as
        listed, true/false; text is taken literally and percent-encoded in the links.

        Examples:
          linkgen make shared-checklist --id 3F2504E0-4F89-11D3-9A0C-0305E82C3301 \\
              --config Examples/openlist/linkgen.json
          linkgen make checklist --list 3f2504e0-4f89-11d3-9a0c-0305e82c3301 --layout board --showDone
          linkgen make album-photo --albumname Vacation --index 1 \\
              --config Examples/photos/linkgen.json --format json
        """
    )

    @OptionGroup var table: TableOptions
    @OptionGroup var output: FormatOptions
    @OptionGroup(title: "QR code") var qr: MakeQROptions
    @OptionGroup(title: "Share text and banners") var pages: MakePageOptions

    @Argument(help: "The route to build, as named in the route table.")
    var route: String

    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp(
        "The route's parameters, as --<name> <value>.",
        valueName: "--<name> <value>"
      )
    )
    var parameters: [String] = []

    func run() throws {
      try reportingFailures { () throws(Failure) in
        let table = try table.load()
        let arguments = try ParameterArguments.parse(parameters, route: route, table: table)
        let values: RouteValues
        let links: LinkSet
        do throws(LinkError) {
          values = try table.values(for: route, arguments: arguments)
          links = try table.links(for: values)
        } catch {
          throw Failure(error)
        }
        try qr.write(links, table: table, format: output.format)
        if try pages.printIfRequested(table: table, values: values, format: output.format) {
          return
        }
        switch output.format {
        case .text: Console.print(TextOutput.links(links))
        case .json: Console.print(JSONOutput.make(values: values, links: links))
        }
      }
    }
  }
}

/// Reads `--name value`, `--name=value` and bare `--flag` (for bool parameters) pairs.
enum ParameterArguments {
  static func parse(_ words: [String], route: String, table: RouteTable) throws(Failure)
    -> [String: String]
  {
    guard let declared = table.route(named: route) else {
      let known = table.routes.map(\.name).joined(separator: ", ")
      throw Failure("the route table has no route '\(route)'; it has \(known)")
    }
    var result: [String: String] = [:]
    var index = 0
    while index < words.count {
      let word = words[index]
      guard word.hasPrefix("--"), word.count > 2 else {
        throw Failure(
          "unexpected argument '\(word)'; give parameters as --<name> <value>",
          status: Failure.usage
        )
      }
      var name = String(word.dropFirst(2))
      var value: String?
      if let equals = name.firstIndex(of: "=") {
        value = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let parameter = declared.parameter(named: name) else {
        let list = declared.parameters.map { "--\($0.name)" }.joined(separator: ", ")
        throw Failure(
          "route '\(route)' has no parameter '\(name)'; it takes \(list.isEmpty ? "none" : list)",
          status: Failure.usage
        )
      }
      if value == nil {
        let next = index + 1 < words.count ? words[index + 1] : nil
        if case .bool = parameter.type, next == nil || next?.hasPrefix("--") == true {
          value = "true"
        } else if let next {
          value = next
          index += 1
        } else {
          throw Failure("--\(name) needs a value (\(parameter.type))", status: Failure.usage)
        }
      }
      guard result[name] == nil else {
        throw Failure("--\(name) is given more than once", status: Failure.usage)
      }
      result[name] = value
      index += 1
    }
    return result
  }
}
