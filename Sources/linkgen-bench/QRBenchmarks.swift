import CPNG
import CQRencode
import Foundation
import LinkBatch
import LinkKit
import LinkQR

#if canImport(Glibc)
  import Glibc
#endif

/// QR cases on invite links of the openlist example (shared-checklist universal links, 83
/// bytes, level M), each against the same work done through the C libraries directly:
///
/// - `qr-encode`: `QRCode(encoding:)` vs `QRcode_encodeString8bit`.
/// - `qr-png`: encode + PNG in memory vs libqrencode + libpng writing the same 1-bit image
///   with libpng's default filter and zlib settings, the way qrencode's own CLI does (a naive
///   8-bit grayscale write is measured too, as `naive8_*`).
/// - `qr-svg`: encode + SVG vs libqrencode + a straightforward SVG string; `vs_encode` is the
///   bare C encode time over ours (the target is at least 0.91, within 1.1x).
/// - `qr-terminal`: encode + half-block text vs the bare C encode.
/// - `qr-batch`: a 10,000-row CSV to PNG + SVG with `LinkBatch` on all cores vs one worker;
///   then, when the `linkgen` executable sits beside the benchmark, its peak memory on
///   100,000 rows (`child_max_rss_mb`).
enum QRBenchmarks {
  static let names = ["qr-encode", "qr-png", "qr-svg", "qr-terminal", "qr-batch"]

  static let scale = 8
  static let margin = 4

  static let table: RouteTable = {
    let path = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Examples/openlist/linkgen.json")
    do {
      return try RouteTable(contentsOf: path)
    } catch {
      fatalError("benchmark table: \(error)")
    }
  }()

  static func id(_ index: Int) -> String {
    String(format: "6ba7b810-9dad-41d1-80b4-%012x", index &* 2_654_435_761 & 0xFFFF_FFFF_FFFF)
  }

  /// 10,000 invite links built with LinkKit.
  static let urls: [String] = (0..<10_000).map { index in
    guard let links = try? table.links(for: "shared-checklist", arguments: ["id": id(index)])
    else { fatalError("benchmark link \(index)") }
    return links.universal
  }

  nonisolated(unsafe) static let cURLs: [UnsafeMutablePointer<CChar>] = urls.map { url in
    guard let copy = strdup(url) else { fatalError("out of memory") }
    return copy
  }

  /// 64 codes encoded up front, to time rendering alone.
  static let codes: [QRCode] = urls.prefix(64).compactMap { try? QRCode(encoding: $0) }

  /// Nanoseconds per operation of `render` alone, on the pre-encoded codes.
  static func renderOnly(_ render: (QRCode) -> Void) -> String {
    var index = 0
    let time = Harness.measure(iterations: 5000) {
      index = (index + 1) & 63
      render(codes[index])
    }
    return "render_only_ns=\(Harness.format(time.nanosecondsPerOperation))"
  }

  static func run(_ selected: Set<String>) {
    var index = 0
    func next() -> Int {
      index = index == urls.count - 1 ? 0 : index + 1
      return index
    }
    let encode = { QRcode_free(QRcode_encodeString8bit(cURLs[next()], 0, QR_ECLEVEL_M)) }
    // Each case and its baseline are measured in alternating samples (Harness.compare), so a
    // noisy host affects both alike.
    if selected.contains("qr-encode") {
      let (ours, baseline) = Harness.compare(
        iterations: 2000,
        baselineIterations: 2000,
        ours: { blackHole(try? QRCode(encoding: urls[next()])) },
        baseline: encode
      )
      let version = (try? QRCode(encoding: urls[0]))?.version ?? 0
      Harness.report(
        "qr-encode",
        ours: ours,
        baseline: baseline,
        extra: "url_bytes=\(urls[0].utf8.count) version=\(version)"
      )
    }
    if selected.contains("qr-png") { png() }
    if selected.contains("qr-svg") { svgCase(next: next, encode: encode) }
    if selected.contains("qr-terminal") { terminalCase(next: next, encode: encode) }
    if selected.contains("qr-batch") { batch() }
  }

