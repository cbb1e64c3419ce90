public import LinkBatch
public import LinkKit
public import LinkQR

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a sheet reads, how its cards look, and where the PDF goes.
///
/// ```swift
/// var options = SheetOptions(
///   route: "shared-checklist",
///   input: .file(URL(filePath: "rows.csv")),
///   output: URL(filePath: "invites.pdf")
/// )
/// options.layout = try SheetLayout(paper: .letter, cards: .grid(columns: 3, rows: 4))
/// options.locale = "ko"
/// options.split = 500  // invites-001.pdf, invites-002.pdf, …
/// ```
public struct SheetOptions: Sendable {
  /// The route every row builds.
  public var route: String
  /// The CSV to read: a file or standard input.
  public var input: BatchInput
  /// The PDF to write. With ``split``, the files are numbered before the extension:
  /// `invites-001.pdf`, `invites-002.pdf`…
  public var output: URL
  /// Paper, cards, margins, gutters and crop marks; A4 with 85 × 55 mm cards by default.
  public var layout: SheetLayout
  /// The locale of the card templates and of the text's fonts (`en`, `ko`).
  public var locale = "en"
  /// The link each QR code holds and each card prints; the universal link by default.
  public var link = LinkSet.Key.universal
  /// The codes' links carry the scan marker (`src=qr`, `ScanMarker`), so that `linkgen serve`
  /// counts their scans apart from clicks; the link printed under each code stays without it
  /// (a link typed in is no scan). Needs the universal ``link`` and a route that declares no
  /// `src` query item.
  public var countsScans = false
  /// The least QR error-correction level (level H, always, with a ``logo``): each code gets
  /// the highest level its version holds at no cost in size, unless ``exactErrorCorrection``.
  public var errorCorrection = QRErrorCorrection.medium
  /// Keep ``errorCorrection`` as given rather than raising it for free.
  public var exactErrorCorrection = false
  /// The smallest QR version, or `nil` for the smallest that fits.
  public var minimumVersion: Int?
  /// A logo in the centre of every code.
  public var logo: QRLogo?
  /// Rows per PDF file, or `nil` for one file; the files are made in parallel.
  public var split: Int?
  /// Threads: the files rendered at once with ``split``; without it, the threads that encode
  /// codes and fill templates while one draws. The number of cores by default.
  public var workers = SheetOptions.processorCount
  /// `fsync` each file before renaming it into place.
  public var durable = true
  /// The most data rows a sheet reads (``PrintError/Code/tooManyRows`` beyond); 1,000,000 by
  /// default, as for batches. A file is counted before anything is written; standard input
  /// stops at the row over the limit, leaving no PDF.
  public var maximumRows = BatchOptions.defaultMaximumRows

  /// Options with the defaults: A4, 85 × 55 mm cards, 10 mm margins, English.
  public init(route: String, input: BatchInput, output: URL) {
    self.route = route
    self.input = input
    self.output = output
    layout = .standard
  }

  /// The number of active cores.
  public static var processorCount: Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  /// File `index` (from 0) of a split sheet: `invites.pdf` → `invites-001.pdf`.
  public func splitPath(_ index: Int) -> URL {
    let number = String(index + 1)
    let padded = String(repeating: "0", count: max(0, 3 - number.count)) + number
    let stem = output.deletingPathExtension().lastPathComponent
    let name =
      stem + "-" + padded + (output.pathExtension.isEmpty ? "" : "." + output.pathExtension)
    return output.deletingLastPathComponent().appendingPathComponent(name)
  }
}
