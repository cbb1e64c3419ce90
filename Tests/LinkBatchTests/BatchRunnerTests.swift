import Foundation
import LinkBatch
import LinkKit
import LinkQR
import LinkgenTestSupport
import Testing

@Suite(.blockingWork)
struct BatchRunnerTests {
  static let table: RouteTable = {
    let path = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Examples/openlist/linkgen.json")
    do {
      return try RouteTable(contentsOf: path)
    } catch {
      fatalError("the openlist example does not load: \(error)")
    }
  }()

  /// The UUID of data row `index` (from 0).
  static func id(_ index: Int) -> String {
    String(format: "3f2504e0-4f89-11d3-9a0c-%012x", index)
  }

  static func universal(_ id: String) -> String {
    "https://openlist.example.com/shared-checklists/" + id
  }

  /// A CSV of `count` shared checklists with a name column; the rows in `bad` get a
  /// malformed UUID.
  static func csv(_ count: Int, bad: Set<Int> = []) -> String {
    var text = "id,name\r\n"
    for index in 0..<count {
      text += (bad.contains(index) ? "not-a-uuid-\(index)" : id(index)) + ",\"List, #\(index)\"\r\n"
    }
    return text
  }

  static func options(_ directory: TemporaryDirectory, _ csv: String, name: String = "{id}")
    throws -> BatchOptions
  {
    let input = directory.file("rows.csv")
    try Data(csv.utf8).write(to: input)
    var options = BatchOptions(
      route: "shared-checklist",
      input: .file(input),
      outputDirectory: directory.file("out")
    )
    options.namePattern = name
    options.workers = 2
    return options
  }

