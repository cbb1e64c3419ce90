public import Foundation

/// Decodes QR images with independent tools: `zbarimg` (zbar-tools) for PNG, after
/// `rsvg-convert` (librsvg2-bin) has rasterised an SVG. Tests that need a tool are skipped,
/// with a message, when it is not installed.
public enum Scanner {
  /// The path of `zbarimg`, or `nil` when it is not installed.
  public static let zbarimg = ProcessRunner.find(["zbarimg"])
  /// The path of `rsvg-convert`, or `nil` when it is not installed.
  public static let rsvgConvert = ProcessRunner.find(["rsvg-convert"])

  private static func tool(_ url: URL?, _ name: String) throws -> URL {
    guard let url else { throw ScannerError("\(name) is not installed") }
    return url
  }

  /// Whether PNG files can be decoded here.
  public static var canDecodePNG: Bool { zbarimg != nil }
  /// Whether SVG files can be rasterised and decoded here.
  public static var canDecodeSVG: Bool { zbarimg != nil && rsvgConvert != nil }

  /// The text of the one QR code in a PNG file (`zbarimg --raw -q`, the final newline it adds
  /// removed), or `nil` when nothing decodes.
  public static func decode(png: URL) throws -> String? {
    let result = try run(try tool(zbarimg, "zbarimg"), ["--raw", "-q"] + noDBus + [png.path])
    guard result.status == 0 else { return nil }
    var text = result.output
    if text.last == "\n" { text.removeLast() }
    return text
  }

  /// Decodes many PNG files with one `zbarimg` run per 200 files; returns the text of each
  /// file that decodes, keyed by path. The texts must be single-line ASCII (links).
  public static func decodeAll(pngs: [URL]) throws -> [String: String] {
    var texts: [String: String] = [:]
    for start in stride(from: 0, to: pngs.count, by: 200) {
      let chunk = pngs[start..<min(start + 200, pngs.count)]
      let result = try run(
        try tool(zbarimg, "zbarimg"),
        ["--xml", "-q"] + noDBus + chunk.map(\.path)
      )
      let xml = result.output
      for source in xml.components(separatedBy: "<source href='").dropFirst() {
        guard let quote = source.firstIndex(of: "'"),
          let open = source.range(of: "<![CDATA["),
          let close = source.range(of: "]]>", range: open.upperBound..<source.endIndex)
        else { continue }
        let path = String(source[..<quote])
        var text = String(source[open.upperBound..<close.lowerBound])
        if source.contains("format='base64'") {
          let compact = text.filter { !$0.isWhitespace }
          text = Data(base64Encoded: compact).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        texts[path] = text
      }
    }
    return texts
  }

  /// The texts of every QR code in one PNG (`zbarimg --raw`, one per line; the texts must be
  /// single-line links).
  public static func decodeAllSymbols(png: URL) throws -> [String] {
    let result = try run(try tool(zbarimg, "zbarimg"), ["--raw", "-q"] + noDBus + [png.path])
    return result.output.split(separator: "\n").map(String.init)
  }

  /// Rasterises an SVG to a PNG with `rsvg-convert` at its own size, on a white background.
  public static func rasterize(svg: URL, to png: URL) throws {
    let result = try run(
      try tool(rsvgConvert, "rsvg-convert"),
      ["--background-color", "white", "-o", png.path, svg.path]
    )
    guard result.status == 0 else {
      throw ScannerError("rsvg-convert failed on \(svg.path): \(result.errors)")
    }
  }

  /// The text of the QR code in an SVG file, rasterised then decoded.
  public static func decode(svg: URL) throws -> String? {
    let png = svg.deletingPathExtension().appendingPathExtension("svg-raster.png")
    try rasterize(svg: svg, to: png)
    return try decode(png: png)
  }

  /// Runs a tool to completion; returns its status and output.
  static func run(_ executable: URL, _ arguments: [String]) throws
    -> (status: Int32, output: String, errors: String)
  {
    let result = try ProcessRunner.run(executable, arguments)
    return (result.status, result.output, result.error)
  }

  private static let noDBus: [String] = {
    guard let zbarimg, let help = try? run(zbarimg, ["--help"]) else { return [] }
    return help.output.contains("--nodbus") ? ["--nodbus"] : []
  }()
}

/// A tool failed in a way that is not a failed decode.
public struct ScannerError: Error, CustomStringConvertible {
  /// What failed.
  public let description: String

  /// An error with a message.
  public init(_ description: String) { self.description = description }
}
