import Foundation
import LinkQR
import LinkgenTestSupport
import Testing

/// Codes that survive print (issue 21, points 9 to 12): the example sheet rasterised like a
/// printer or a viewer would, decoded by two independent decoders; sizes too small to scan
/// refused; error correction raised for free; the default logo share.
@Suite(.blockingWork)
struct PrintSurvivalTests {
  static let pdftocairo = ProcessRunner.find(["pdftocairo"])
  static let python = ProcessRunner.find(["python3"])
  static let zxing = Linkgen.packageRoot.appendingPathComponent("scripts/decode-zxing.py")

  /// Whether zxing-cpp and Pillow can be imported.
  static let canDecodeWithZXing: Bool = {
    guard let python else { return false }
    return (try? ProcessRunner.run(python, ["-c", "import zxingcpp, PIL"]))?.status == 0
  }()

  static let canRasterise =
    PDFTools.pdftoppm != nil && pdftocairo != nil && Scanner.canDecodePNG && canDecodeWithZXing
  static let missing =
    "needs pdftoppm and pdftocairo (poppler-utils), zbarimg (zbar-tools) and python3 with "
    + "zxing-cpp and pillow (pip install zxing-cpp pillow)"

  /// The example's universal links, one per card.
  static func links() throws -> Set<String> {
    let csv = try String(
      contentsOf: Linkgen.packageRoot.appendingPathComponent("Examples/openlist/invites.csv"),
      encoding: .utf8
    )
    return Set(
      csv.split(separator: "\n").dropFirst().map { line in
        "https://openlist.example.com/shared-checklists/"
          + line.prefix(while: { $0 != "," }).lowercased()
      }
    )
  }