  static func files(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  @Test(.enabled(if: Scanner.canDecodePNG, "zbarimg (Debian zbar-tools) is not installed"))
  func aThousandRowsWriteScannableImagesAndAManifest() throws {
    let directory = try TemporaryDirectory()
    var options = try Self.options(directory, Self.csv(1000, bad: [5]))
    options.formats = [.png, .svg]
    var failures: [BatchFailure] = []
    let summary = try BatchRunner(table: Self.table, options: options)
      .run(onFailure: { failures.append($0) })
    #expect(summary.rows == 1000 && summary.written == 999 && summary.failed == 1)
    #expect(summary.files == 1998 && !summary.interrupted)
    #expect(failures.map(\.line) == [7])
    #expect(failures.first?.message.contains("must be a UUID") == true)

    let out = directory.file("out")
    #expect(try Self.files(out).count == 1998 + 1)  // images and the manifest, nothing else
    let good = (0..<1000).filter { $0 != 5 }
    let decoded = try Scanner.decodeAll(
      pngs: good.map { out.appendingPathComponent(Self.id($0) + ".png") }
    )
    for index in good {
      let path = out.appendingPathComponent(Self.id(index) + ".png").path
      #expect(decoded[path] == Self.universal(Self.id(index)), "row \(index)")
    }
    if Scanner.canDecodeSVG {
      for index in good.prefix(5) {
        let svg = out.appendingPathComponent(Self.id(index) + ".svg")
        #expect(try Scanner.decode(svg: svg) == Self.universal(Self.id(index)))
      }
    }

    let manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("manifest.json"))
      )
        as? [String: Any]
    )
    #expect(manifest["route"] as? String == "shared-checklist")
    let rows = try #require(manifest["rows"] as? [[String: Any]])
    #expect(rows.count == 1000)
    for (index, row) in rows.enumerated() {
      #expect(row["line"] as? Int == index + 2)
      if index == 5 {
        #expect(row["status"] as? String == "failed")
        #expect((row["error"] as? String)?.contains("not-a-uuid-5") == true)
        continue
      }
      let links = try #require(row["links"] as? [String: Any])
      let files = try #require(row["files"] as? [String: String])
      #expect(row["status"] as? String == "written")
      #expect(links["universal"] as? String == Self.universal(Self.id(index)))
      #expect((links["scheme"] as? String)?.hasPrefix("openlist://shared-checklists?") == true)
      #expect(files == ["png": Self.id(index) + ".png", "svg": Self.id(index) + ".svg"])
    }
    let counts = try #require(manifest["summary"] as? [String: Int])
    #expect(counts == ["rows": 1000, "written": 999, "existing": 0, "failed": 1, "files": 1998])
  }

  @Test func cancellingStopsCleanlyAndResumeFinishes() throws {
    let directory = try TemporaryDirectory()
    var options = try Self.options(directory, Self.csv(200))
    options.formats = [.svg]
    let runner = try BatchRunner(table: Self.table, options: options)
    let first = try runner.run(onProgress: { _ in runner.cancel() })
    #expect(first.interrupted && first.manifest == nil)
    #expect(first.written == 128 && first.rows == 128)  // one chunk: 2 workers x 64 rows
    let out = directory.file("out")
    #expect(try Self.files(out) == (0..<128).map { Self.id($0) + ".svg" })

    options.resume = true
    let second = try BatchRunner(table: Self.table, options: options).run()
    #expect(second.rows == 200 && second.written == 72 && second.existing == 128)
    #expect(try Self.files(out).count == 201)
  }

  @Test func resumeRewritesOnlyMissingFiles() throws {
    let directory = try TemporaryDirectory()
    var options = try Self.options(directory, Self.csv(10))
    options.formats = [.png, .svg]
    _ = try BatchRunner(table: Self.table, options: options).run()
    let out = directory.file("out")
    try FileManager.default.removeItem(at: out.appendingPathComponent(Self.id(3) + ".svg"))
    try FileManager.default.removeItem(at: out.appendingPathComponent(Self.id(4) + ".png"))
    // A temporary file a killed run left behind: removed, never taken for output.
    try Data("half".utf8).write(to: out.appendingPathComponent(".x.png.999999-1.linkgen-tmp"))
    options.resume = true
    options.manifest = .csv
    let summary = try BatchRunner(table: Self.table, options: options).run()
    #expect(summary.written == 2 && summary.existing == 8 && summary.files == 2)
    #expect(try Self.files(out).count == 20 + 2)  // manifest.json from the first run, and .csv
    let manifest = try String(
      contentsOf: out.appendingPathComponent("manifest.csv"),
      encoding: .utf8
    )
    let lines = manifest.split(separator: "\r\n")
    #expect(lines.count == 11)
    #expect(
      lines[0]
        == "line,row,status,scheme,universal,appStore,appStoreApp,playStore,androidIntent,web,png,svg,error"
    )
    #expect(lines[4].hasPrefix("5,4,written,openlist://"))
    #expect(lines[1].hasSuffix(",\(Self.id(0)).png,\(Self.id(0)).svg,"))
  }

  @Test func rowsWithTheSameFileNameAreReportedNotOverwritten() throws {
    let directory = try TemporaryDirectory()
    let csv = "id,name\n\(Self.id(1)),a\n\(Self.id(2)),b\n\(Self.id(1)),c\n\(Self.id(3))\n"
    var failures: [BatchFailure] = []
    let summary = try BatchRunner(table: Self.table, options: Self.options(directory, csv))
      .run(onFailure: { failures.append($0) })
    #expect(summary.written == 2 && summary.failed == 2)
    #expect(
      failures.map(\.description) == [
        "line 4: the file name '\(Self.id(1))' is already used by line 2; use a column that "
          + "differs per row in --name",
        "line 5: the row has 1 field; the header has 2",
      ]
    )
  }

  @Test func defaultsAndExtraColumnsOfAnotherRoute() throws {
    let directory = try TemporaryDirectory()
    let csv = "code,guest\nAB12CD34,Zoë\nAB12CD35,../Bob\nab,Eve\n"
    var options = try Self.options(directory, csv, name: "{code}-{guest}.png")
    options.route = "invite"
    options.link = .scheme
    var failures: [BatchFailure] = []
    let summary = try BatchRunner(table: Self.table, options: options)
      .run(onFailure: { failures.append($0) })
    #expect(summary.written == 2 && summary.failed == 1)
    #expect(failures.first?.line == 4)
    #expect(
      try Self.files(directory.file("out"))
        == ["AB12CD34-Zoë.png", "AB12CD35-.._Bob.png", "manifest.json"]
    )
  }

  @Test func problemsThatStopTheWholeBatch() throws {
    let directory = try TemporaryDirectory()
    func code(
      _ csv: String,
      name: String = "{id}",
      _ change: (inout BatchOptions) -> Void = { _ in }
    )
      throws -> (BatchError.Code, String)
    {
      var options = try Self.options(directory, csv, name: name)
      change(&options)
      let error = try #require(throws: BatchError.self) {
        try BatchRunner(table: Self.table, options: options).run()
      }
      return (error.code, error.message)
    }
    #expect(try code("name\nx\n").0 == .missingColumn)  // no id column
    #expect(
      try code("name\nx\n").1.contains("has no column 'id', which route 'shared-checklist' needs")
    )
    #expect(try code("id\nx\n", name: "{nope}").0 == .invalidNamePattern)
    #expect(try code("").0 == .invalidHeader)
    #expect(try code("id,id\nx,y\n").1.contains(":1: the header names column 'id' twice"))
    #expect(try code("id\n", { $0.route = "nope" }).0 == .unknownRoute)
    #expect(
      try code("id\n", { $0.input = .file(URL(fileURLWithPath: "/nonexistent/rows.csv")) }).0
        == .unreadableInput
    )
    try Data().write(to: directory.file("plain-file"))
    let unwritable = try code(
      "id\n",
      { $0.outputDirectory = directory.file("plain-file/out") }
    )
    #expect(unwritable.0 == .cannotCreateOutput)
    #expect(unwritable.1.contains("plain-file/out/: a file is in the way"), "\(unwritable.1)")
  }

  @Test func aHeaderOnlyCSVWritesAnEmptyManifest() throws {
    let directory = try TemporaryDirectory()
    let summary = try BatchRunner(table: Self.table, options: Self.options(directory, "id\n")).run()
    #expect(summary.rows == 0)
    #expect(summary.manifest == directory.file("out").appendingPathComponent("manifest.json"))
    let manifest = try String(contentsOf: try #require(summary.manifest), encoding: .utf8)
    #expect(manifest.contains("\"rows\": [],"))
  }

  @Test func linksTheTableDoesNotConfigureAreRefused() throws {
    let json = Data(
      #"""
      {"app": {"scheme": "demo", "domains": ["demo.example.com"]},
       "routes": [{"name": "home", "scheme": "demo://home", "universal": "/"}]}
      """#.utf8
    )
    let table = try RouteTable(json: json)
    var options = BatchOptions(
      route: "home",
      input: .standardInput,
      outputDirectory: URL(fileURLWithPath: "out")
    )
    options.link = .playStore
    let error = try #require(throws: BatchError.self) {
      try BatchRunner(table: table, options: options)
    }
    #expect(error.code == .linkNotConfigured)
    #expect(
      error.message
        == "the route table configures no playStore link: add app.android (package, sha256CertFingerprints)"
    )
  }
}
