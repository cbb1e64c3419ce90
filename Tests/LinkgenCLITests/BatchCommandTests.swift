import Foundation
import LinkQR
import LinkgenTestSupport
import Testing

struct BatchCommandTests {
  static func id(_ index: Int) -> String {
    String(format: "9b2e7a10-0c4d-4e8f-a1b2-%012x", index)
  }

  static func universal(_ index: Int) -> String {
    "https://openlist.example.com/shared-checklists/" + id(index)
  }

  /// Writes a CSV of `count` rows (`bad` ones with a malformed id) and returns its path.
  static func csv(_ directory: TemporaryDirectory, _ count: Int, bad: Set<Int> = []) throws
    -> String
  {
    var text = "id,guest\n"
    for index in 0..<count {
      text += (bad.contains(index) ? "12345" : id(index)) + ",Guest \(index)\n"
    }
    let file = directory.file("rows.csv")
    try Data(text.utf8).write(to: file)
    return file.path
  }

  static func batch(_ input: String, _ out: URL, _ extra: [String] = []) -> [String] {
    [
      "batch", "shared-checklist", "--config", Linkgen.openlistPath, "--input", input, "--out",
      out.path,
    ]
      + extra
  }

  static func visibleFiles(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { !$0.hasPrefix(".") }.sorted()
  }