  /// `qr-svg`: ours against a string-built SVG, and against the bare C encode.
  static func svgCase(next: @escaping () -> Int, encode: () -> Void) {
    let svg = { blackHole(try? QRCode(encoding: urls[next()]).svg()) }
    let (ours, baseline) = Harness.compare(
      iterations: 2000,
      baselineIterations: 2000,
      ours: svg,
      baseline: { blackHole(straightforwardSVG(cURLs[next()])) }
    )
    let (againstEncode, bare) = Harness.compare(
      iterations: 2000,
      baselineIterations: 2000,
      ours: svg,
      baseline: encode
    )
    let bytes = ((try? QRCode(encoding: urls[0]).svg()) ?? "").utf8.count
    Harness.report(
      "qr-svg",
      ours: ours,
      baseline: baseline,
      extra:
        "vs_encode=\(Harness.format(againstEncode.nanosecondsPerOperation / bare.nanosecondsPerOperation)) "
        + renderOnly { blackHole(try? $0.svg()) }
        + " svg_bytes=\(bytes) baseline_svg_bytes=\(straightforwardSVG(cURLs[0]).utf8.count)"
    )
  }

  /// `qr-terminal`: ours against the bare C encode.
  static func terminalCase(next: () -> Int, encode: () -> Void) {
    let (ours, baseline) = Harness.compare(
      iterations: 2000,
      baselineIterations: 2000,
      ours: { blackHole(try? QRCode(encoding: urls[next()]).terminalText()) },
      baseline: encode
    )
    let bytes = ((try? QRCode(encoding: urls[0]).terminalText()) ?? "").utf8.count
    Harness.report(
      "qr-terminal",
      ours: ours,
      baseline: baseline,
      extra: renderOnly { blackHole(try? $0.terminalText()) } + " text_bytes=\(bytes)"
    )
  }

  // MARK: PNG

  static func png() {
    var index = 0
    func next() -> Int {
      index = index == urls.count - 1 ? 0 : index + 1
      return index
    }
    var options = QRRenderOptions()
    options.scale = .pixelsPerModule(scale)
    options.margin = margin
    let (ours, baseline) = Harness.compare(
      iterations: 1000,
      baselineIterations: 1000,
      ours: { blackHole(try? QRCode(encoding: urls[next()]).png(options)) },
      baseline: { blackHole(libpngWrite(cURLs[next()], eightBit: false)) }
    )
    let naive = Harness.baseline(iterations: 200) {
      blackHole(libpngWrite(cURLs[next()], eightBit: true))
    }
    let bytes = ((try? QRCode(encoding: urls[0]).png(options)) ?? []).count
    Harness.report(
      "qr-png",
      ours: ours,
      baseline: baseline,
      extra:
        renderOnly { blackHole(try? $0.png(options)) }
        + " png_bytes=\(bytes) baseline_png_bytes=\(libpngWrite(cURLs[0], eightBit: false).count) "
        + "naive8_ns_per_op=\(Harness.format(naive.nanosecondsPerOperation)) "
        + "naive8_png_bytes=\(libpngWrite(cURLs[0], eightBit: true).count)"
    )
  }

  /// libqrencode + libpng as a C program would write it: 1-bit grayscale (or 8-bit), rows
  /// packed bit by bit, libpng's default filter and compression, into memory. No setjmp: an
  /// error would abort, which a benchmark can afford.
  static func libpngWrite(_ url: UnsafePointer<CChar>, eightBit: Bool) -> [UInt8] {
    guard let code = QRcode_encodeString8bit(url, 0, QR_ECLEVEL_M) else { return [] }
    defer { QRcode_free(code) }
    let width = Int(code.pointee.width)
    let side = (width + 2 * margin) * scale
    let sink = ByteSink()
    var png: png_structp? = png_create_write_struct(PNG_LIBPNG_VER_STRING, nil, nil, nil)
    var info: png_infop? = png_create_info_struct(png)
    png_set_write_fn(
      png,
      Unmanaged.passUnretained(sink).toOpaque(),
      { png, data, length in
        guard let data, let io = png_get_io_ptr(png) else { return }
        Unmanaged<ByteSink>.fromOpaque(io).takeUnretainedValue().bytes
          .append(contentsOf: UnsafeBufferPointer(start: data, count: length))
      },
      nil
    )
    png_set_IHDR(
      png,
      info,
      png_uint_32(side),
      png_uint_32(side),
      eightBit ? 8 : 1,
      PNG_COLOR_TYPE_GRAY,
      PNG_INTERLACE_NONE,
      PNG_COMPRESSION_TYPE_DEFAULT,
      PNG_FILTER_TYPE_DEFAULT
    )
    png_write_info(png, info)
    let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
    if eightBit {
      writeEightBitRows(png, data, width: width, side: side)
    } else {
      writeOneBitRows(png, data, width: width, side: side)
    }
    png_write_end(png, info)
    png_destroy_write_struct(&png, &info)
    return sink.bytes
  }

