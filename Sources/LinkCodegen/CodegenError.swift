/// Why Swift code could not be generated from a route table.
///
/// ```
/// linkgen.json: routes 'a-1b' and 'a1b' both map to the Swift case name 'a1b'; rename one
/// ```
package struct CodegenError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem, for programs that react to it.
  package enum Code: String, Sendable, Hashable, CaseIterable {
    /// The route table cannot be read (no such file, permission denied).
    case unreadableTable
    /// The route table is not valid (see `RouteTableError`).
    case invalidTable
    /// The generator's options are not valid: a type name that is not a Swift identifier, an
    /// unknown access level, a malformed options file.
    case invalidOptions
    /// A name in the table has no Swift spelling (an enum value of symbols only, a parameter
    /// named `_`).
    case invalidName
    /// Two names in the table map to the same Swift name.
    case nameCollision
    /// A name in the table maps to a Swift name the generated type uses for itself
    /// (`links`, `routeTable`…) or that would hide a type it uses (`LinkError`…).
    case reservedName
    /// The output file cannot be written.
    case cannotWrite
    /// `--check`: the file on disk is not what the table generates.
    case staleOutput
  }

  /// The kind of problem.
  package let code: Code
  /// A sentence naming the problem.
  package let message: String
  /// The route table file, when the problem is in one.
  package let file: String?
  /// The route concerned, when one is.
  package let route: String?
  /// The parameter concerned, when one is.
  package let parameter: String?

  /// Creates an error.
  package init(
    _ code: Code,
    _ message: String,
    file: String? = nil,
    route: String? = nil,
    parameter: String? = nil
  ) {
    self.code = code
    self.message = message
    self.file = file
    self.route = route
    self.parameter = parameter
  }

  /// The message, after the file when there is one.
  package var description: String {
    file.map { "\($0): \(message)" } ?? message
  }

  func with(file: String?) -> CodegenError {
    CodegenError(code, message, file: file, route: route, parameter: parameter)
  }
}