  static func temporaryFiles(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".linkgen-tmp") }
  }

  @Test(.enabled(if: Scanner.canDecodePNG, "zbarimg (Debian zbar-tools) is not installed"))
  func aThousandRowsWithABadOne() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.csv(directory, 1000, bad: [41])
    let out = directory.file("cards")
    let result = try Linkgen.run(Self.batch(input, out, ["--name", "card-{row}.png"]))
    #expect(result.status == 65)
    #expect(
      result.error
        == "linkgen: error: \(input):43: parameter 'id' of route 'shared-checklist' must be a "
        + "UUID (8-4-4-4-12 hex digits), got \"12345\"\n"
        + "linkgen: error: 1 of 1000 rows failed (see the lines above and the manifest)\n"
    )
    #expect(
      result.output
        == "1000 rows: 999 written, 0 already there, 1 failed; 999 files; manifest "
        + out.path + "/manifest.json\n"
    )
    let good = (0..<1000).filter { $0 != 41 }
    #expect(try Self.visibleFiles(out).count == 1000)  // 999 images and the manifest
    let pngs = good.map { out.appendingPathComponent("card-\($0 + 1).png") }
    let decoded = try Scanner.decodeAll(pngs: pngs)
    for (index, png) in zip(good, pngs) {
      #expect(decoded[png.path] == Self.universal(index), "row \(index)")
    }
  }

  /// Starts a batch, kills it with `signal` once it has written some files, and checks that
  /// every file left is whole; then `--resume` must finish the rest.
  @Test(arguments: [SIGKILL, SIGINT, SIGTERM])
  func anInterruptedRunLeavesWholeFilesAndResumes(signal: Int32) throws {
    let directory = try TemporaryDirectory()
    let rows = 3000
    let input = try Self.csv(directory, rows)
    let out = directory.file("out")
    let arguments = Self.batch(
      input,
      out,
      ["--format", "png,svg", "--name", "{id}", "--jobs", "2"]
    )
    let process = try Linkgen.start(arguments)
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning, Date() < deadline,
      ((try? Self.visibleFiles(out).count) ?? 0) < 100
    {
      usleep(2000)
    }
    #expect(process.isRunning, "the batch finished before it could be interrupted")
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == signal)

    // Every file with a final name is whole: byte for byte what the renderer makes.
    let left = try Self.visibleFiles(out)
    #expect(left.count < 2 * rows)
    #expect(!left.contains("manifest.json"))
    for name in left {
      let index = try #require(Int(name.prefix(36).suffix(12), radix: 16))
      let code = try QRCode(encoding: Self.universal(index))
      let expected: [UInt8] = name.hasSuffix(".png") ? try code.png() : Array(try code.svg().utf8)
      let bytes = try [UInt8](Data(contentsOf: out.appendingPathComponent(name)))
      #expect(bytes == expected, "\(name) is not whole")
    }
    if signal != SIGKILL {
      // A clean stop: the rows in progress were finished, the manifest's temporary removed.
      #expect(try Self.temporaryFiles(out).isEmpty)
    }

    let resumed = try Linkgen.run(arguments + ["--resume"])
    #expect(resumed.status == 0, "\(resumed.error)")
    #expect(try Self.temporaryFiles(out).isEmpty)
    #expect(try Self.visibleFiles(out).count == 2 * rows + 1)
    let manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("manifest.json"))
      ) as? [String: Any]
    )
    let summary = try #require(manifest["summary"] as? [String: Int])
    #expect(summary["rows"] == rows && summary["failed"] == 0)
    // Rows whose two files were both there are skipped; a row killed between its two files
    // gets the missing one.
    let whole = Set(left.filter { $0.hasSuffix(".png") }.map { $0.dropLast(4) })
      .intersection(left.filter { $0.hasSuffix(".svg") }.map { $0.dropLast(4) })
    #expect(summary["existing"] == whole.count)
    #expect(summary["written"] == rows - (summary["existing"] ?? 0))
    #expect((manifest["rows"] as? [Any])?.count == rows)
    if Scanner.canDecodePNG {
      let sample = stride(from: 0, to: rows, by: 97).map { $0 }
      let pngs = sample.map { out.appendingPathComponent(Self.id($0) + ".png") }
      let decoded = try Scanner.decodeAll(pngs: pngs)
      for (index, png) in zip(sample, pngs) {
        #expect(decoded[png.path] == Self.universal(index))
      }
    }
  }

  @Test func problemsWithTheWholeBatchHaveTheirExitStatus() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.csv(directory, 3)
    let out = directory.file("out")
    let unknownRoute = try Linkgen.run(
      ["batch", "nope", "--input", input, "--out", out.path, "--config", Linkgen.openlistPath]
    )
    // The same status as make and page give an unknown route.
    #expect(unknownRoute.status == 65)
    #expect(unknownRoute.error.contains("the route table has no route 'nope'"))
    let unknownColumn = try Linkgen.run(Self.batch(input, out, ["--name", "{nmae}"]))
    #expect(unknownColumn.status == 64)
    #expect(unknownColumn.error.contains("names '{nmae}', which is not a column of the CSV"))
    #expect(!FileManager.default.fileExists(atPath: out.path))  // nothing created
    let missing = try Linkgen.run(Self.batch(directory.file("none.csv").path, out))
    #expect(missing.status == 66)
    try Data().write(to: directory.file("file"))
    let unwritable = try Linkgen.run(Self.batch(input, directory.file("file/out")))
    #expect(unwritable.status == 73)
    let badFormat = try Linkgen.run(Self.batch(input, out, ["--format", "png,gif"]))
    #expect(badFormat.status == 64)
    #expect(badFormat.error.contains("The value 'png,gif' is invalid for '--format <formats>'"))
  }

  /// `batch --logo`, as `qr --logo`: every PNG and SVG code (a PNG logo and an SVG one) decodes
  /// to its row's link; the options and the rules are the same.
  @Test(.enabled(if: Scanner.canDecodeSVG, "zbarimg or rsvg-convert is not installed"))
  func aLogoInEveryCode() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.csv(directory, 3)
    for logo in ["logo.svg", "logo.png"] {
      let out = directory.file("cards-\(logo)")
      let result = try Linkgen.run(
        Self.batch(input, out, ["--format", "png,svg", "--logo", "Tests/Fixtures/\(logo)"])
      )
      #expect(result.status == 0, "\(result.error)")
      for row in 1...3 {
        let link = Self.universal(row - 1)
        let png = out.appendingPathComponent("\(row).png")
        let svg = out.appendingPathComponent("\(row).svg")
        #expect(try Scanner.decode(png: png) == link, "\(logo): \(row).png")
        #expect(try Scanner.decode(svg: svg) == link, "\(logo): \(row).svg")
        // The SVG embeds the logo file; the PNG is drawn by cairo, in colour (IHDR colour type
        // 2 or 6: RGB or RGBA), where a plain code is 1-bit grayscale.
        #expect(try String(contentsOf: svg, encoding: .utf8).contains("<image"))
        #expect([2, 6].contains(try Data(contentsOf: png)[25]), "\(row).png is in colour")
      }
    }
    let level = try Linkgen.run(
      Self.batch(input, directory.file("m"), ["--logo", "Tests/Fixtures/logo.svg", "--ecc", "M"])
    )
    #expect(level.status == 64)
    #expect(level.error.contains("a logo needs error correction H"))
    let large = try Linkgen.run(
      Self.batch(
        input,
        directory.file("large"),
        ["--logo", "Tests/Fixtures/logo.svg", "--logo-size", "45%"]
      )
    )
    #expect(large.status == 65)
    #expect(
      large.error.hasPrefix(
        "linkgen: error: \(input):2: a logo 45% of the code's side (31 of 73 modules) would "
          + "make this version 14 code unreadable; the most it allows is 34% (25 modules)\n"
      )
    )
    let notAnImage = try Linkgen.run(
      Self.batch(input, directory.file("n"), ["--logo", "Package.swift"])
    )
    #expect(notAnImage.status == 65)
    #expect(notAnImage.error.contains("is neither a PNG image nor an SVG drawing"))
    let sizeAlone = try Linkgen.run(Self.batch(input, directory.file("s"), ["--logo-size", "20"]))
    #expect(sizeAlone.status == 64)
    #expect(sizeAlone.error.contains("--logo-size needs --logo FILE"))
  }
}
