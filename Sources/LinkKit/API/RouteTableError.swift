/// Why a route table could not be loaded: every problem found, each naming the file, the
/// route and the field.
///
/// ```
/// Examples/broken.json: routes[1] (shared-checklist) › universal: template names {idd},
///   which the route does not declare (it declares id)
/// ```
///
/// Programs switch on ``code``: whether the file could not be read, is not JSON, or describes
/// an invalid table.
public struct RouteTableError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure, for programs that react to it.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The file does not exist.
    case fileNotFound
    /// The file exists but cannot be read: a directory, no permission, an I/O error.
    case unreadableFile
    /// The text is not JSON as the table format requires it (a syntax error, a comment, a
    /// trailing comma, a key given twice).
    case malformedJSON
    /// The JSON does not describe a valid table: unknown keys, values of the wrong type,
    /// malformed identifiers, templates or parameters, routes that overlap.
    case invalidTable
    /// The file is larger than ``RouteTable/maximumTableSize`` or has more routes than
    /// ``RouteTable/maximumRoutes``.
    case tooLarge
    /// The JSON nests deeper than ``RouteTable/maximumNestingDepth``.
    case tooDeep
  }

  /// One problem in the table.
  public struct Problem: Sendable, Hashable, CustomStringConvertible {
    /// The route concerned, when the problem is inside one.
    public let route: String?
    /// Where in the file: a path such as `routes[0].parameters[1].max`, or empty for the
    /// whole file.
    public let field: String
    /// A sentence naming the problem.
    public let message: String
    /// The 1-based line in the file where the problem is, when it is at a place in the file.
    public let line: Int?
    /// The 1-based column (in characters) on ``line``.
    public let column: Int?

    /// Creates a problem.
    public init(
      route: String? = nil,
      field: String,
      message: String,
      line: Int? = nil,
      column: Int? = nil
    ) {
      self.route = route
      self.field = field
      self.message = message
      self.line = line
      self.column = column
    }

    /// `routes[0] (shared-checklist) › scheme: message`.
    public var description: String {
      var location = field
      if let route, let bracket = location.firstIndex(of: "]") {
        let head = location[...bracket]
        let tail = location[location.index(after: bracket)...]
        let rest = tail.hasPrefix(".") ? String(tail.dropFirst()) : String(tail)
        location = "\(head) (\(route))" + (rest.isEmpty ? "" : " › \(rest)")
      }
      return location.isEmpty ? message : "\(location): \(message)"
    }
  }

  /// The kind of failure.
  public let code: Code
  /// The name of the file the table came from, as given (for messages), or `nil` for a table
  /// read from memory without a name.
  public let file: String?
  /// Every problem found, in file order.
  public let problems: [Problem]

  /// Creates an error.
  public init(_ code: Code, file: String?, problems: [Problem]) {
    self.code = code
    self.file = file
    self.problems = problems
  }

  /// The problems, one sentence a line, without the file name.
  public var message: String {
    problems.map(\.description).joined(separator: "\n")
  }

  /// One line per problem, each starting with the file, line and column as compilers print
  /// them, so that editors can jump to it:
  /// `linkgen.json:12:18: routes[1] (invite) › scheme: …`.
  public var description: String {
    problems.map { problem in
      var place = file ?? "route table"
      if let line = problem.line {
        place += ":\(line)" + (problem.column.map { ":\($0)" } ?? "")
      }
      return place + ": " + problem.description
    }.joined(separator: "\n")
  }
}
