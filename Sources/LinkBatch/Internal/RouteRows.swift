package import LinkKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A CSV of route parameters, as `linkgen batch` and `linkgen sheet` read it: the header names
/// the columns (those named like the route's parameters give their values), and each row
/// becomes the route's values.
package struct RouteRows: Sendable {
  /// The input, named in messages.
  package let input: BatchInput
  /// The column names, in order.
  package let columns: [String]
  /// The route the rows build.
  package let route: Route
  /// For each route parameter, its column, or `nil` when the CSV has none.
  let parameterColumns: [(name: String, column: Int?)]

  /// Reads the header from `reader` and checks it: a first record that names every column
  /// once, and a column for each required parameter of `route`.
  ///
  /// - Throws: ``BatchError``: ``BatchError/Code/invalidHeader`` for an empty input or a
  ///   malformed header, ``BatchError/Code/missingColumn`` for a missing parameter column,
  ///   ``BatchError/Code/unreadableInput`` when the input cannot be read.
  package init(reading reader: inout CSVReader, input: BatchInput, route: Route)
    throws(BatchError)
  {
    guard let header = try Self.next(&reader, input: input) else {
      throw BatchError(.invalidHeader, "\(input) is empty; its first line must name the columns")
    }
    let columns: [String]
    switch header.fields {
    case .failure(let error):
      throw BatchError(.invalidHeader, "\(input):\(header.line): \(error.message)")
    case .success(let fields): columns = fields
    }
    if let empty = columns.firstIndex(of: "") {
      throw BatchError(
        .invalidHeader,
        "\(input):\(header.line): column \(empty + 1) of the header has no name"
      )
    }
    var seen = Set<String>()
    for column in columns where !seen.insert(column).inserted {
      throw BatchError(
        .invalidHeader,
        "\(input):\(header.line): the header names column '\(column)' twice"
      )
    }
    for parameter in route.parameters
    where !columns.contains(parameter.name) && !parameter.isOptional
      && parameter.defaultValue == nil
    {
      throw BatchError(
        .missingColumn,
        "\(input) has no column '\(parameter.name)', which route '\(route.name)' needs; its "
          + "columns are \(columns.joined(separator: ", "))"
      )
    }
    self.input = input
    self.columns = columns
    self.route = route
    parameterColumns = route.parameters.map { ($0.name, columns.firstIndex(of: $0.name)) }
  }

  /// Counts a regular file's data rows before anything is written, and rewinds it.
  ///
  /// - Throws: ``BatchError`` with ``BatchError/Code/tooManyRows`` past `maximum`.
  package static func checkRowCount(_ input: InputFile, name: BatchInput, maximum: Int)
    throws(BatchError)
  {
    var reader = CSVReader(descriptor: input.descriptor)
    var records = 0
    while let record = try next(&reader, input: name) {
      // The header is the first record.
      guard records <= maximum else {
        throw tooManyRows(name, maximum: maximum, line: record.line)
      }
      records += 1
    }
    guard lseek(input.descriptor, 0, SEEK_SET) == 0 else {
      throw BatchError(.unreadableInput, "cannot read \(name) (\(errorText(errno)))")
    }
  }

  /// The error for the data row on `line`, one past `maximum`.
  package static func tooManyRows(_ name: BatchInput, maximum: Int, line: Int) -> BatchError {
    BatchError(
      .tooManyRows,
      "\(name) has more than \(maximum) data rows (line \(line) is one too many); split it, "
        + "or raise the limit with --max-rows"
    )
  }

  /// The next record, or `nil` at the end of the input.
  ///
  /// - Throws: ``BatchError`` with ``BatchError/Code/unreadableInput`` when the input cannot
  ///   be read.
  package static func next(_ reader: inout CSVReader, input: BatchInput) throws(BatchError)
    -> CSVRecord?
  {
    do throws(CSVReadError) {
      return try reader.next()
    } catch {
      throw BatchError(.unreadableInput, "cannot read \(input) (\(errorText(error.code)))")
    }
  }

  /// A record's fields, or why the row cannot be used: malformed, or a number of fields that
  /// differs from the header's.
  package func fields(of record: CSVRecord) -> Result<[String], CSVRecordError> {
    guard case .success(let fields) = record.fields else { return record.fields }
    guard fields.count == columns.count else {
      return .failure(
        CSVRecordError(
          message: "the row has \(fields.count) field\(fields.count == 1 ? "" : "s"); "
            + "the header has \(columns.count)"
        )
      )
    }
    return .success(fields)
  }

  /// The route's values from a row's fields: a column's text is the parameter's value, as on
  /// the command line; an empty cell leaves the parameter out (so a default applies).
  package func values(_ fields: [String], table: RouteTable) throws(LinkError) -> RouteValues {
    var arguments: [String: String] = [:]
    for (name, column) in parameterColumns {
      if let column, !fields[column].isEmpty { arguments[name] = fields[column] }
    }
    return try table.values(for: route.name, arguments: arguments)
  }
}
