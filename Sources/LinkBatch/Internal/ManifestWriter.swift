import LinkKit
import LinkQR

/// Streams the manifest to a temporary file in the output directory and renames it into
/// place at the end, so a manifest on disk is always complete.
final class ManifestWriter {
  let path: String
  private let format: ManifestFormat
  private let stream: AtomicFileStream
  private var first = true

  init(format: ManifestFormat, directory: String) throws(AtomicFileError) {
    self.format = format
    path = directory + "/" + Self.fileName(format)
    stream = try AtomicFileStream(path: path)
  }

  /// `manifest.json` or `manifest.csv`.
  static func fileName(_ format: ManifestFormat) -> String {
    "manifest." + format.rawValue
  }

  /// Writes what comes before the rows.
  func begin(route: String, link: LinkSet.Key, formats: [QRImageFormat]) throws(AtomicFileError) {
    switch format {
    case .json:
      let formatList = formats.map { JSONValue.quoted($0.rawValue) }.joined(separator: ", ")
      try stream.write(
        "{\n  \"route\": \(JSONValue.quoted(route)),\n  \"link\": \(JSONValue.quoted(link.rawValue)),"
          + "\n  \"formats\": [\(formatList)],\n  \"rows\": ["
      )
    case .csv:
      let columns =
        ["line", "row", "status"] + LinkSet.Key.allCases.map(\.rawValue)
        + formats.map(\.rawValue) + ["error"]
      try stream.write(columns.joined(separator: ",") + "\r\n")
    }
  }

  /// Appends one row's entry, as made by ``entry(format:line:row:status:values:links:files:error:)``.
  func append(_ entry: String) throws(AtomicFileError) {
    switch format {
    case .json:
      try stream.write((first ? "\n    " : ",\n    ") + entry)
      first = false
    case .csv:
      try stream.write(entry)
    }
  }

  /// Writes the summary and renames the file into place.
  func finish(_ summary: BatchSummary) throws(AtomicFileError) {
    if format == .json {
      let counts = JSONValue.object([
        ("rows", .number(summary.rows)), ("written", .number(summary.written)),
        ("existing", .number(summary.existing)), ("failed", .number(summary.failed)),
        ("files", .number(summary.files)),
      ]).rendered().replacing("\n", with: "\n  ")
      try stream.write((first ? "]" : "\n  ]") + ",\n  \"summary\": " + counts + "\n}\n")
    }
    try stream.commit()
  }

  /// Removes the temporary file.
  func discard() {
    stream.discard()
  }

  /// One row of the manifest, made on a worker thread.
  static func entry(
    format: ManifestFormat,
    line: Int,
    row: Int,
    status: String,
    values: RouteValues?,
    links: LinkSet?,
    files: [(QRImageFormat, String)],
    allFormats: [QRImageFormat],
    error: String?
  ) -> String {
    switch format {
    case .json:
      var members: [(String, JSONValue)] = [
        ("line", .number(line)), ("row", .number(row)), ("status", .string(status)),
      ]
      if let values { members.append(("params", values.json)) }
      if let links { members.append(("links", links.json)) }
      if !files.isEmpty {
        members.append(("files", .object(files.map { ($0.0.rawValue, .string($0.1)) })))
      }
      if let error { members.append(("error", .string(error))) }
      return JSONValue.object(members).rendered().replacing("\n", with: "\n    ")
    case .csv:
      var cells = [String(line), String(row), status]
      cells += LinkSet.Key.allCases.map { links?[$0] ?? "" }
      cells += allFormats.map { format in files.first { $0.0 == format }?.1 ?? "" }
      cells.append(error ?? "")
      return cells.map(csvCell).joined(separator: ",") + "\r\n"
    }
  }

  /// An RFC 4180 cell: quoted when it holds a comma, quote or line break. A cell that a
  /// spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or CR) gets a
  /// `'` in front (OWASP CSV injection).
  static func csvCell(_ text: String) -> String {
    var text = text
    if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
      text = "'" + text
    }
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return text
    }
    return "\"" + text.replacing("\"", with: "\"\"") + "\""
  }
}
