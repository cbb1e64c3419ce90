public import Foundation

/// Reads PDFs with independent tools from poppler-utils: `pdftoppm` renders pages (or a part of
/// one) to PNG for `zbarimg`, `pdftotext` extracts text, `pdffonts` lists fonts, `pdfinfo`
/// reports pages and paper. Tests that need them are skipped, with a message, when they are not
/// installed.
public enum PDFTools {
  /// The path of `pdftoppm`, or `nil`.
  public static let pdftoppm = ProcessRunner.find(["pdftoppm"])
  /// The path of `pdftotext`, or `nil`.
  public static let pdftotext = ProcessRunner.find(["pdftotext"])
  /// The path of `pdffonts`, or `nil`.
  public static let pdffonts = ProcessRunner.find(["pdffonts"])
  /// The path of `pdfinfo`, or `nil`.
  public static let pdfinfo = ProcessRunner.find(["pdfinfo"])

  /// Runs one of the tools; fails with its standard error when it fails.
  private static func run(_ tool: URL?, _ name: String, _ arguments: [String]) throws -> String {
    guard let tool else { throw ScannerError("\(name) is not installed") }
    let result = try ProcessRunner.run(tool, arguments)
    guard result.status == 0 else { throw ScannerError("\(name) failed: \(result.error)") }
    return result.output
  }

  /// Whether PDFs can be rendered, read and their QR codes decoded here.
  public static var available: Bool {
    pdftoppm != nil && pdftotext != nil && pdffonts != nil && pdfinfo != nil
      && Scanner.canDecodePNG
  }

  /// The message for tests skipped without the tools.
  public static let missing =
    "poppler-utils (pdftoppm, pdftotext, pdffonts, pdfinfo) or zbar-tools is not installed"

  /// A rectangle in points from a page's top-left corner.
  public struct Box: Sendable {
    public var x, y, width, height: Double
    /// A box from its corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
      (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
  }

  /// Renders `box` of page `page` (from 1) at `dpi` to a PNG in `directory`; returns its URL.
  public static func render(
    _ pdf: URL,
    page: Int,
    box: Box? = nil,
    dpi: Int = 300,
    in directory: URL
  ) throws -> URL {
    let stem = directory.appendingPathComponent("render-\(UUID().uuidString)")
    var arguments = ["-r", String(dpi), "-f", String(page), "-l", String(page), "-png"]
    if let box {
      let scale = Double(dpi) / 72
      arguments += [
        "-x", String(Int(box.x * scale)), "-y", String(Int(box.y * scale)),
        "-W", String(Int(box.width * scale)), "-H", String(Int(box.height * scale)),
      ]
    }
    arguments += ["-singlefile", pdf.path, stem.path]
    _ = try run(pdftoppm, "pdftoppm", arguments)
    return stem.appendingPathExtension("png")
  }

  /// The text of the PDF (or of `box` of one page), as `pdftotext` extracts it.
  public static func text(_ pdf: URL, page: Int? = nil, box: Box? = nil) throws -> String {
    var arguments = ["-enc", "UTF-8"]
    if let page { arguments += ["-f", String(page), "-l", String(page)] }
    if let box {
      arguments += [
        "-x", String(Int(box.x)), "-y", String(Int(box.y)),
        "-W", String(Int(box.width)), "-H", String(Int(box.height)),
      ]
    }
    return try run(pdftotext, "pdftotext", arguments + [pdf.path, "-"])
  }

  /// A word `pdftotext -bbox` found, with its box in points from the page's top-left corner.
  public struct Word: Sendable {
    /// The page, from 1.
    public var page: Int
    /// The word.
    public var text: String
    /// Where it is.
    public var box: Box
  }

  /// Every word of the PDF with its page and position.
  public static func words(_ pdf: URL) throws -> [Word] {
    let output = try run(pdftotext, "pdftotext", ["-enc", "UTF-8", "-bbox", pdf.path, "-"])
    var words: [Word] = []
    var page = 0
    for line in output.split(separator: "\n") {
      if line.contains("<page ") {
        page += 1
        continue
      }
      guard let open = line.range(of: "<word "), let close = line.range(of: "</word>") else {
        continue
      }
      func number(_ name: String) -> Double {
        guard let start = line.range(of: name + "=\"", range: open.upperBound..<line.endIndex),
          let end = line[start.upperBound...].firstIndex(of: "\"")
        else { return 0 }
        return Double(line[start.upperBound..<end]) ?? 0
      }
      guard let textStart = line[open.upperBound...].firstIndex(of: ">") else { continue }
      let text = String(line[line.index(after: textStart)..<close.lowerBound])
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(
          of: "&apos;",
          with: "'"
        )
        .replacingOccurrences(of: "&amp;", with: "&")
      let (x0, y0) = (number("xMin"), number("yMin"))
      words.append(
        Word(
          page: page,
          text: text,
          box: Box(x: x0, y: y0, width: number("xMax") - x0, height: number("yMax") - y0)
        )
      )
    }
    return words
  }

  /// One font of `pdffonts`: its name, type, and whether it is embedded and subset.
  public struct Font: Sendable, Hashable {
    /// The font's name (`ABCDEF+NotoSans-Regular` for a subset).
    public var name: String
    /// The font type (`TrueType`, `CID Type 0C`…).
    public var type: String
    /// Whether the font is embedded.
    public var embedded: Bool
    /// Whether it is a subset.
    public var subset: Bool
  }

  /// The fonts of a PDF.
  public static func fonts(_ pdf: URL) throws -> [Font] {
    let output = try run(pdffonts, "pdffonts", [pdf.path])
    // name, then type (one or more words), encoding, emb, sub, uni, object, generation.
    return output.split(separator: "\n").dropFirst(2)
      .compactMap { line in
        let words = line.split(separator: " ")
        guard words.count >= 8 else { return nil }
        let tail = words.suffix(5)
        return Font(
          name: String(words[0]),
          type: words[1..<(words.count - 6)].joined(separator: " "),
          embedded: tail[tail.startIndex] == "yes",
          subset: tail[tail.startIndex + 1] == "yes"
        )
      }
  }

  /// `pdfinfo`'s fields (`Pages`, `Page size`, `Title`…).
  public static func info(_ pdf: URL) throws -> [String: String] {
    let output = try run(pdfinfo, "pdfinfo", [pdf.path])
    var fields: [String: String] = [:]
    for line in output.split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[String(line[..<colon])] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return fields
  }
}
