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

/// What a batch reads, writes and how.
///
/// ```swift
/// var options = BatchOptions(
///   route: "invite",
///   input: .file(URL(filePath: "rows.csv")),
///   outputDirectory: URL(filePath: "cards")
/// )
/// options.formats = [.png, .svg]
/// options.namePattern = "{code}"
/// let summary = try BatchRunner(table: table, options: options).run()
/// ```
public struct BatchOptions: Sendable {
  /// The route every row builds.
  public var route: String
  /// The CSV to read: a file or standard input.
  public var input: BatchInput
  /// The directory for the images and the manifest; created, with its parents, when missing.
  public var outputDirectory: URL
  /// The image formats, one file each per row; PNG by default.
  public var formats: [QRImageFormat] = [.png]
  /// The file name of a row's images, without extension, as `{column}` placeholders and
  /// text; `{row}` (the data row from 1) by default. See the documentation for the rules.
  public var namePattern = "{row}"
  /// The manifest's format, written as `manifest.json` or `manifest.csv`.
  public var manifest = ManifestFormat.json
  /// Skip writing a file that already exists (from an earlier, interrupted run).
  public var resume = false
  /// The link of each row's set that the QR code holds; the universal link by default.
  public var link = LinkSet.Key.universal
  /// The codes' links carry the scan marker (`src=qr`, ``LinkKit/ScanMarker``), so that
  /// `linkgen serve` counts their scans apart from clicks; the manifest keeps the links
  /// without it. Needs the universal ``link`` and a route that declares no `src` query item.
  public var countsScans = false
  /// The least QR error-correction level: each code gets the highest level its version holds
  /// at no cost in size, unless ``exactErrorCorrection``.
  public var errorCorrection = QRErrorCorrection.medium
  /// Keep ``errorCorrection`` as given rather than raising it for free.
  public var exactErrorCorrection = false
  /// Write images whose modules are too small to scan reliably (see
  /// `QRRenderOptions.checkModuleSize(of:format:)`) instead of failing their rows.
  public var allowsSmallModules = false
  /// The smallest QR version, or `nil` for the smallest that fits.
  public var minimumVersion: Int?
  /// A logo in the centre of every code, with the function that draws a PNG with it. Set by
  /// `LinkPrint` (`BatchOptions.logo`), which draws PNGs with cairo; SVGs embed the logo
  /// through LinkQR.
  package var logoDrawing: BatchLogo?
  /// Scale, quiet zone and colours of the images.
  public var rendering = QRRenderOptions()
  /// How many rows are rendered at once; the number of cores by default.
  public var workers = BatchOptions.processorCount
  /// The most data rows a batch reads (``BatchError/Code/tooManyRows`` beyond); 1,000,000 by
  /// default. A file is counted before anything is written; standard input stops at the row
  /// over the limit.
  public var maximumRows = BatchOptions.defaultMaximumRows

  /// The default of ``maximumRows``.
  public static let defaultMaximumRows = 1_000_000
  /// The longest CSV record, in bytes; a longer one is a failed row (its line is reported).
  public static let maximumRecordBytes = 64 * 1024
  /// The most fields a CSV record may have; a record with more is a failed row.
  public static let maximumFields = 1024

  /// Options with the defaults.
  public init(route: String, input: BatchInput, outputDirectory: URL) {
    self.route = route
    self.input = input
    self.outputDirectory = outputDirectory
  }

  /// The number of active cores.
  public static var processorCount: Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }
}

/// The format of a batch's manifest.
public enum ManifestFormat: String, Sendable, Hashable, CaseIterable {
  /// `manifest.json`: `{"route", "link", "formats", "rows": [...], "summary"}`.
  case json
  /// `manifest.csv`: one line per row with its links and files.
  case csv
}

/// Where a batch reads its CSV from.
public enum BatchInput: Sendable, Hashable, CustomStringConvertible {
  /// A file.
  case file(URL)
  /// The process's standard input (`-` on the command line).
  case standardInput

  /// The file's path as given (`URL.relativePath`), or `standard input`; messages name the
  /// input with it.
  public var description: String {
    switch self {
    case .file(let url): url.relativePath
    case .standardInput: "standard input"
    }
  }
}

/// A logo for every code of a batch and how PNGs with it are drawn: LinkQR writes SVGs with a
/// logo itself, but a PNG with one needs cairo and librsvg, which `LinkPrint` brings (and
/// LinkBatch must not, so that it builds without them).
package struct BatchLogo: Sendable {
  /// The logo, and the share of the code's side it covers.
  package let logo: QRLogo
  /// Draws `code` as a PNG with the logo; throws a message for the row's report.
  package let png: @Sendable (QRCode, QRRenderOptions, QRLogo) throws(BatchLogoError) -> [UInt8]

  package init(
    logo: QRLogo,
    png: @escaping @Sendable (QRCode, QRRenderOptions, QRLogo) throws(BatchLogoError) -> [UInt8]
  ) {
    self.logo = logo
    self.png = png
  }
}

/// Why a PNG with a logo could not be drawn, for the row's report.
package struct BatchLogoError: Error, Sendable {
  package let message: String

  package init(_ message: String) { self.message = message }
}