  /// The image as 8-bit gray rows, pixel by pixel (the naive write).
  static func writeEightBitRows(
    _ png: png_structp?,
    _ data: UnsafeBufferPointer<UInt8>,
    width: Int,
    side: Int
  ) {
    var row = [UInt8](repeating: 255, count: side)
    for y in 0..<side {
      let moduleY = y / scale - margin
      for x in 0..<side {
        let moduleX = x / scale - margin
        let dark =
          moduleX >= 0 && moduleY >= 0 && moduleX < width && moduleY < width
          && data[moduleY * width + moduleX] & 1 != 0
        row[x] = dark ? 0 : 255
      }
      png_write_row(png, row)
    }
  }

  /// The image as 1-bit rows packed bit by bit: the quiet zone's white rows, each module row
  /// `scale` times, the quiet zone again.
  static func writeOneBitRows(
    _ png: png_structp?,
    _ data: UnsafeBufferPointer<UInt8>,
    width: Int,
    side: Int
  ) {
    let rowBytes = (side + 7) / 8
    var row = [UInt8](repeating: 0xFF, count: rowBytes)
    for _ in 0..<margin * scale { png_write_row(png, row) }
    for y in 0..<width {
      for byte in row.indices { row[byte] = 0xFF }
      var bit = margin * scale
      for x in 0..<width {
        for _ in 0..<scale {
          row[bit >> 3] ^= (data[y * width + x] & 1) << UInt8(7 - bit & 7)
          bit += 1
        }
      }
      for _ in 0..<scale { png_write_row(png, row) }
    }
    for byte in row.indices { row[byte] = 0xFF }
    for _ in 0..<margin * scale { png_write_row(png, row) }
  }

  final class ByteSink {
    var bytes: [UInt8] = []
  }

  // MARK: SVG

  /// libqrencode + an SVG built with string appends: one `M x y h w v1 h-w z` rectangle per
  /// horizontal run of dark modules, absolute coordinates.
  static func straightforwardSVG(_ url: UnsafePointer<CChar>) -> String {
    guard let code = QRcode_encodeString8bit(url, 0, QR_ECLEVEL_M) else { return "" }
    defer { QRcode_free(code) }
    let width = Int(code.pointee.width)
    let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
    let side = width + 2 * margin
    var svg =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
      + "width=\"\(side * scale)\" height=\"\(side * scale)\" viewBox=\"0 0 \(side) \(side)\" "
      + "shape-rendering=\"crispEdges\">\n<rect width=\"\(side)\" height=\"\(side)\" "
      + "fill=\"#ffffff\"/>\n<path fill=\"#000000\" d=\""
    for y in 0..<width {
      var x = 0
      while x < width {
        guard data[y * width + x] & 1 != 0 else {
          x += 1
          continue
        }
        let start = x
        while x < width, data[y * width + x] & 1 != 0 { x += 1 }
        svg += "M\(start + margin) \(y + margin)h\(x - start)v1h-\(x - start)z"
      }
    }
    svg += "\"/>\n</svg>\n"
    return svg
  }

  // MARK: Batch

