public import Foundation

/// Decodes QR images with independent tools: `zbarimg` (zbar-tools) for PNG, after
/// `rsvg-convert` (librsvg2-bin) has rasterised an SVG. Tests that need a tool are skipped,
/// with a message, when it is not installed.
public enum Scanner {
  /// The path of `zbarimg`, or `nil` when it is not installed.
  public static let zbarimg = executable(named: "zbarimg")
  /// The path of `rsvg-convert`, or `nil` when it is not installed.
  public static let rsvgConvert = executable(named: "rsvg-convert")

  /// Whether PNG files can be decoded here.
  public static var canDecodePNG: Bool { zbarimg != nil }
  /// Whether SVG files can be rasterised and decoded here.
  public static var canDecodeSVG: Bool { zbarimg != nil && rsvgConvert != nil }

  /// The text of the one QR code in a PNG file (`zbarimg --raw -q`, the final newline it adds
  /// removed), or `nil` when nothing decodes.
  public static func decode(png: URL) throws -> String? {
    let result = try run(zbarimg ?? "zbarimg", ["--raw", "-q"] + noDBus + [png.path])
    guard result.status == 0 else { return nil }
    var text = result.output
    if text.last == UInt8(ascii: "\n") { text.removeLast() }
    return String(decoding: text, as: UTF8.self)
  }

  /// Decodes many PNG files with one `zbarimg` run per 200 files; returns the text of each
  /// file that decodes, keyed by path. The texts must be single-line ASCII (links).
  public static func decodeAll(pngs: [URL]) throws -> [String: String] {
    var texts: [String: String] = [:]
    for start in stride(from: 0, to: pngs.count, by: 200) {
      let chunk = pngs[start..<min(start + 200, pngs.count)]
      let result = try run(zbarimg ?? "zbarimg", ["--xml", "-q"] + noDBus + chunk.map(\.path))
      let xml = String(decoding: result.output, as: UTF8.self)
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
    let result = try run(zbarimg ?? "zbarimg", ["--raw", "-q"] + noDBus + [png.path])
    return String(decoding: result.output, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Rasterises an SVG to a PNG with `rsvg-convert` at its own size, on a white background.
  public static func rasterize(svg: URL, to png: URL) throws {
    let result = try run(
      rsvgConvert ?? "rsvg-convert",
      ["--background-color", "white", "-o", png.path, svg.path]
    )
    guard result.status == 0 else {
      throw ScannerError(
        "rsvg-convert failed on \(svg.path): \(String(decoding: result.errors, as: UTF8.self))"
      )
    }
  }

  /// The text of the QR code in an SVG file, rasterised then decoded.
  public static func decode(svg: URL) throws -> String? {
    let png = svg.deletingPathExtension().appendingPathExtension("svg-raster.png")
    try rasterize(svg: svg, to: png)
    return try decode(png: png)
  }

  /// Runs a program to completion; returns its status and output.
  public static func run(_ executable: String, _ arguments: [String]) throws
    -> (status: Int32, output: [UInt8], errors: [UInt8])
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes to the end before waiting, so a full pipe cannot block the child.
    let errorBytes = DataBox()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      errorBytes.data = errors.fileHandleForReading.readDataToEndOfFile()
    }
    let outputBytes = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (process.terminationStatus, Array(outputBytes), Array(errorBytes.data))
  }

  private static let noDBus: [String] = {
    guard let zbarimg, let help = try? run(zbarimg, ["--help"]) else { return [] }
    return String(decoding: help.output, as: UTF8.self).contains("--nodbus") ? ["--nodbus"] : []
  }()

  private static func executable(named name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}

/// A tool failed in a way that is not a failed decode.
public struct ScannerError: Error, CustomStringConvertible {
  /// What failed.
  public let description: String

  /// An error with a message.
  public init(_ description: String) { self.description = description }
}

private final class DataBox: @unchecked Sendable {
  var data = Data()
}