  /// Renders every page of `pdf` with `renderer` at `dpi` (grey, PNG) into `directory`.
  static func rasterise(_ pdf: URL, _ renderer: URL, dpi: Int, in directory: URL) throws -> [URL] {
    let stem = directory.appendingPathComponent("\(renderer.lastPathComponent)-\(dpi)")
    let result = try ProcessRunner.run(
      renderer,
      ["-r", String(dpi), "-gray", "-png", pdf.path, stem.path]
    )
    guard result.status == 0 else { throw ScannerError("\(renderer.path): \(result.error)") }
    return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasPrefix(stem.lastPathComponent + "-") && $0.hasSuffix(".png")
    }.sorted().map { directory.appendingPathComponent($0) }
  }

  /// The texts ZXing reads in the pages (scripts/decode-zxing.py).
  static func decodeWithZXing(_ pages: [URL]) throws -> Set<String> {
    let python = try #require(Self.python)
    let result = try ProcessRunner.run(python, [zxing.path] + pages.map(\.path))
    guard result.status == 0 else { throw ScannerError("decode-zxing.py: \(result.error)") }
    return Set(
      result.output.split(separator: "\n").compactMap {
        $0.split(separator: "\t").last.map(String.init)
      }
    )
  }

  /// Point 9: the example sheet (12 cards on 2 A4 pages) rasterised at 150, 200 and 300 dpi
  /// by poppler's Splash (`pdftoppm`) and by cairo (`pdftocairo`) decodes card for card with
  /// zbar and with ZXing: with the default options, at level H, and with a logo. Drawn as
  /// dashed strokes the codes left light seams between rows in Splash at 150 dpi, and zbar
  /// read 8 (6 at level H) of the 12.
  @Test(
    .enabled(if: canRasterise, "\(missing)"),
    arguments: [[], ["--ecc", "H"], ["--logo", "Tests/Fixtures/logo.svg"]]
  )
  func theExampleSheetDecodesAtEveryResolution(extra: [String]) throws {
    let directory = try TemporaryDirectory()
    let pdf = directory.file("invites.pdf")
    let result = try Linkgen.run(
      [
        "sheet", "shared-checklist", "--config", "Examples/openlist/linkgen.json", "--input",
        "Examples/openlist/invites.csv", "--out", pdf.path,
      ] + extra
    )
    #expect(result.status == 0, "\(result.error)")
    let links = try Self.links()
    #expect(links.count == 12)
    let renderers = [try #require(PDFTools.pdftoppm), try #require(Self.pdftocairo)]
    let jobs = [150, 200, 300].flatMap { dpi in renderers.map { (dpi, $0) } }
    // Each job in its own folder; two at a time (rendering and decoding are single-threaded).
    let outcomes = Outcomes(count: jobs.count)
    let root = directory.url
    DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
      let (dpi, renderer) = jobs[index]
      outcomes.set(index) {
        let folder = root.appendingPathComponent("job-\(index)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pages = try Self.rasterise(pdf, renderer, dpi: dpi, in: folder)
        let zbar = Set(try pages.flatMap { try Scanner.decodeAllSymbols(png: $0) })
        return (zbar, try Self.decodeWithZXing(pages))
      }
    }
    for (index, (dpi, renderer)) in jobs.enumerated() {
      let name = "\(renderer.lastPathComponent) -r \(dpi) \(extra.joined(separator: " "))"
      let (zbar, zxing) = try outcomes.get(index)
      #expect(
        links.subtracting(zbar).isEmpty,
        "zbar read \(links.intersection(zbar).count)/12: \(name)"
      )
      #expect(
        links.subtracting(zxing).isEmpty,
        "ZXing read \(links.intersection(zxing).count)/12: \(name)"
      )
    }
  }

  /// Results written by concurrent jobs.
  final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<(Set<String>, Set<String>), any Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ body: () throws -> (Set<String>, Set<String>)) {
      let result = Result { try body() }
      lock.withLock { results[index] = result }
    }

    func get(_ index: Int) throws -> (Set<String>, Set<String>) {
      let result = lock.withLock { results[index] }
      return try #require(result).get()
    }
  }

  // MARK: Point 10: sizes too small to scan

  static let invite = "https://openlist.example.com/invite/AB12CD34"

  @Test func aCodeTooSmallToScanIsRefusedWithTheSmallestSizeThatWorks() throws {
    let directory = try TemporaryDirectory()
    for (out, size, smallest) in [
      ("tiny.png", "5mm", "10.5mm at 300 dpi"), ("tiny.svg", "5mm", "10.3mm"),
      ("tiny-px.png", "45px", "82px"),
    ] {
      let file = directory.file(out)
      let result = try Linkgen.run(["qr", Self.invite, "--out", file.path, "--size", size])
      #expect(result.status == 64, "\(out): \(result.error)")
      #expect(
        result.error.contains("the smallest size that works is \(smallest)"),
        "\(result.error)"
      )
      #expect(result.error.contains("--force writes it anyway"))
      #expect(!FileManager.default.fileExists(atPath: file.path))
    }
    let scale = try Linkgen.run([
      "qr", Self.invite, "--out", directory.file("s.png").path, "--scale", "1",
    ])
    #expect(scale.status == 64 && scale.error.contains("the smallest scale that works is 2"))
    let make = try Linkgen.run(
      [
        "make", "invite", "--code", "AB12CD34", "--config", Linkgen.openlistPath, "--qr",
        directory.file("m.png").path, "--qr-size", "5mm",
      ]
    )
    #expect(
      make.status == 64 && make.error.contains("--qr-force writes it anyway"),
      "\(make.error)"
    )
  }

  @Test func forceWritesItWithAWarning() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("tiny.png")
    let result = try Linkgen.run([
      "qr", Self.invite, "--out", file.path, "--size", "5mm", "--force",
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.hasPrefix("linkgen: warning: 5mm at 300 dpi gives 1 pixel(s) per module"))
    #expect(result.error.contains("(written anyway: --force)"))
    #expect(FileManager.default.fileExists(atPath: file.path))
  }

  /// A batch fails the rows whose codes would be too small, and writes them with `--force`.
  @Test func aBatchRefusesCodesTooSmallUnlessForced() throws {
    let directory = try TemporaryDirectory()
    let arguments = [
      "batch", "shared-checklist", "--config", Linkgen.openlistPath, "--input",
      "Examples/openlist/invites.csv", "--size", "5mm",
    ]
    let refused = try Linkgen.run(arguments + ["--out", directory.file("refused").path])
    #expect(refused.status == 65, "\(refused.error)")
    #expect(refused.error.contains("the smallest size that works is"))
    let forced = try Linkgen.run(arguments + ["--out", directory.file("forced").path, "--force"])
    #expect(forced.status == 0, "\(forced.error)")
    #expect(forced.output.contains("12 written"), "\(forced.output)")
  }

  @Test(arguments: ["0", "2"])
  func aQuietZoneUnderFourModulesWarns(margin: String) throws {
    let directory = try TemporaryDirectory()
    let result = try Linkgen.run(
      ["qr", Self.invite, "--out", directory.file("q.svg").path, "--margin", margin]
    )
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.contains("a quiet zone of \(margin) module(s) is under the 4"))
    let standard = try Linkgen.run(["qr", Self.invite, "--out", directory.file("s.svg").path])
    #expect(standard.error.isEmpty)
  }

  // MARK: Point 11: error correction raised for free

  /// `--ecc L` on an 83-byte link gives the version 5 code at level M (the same size), byte
  /// for byte what LinkQR makes at M; `--exact-ecc` keeps L.
  @Test func theLevelIsRaisedForFreeUnlessExact() throws {
    let directory = try TemporaryDirectory()
    let link =
      "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    let raised = directory.file("raised.svg")
    let exact = directory.file("exact.svg")
    #expect(try Linkgen.run(["qr", link, "--out", raised.path, "--ecc", "L"]).status == 0)
    #expect(
      try Linkgen.run(["qr", link, "--out", exact.path, "--ecc", "L", "--exact-ecc"]).status == 0
    )
    let atM = try QRCode(encoding: link, errorCorrection: .medium, exactErrorCorrection: true)
    let atL = try QRCode(encoding: link, errorCorrection: .low, exactErrorCorrection: true)
    #expect(atM.version == atL.version)
    #expect(try String(contentsOf: raised, encoding: .utf8) == (try atM.svg()))
    #expect(try String(contentsOf: exact, encoding: .utf8) == (try atL.svg()))
  }
}