  static func batch() {
    let rows = Harness.quick ? 2000 : 10_000
    guard let prepared = batchInput(rows: rows) else { return }
    let (directory, input, shm) = prepared
    defer { try? FileManager.default.removeItem(at: directory) }
    // One and all workers in alternation, so that a change in the machine's load hits both.
    let cores = BatchOptions.processorCount
    let rounds = Harness.quick ? 1 : 5
    var single: [Double] = []
    var all: [Double] = []
    for round in 0..<rounds {
      let one = batchOptions(input, directory, workers: 1, round: round)
      single.append(batchPerRow(rows: rows, options: one, keep: false))
      let every = batchOptions(input, directory, workers: cores, round: round)
      all.append(batchPerRow(rows: rows, options: every, keep: round == rounds - 1))
    }
    func median(_ values: [Double]) -> Measurement {
      Measurement(nanosecondsPerOperation: values.sorted()[values.count / 2])
    }
    let out = batchOptions(input, directory, workers: cores, round: rounds - 1).outputDirectory
    let sizes = ["png", "svg"].map { format in
      let file = out.appendingPathComponent(id(0) + "." + format)
      return ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size]) as? Int) ?? 0
    }
    var extra =
      "rows=\(rows) formats=png,svg workers=\(cores) fs=\(shm ? "tmpfs" : "tmp") "
      + "rows_per_s=\(Int(1e9 / median(all).nanosecondsPerOperation)) "
      + "png_bytes=\(sizes[0]) svg_bytes=\(sizes[1])"
    if let rss = childPeakMemory(rows: Harness.quick ? 20_000 : 100_000, directory: directory) {
      extra += " " + rss
    }
    Harness.report("qr-batch", ours: median(all), baseline: median(single), extra: extra)
  }

  /// The batch's folder and its input CSV (`nil`, said, when they cannot be written), and
  /// whether the folder is on tmpfs: on ext4, creating tens of thousands of files right after
  /// deleting as many spends most of the time in the kernel's inode allocator, on one core.
  static func batchInput(rows: Int) -> (URL, URL, Bool)? {
    let shm = FileManager.default.fileExists(atPath: "/dev/shm")
    let base = shm ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    let directory = base.appendingPathComponent("linkgen-bench-\(getpid())")
    let input = directory.appendingPathComponent("rows.csv")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try writeCSV(rows: rows, to: input)
    } catch {
      print("qr-batch: cannot write the input: \(error)")
      try? FileManager.default.removeItem(at: directory)
      return nil
    }
    return (directory, input, shm)
  }

  /// The batch of `input` to PNG and SVG with `workers`, into a folder of its own per round.
  static func batchOptions(_ input: URL, _ directory: URL, workers: Int, round: Int)
    -> BatchOptions
  {
    var options = BatchOptions(
      route: "shared-checklist",
      input: .file(input),
      outputDirectory: directory.appendingPathComponent("out-\(workers)-\(round)")
    )
    options.formats = [.png, .svg]
    options.namePattern = "{id}"
    options.workers = workers
    return options
  }

  /// Nanoseconds per row of one run into a fresh directory (removed afterwards, untimed,
  /// unless `keep`).
  static func batchPerRow(rows: Int, options: BatchOptions, keep: Bool) -> Double {
    let nanoseconds = Harness.measureOnce(samples: 1) {
      do {
        let summary = try BatchRunner(table: table, options: options).run()
        precondition(summary.written == rows, "the batch failed: \(summary.description)")
      } catch {
        fatalError("qr-batch: \(error)")
      }
    }
    if !keep { try? FileManager.default.removeItem(at: options.outputDirectory) }
    return nanoseconds / Double(rows)
  }

  static func writeCSV(rows: Int, to file: URL) throws {
    var text = "id,name\n"
    for index in 0..<rows { text += "\(id(index)),Guest \(index)\n" }
    try Data(text.utf8).write(to: file)
  }

  /// Runs the `linkgen` executable beside the benchmark on `rows` rows (PNG + SVG) and
  /// returns `child_rows=… child_max_rss_mb=…` from `getrusage(RUSAGE_CHILDREN)`.
  static func childPeakMemory(rows: Int, directory: URL) -> String? {
    let linkgen = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("linkgen")
    guard FileManager.default.isExecutableFile(atPath: linkgen.path) else { return nil }
    let input = directory.appendingPathComponent("rows-\(rows).csv")
    let out = directory.appendingPathComponent("out-child")
    do {
      try writeCSV(rows: rows, to: input)
      let process = Process()
      process.executableURL = linkgen
      process.arguments = [
        "batch", "shared-checklist", "--config", table.source ?? "", "--input", input.path,
        "--out", out.path, "--format", "png,svg", "--name", "{id}",
      ]
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        return "child_status=\(process.terminationStatus)"
      }
    } catch {
      return nil
    }
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    // ru_maxrss is in kilobytes on Linux.
    return "child_rows=\(rows) child_max_rss_mb=\(Harness.format(Double(usage.ru_maxrss) / 1024))"
  }
}
