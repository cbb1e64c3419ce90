import Foundation
import LinkQR
import LinkgenTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What the command line does when the file system is against it: missing and unreadable
/// inputs, a directory where a file belongs, an output that cannot be written, a full disk.
/// Each gets a clear message, its documented exit status, and never a partial output file.
@Suite(.blockingWork)
struct RobustnessTests {
  static let config = ["--config", Linkgen.openlistPath]
  static let id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"

  /// Runs linkgen and checks the status and that standard error says `words`.
  @discardableResult
  static func fails(
    _ arguments: [String],
    status: Int32,
    _ words: String,
    input: Data? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Linkgen.Result {
    let result = try Linkgen.run(arguments, input: input)
    #expect(result.status == status, "\(result.error)", sourceLocation: sourceLocation)
    // Usage errors are reported by the argument parser in its own words.
    if status != 64 {
      #expect(result.error.contains("linkgen: error: "), sourceLocation: sourceLocation)
    }
    #expect(result.error.contains(words), "\(result.error)", sourceLocation: sourceLocation)
    #expect(!result.error.contains("Fatal error"), sourceLocation: sourceLocation)
    return result
  }

  /// The kind of file at `path` (not following a symbolic link), from its attributes: no
  /// `stat` structure, whose members a release build with testing sees through another module
  /// than the debug build does.
  static func fileType(_ path: String) throws -> FileAttributeType? {
    try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
  }

  /// Everything in `directory`, temporary files included.
  static func contents(_ directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
  }

  // MARK: Inputs

  @Test func missingInputsAre66() throws {
    let folder = try TemporaryDirectory()
    let missing = folder.file("missing").path
    try Self.fails(["validate", "--config", missing], status: 66, "no such file")
    try Self.fails(["check-aasa", missing], status: 66, "cannot read \(missing): no such file")
    try Self.fails(["check-assetlinks", missing], status: 66, "no such file")
    let out = folder.file("out")
    try Self.fails(
      ["batch", "shared-checklist", "--input", missing, "--out", out.path] + Self.config,
      status: 66,
      "cannot read \(missing)"
    )
    #expect(!FileManager.default.fileExists(atPath: out.path))
    try Self.fails(
      ["page", "shared-checklist", "--id", Self.id, "--templates", missing] + Self.config,
      status: 66,
      "does not exist or is not a folder"
    )
  }

  @Test func aDirectoryWhereAFileBelongsIs66() throws {
    let folder = try TemporaryDirectory()
    let directory = folder.url.path
    try Self.fails(["validate", "--config", directory], status: 66, "it is a directory")
    try Self.fails(["check-aasa", directory], status: 66, "it is a directory")
    try Self.fails(["check-assetlinks", directory], status: 66, "it is a directory")
    try Self.fails(
      ["batch", "shared-checklist", "--input", directory, "--out", folder.file("out").path]
        + Self.config,
      status: 66,
      "it is a directory"
    )
    // And a file where a folder belongs.
    try Self.fails(
      ["page", "shared-checklist", "--id", Self.id, "--templates", Linkgen.openlistPath]
        + Self.config,
      status: 66,
      "is not a folder"
    )
  }

  /// A symbolic link to itself cannot be opened, even by root.
  @Test func anUnreadableInputIs66() throws {
    let folder = try TemporaryDirectory()
    let loop = folder.file("loop.json")
    try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
    try Self.fails(["validate", "--config", loop.path], status: 66, "cannot read")
    try Self.fails(["check-aasa", loop.path], status: 66, "too many levels of symbolic links")
    try Self.fails(
      ["batch", "shared-checklist", "--input", loop.path, "--out", folder.file("out").path]
        + Self.config,
      status: 66,
      "cannot read"
    )
  }

  @Test(.enabled(if: getuid() != 0, "root reads any file; the symbolic-link case covers root"))
  func aFileWithoutReadPermissionIs66() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("aasa.json")
    try Data("{}".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
    try Self.fails(["check-aasa", file.path], status: 66, "permission denied")
    try Self.fails(["validate", "--config", file.path], status: 66, "permission denied")
  }

  // MARK: Outputs

  @Test func anOutputThatCannotBeCreatedIs73AndLeavesNothing() throws {
    let folder = try TemporaryDirectory()
    let blocker = folder.file("file")
    try Data("x".utf8).write(to: blocker)
    for out in [blocker.appendingPathComponent("aasa.json").path, "/proc/linkgen-test/aasa.json"] {
      let result = try Self.fails(["aasa", "--out", out] + Self.config, status: 73, "cannot")
      #expect(result.output.isEmpty)
    }
    #expect(Self.contents(folder.url) == ["file"])
    try Self.fails(
      [
        "batch", "shared-checklist", "--input", try BatchCommandTests.csv(folder, 3), "--out",
        blocker.path,
      ] + Self.config,
      status: 73,
      "a file is in the way"
    )
    #expect(Self.contents(folder.url) == ["file", "rows.csv"])
  }

  /// A full device takes no byte: the write fails with ENOSPC (exit 74), and the device is still
  /// a device afterwards (an atomic rename over it would have replaced it with a file). The
  /// device is a private copy of `/dev/full` (needs root), so that a regression cannot harm the
  /// machine's.
  @Test(.enabled(if: PrivateDevice.available, "cannot create a device node here (needs root)"))
  func aFullDeviceIs74() throws {
    let folder = try TemporaryDirectory()
    let full = try PrivateDevice.full(in: folder)
    let result = try Self.fails(
      ["aasa", "--out", full] + Self.config,
      status: 74,
      "cannot write \(full) (No space left on device)"
    )
    #expect(result.output.isEmpty)
    #expect(try Self.fileType(full) == .typeCharacterSpecial)
    #expect(Self.contents(folder.url) == ["full"], "left \(Self.contents(folder.url))")
  }

  /// A symbolic link is written through, never replaced (`/dev/stdout` is such a link); a
  /// link to a pipe is written in place.
  @Test func aSymbolicLinkIsWrittenThrough() throws {
    let folder = try TemporaryDirectory()
    let target = folder.file("real.json")
    try Data("old".utf8).write(to: target)
    let link = folder.file("link.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let result = try Linkgen.run(["aasa", "--out", link.path] + Self.config)
    #expect(result.status == 0, "\(result.error)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("{\n  \"applinks\""))
    #expect(Self.contents(folder.url) == ["link.json", "real.json"])

    let fifo = folder.file("fifo")
    try #require(mkfifo(fifo.path, 0o600) == 0)
    let toFIFO = folder.file("to-fifo")
    try FileManager.default.createSymbolicLink(at: toFIFO, withDestinationURL: fifo)
    let received = Mutex(Data())
    let reader = Thread {
      if let handle = FileHandle(forReadingAtPath: fifo.path) {
        let data = handle.readDataToEndOfFile()
        received.withLock { $0 = data }
      }
    }
    reader.start()
    let piped = try Linkgen.run(["aasa", "--out", toFIFO.path] + Self.config)
    #expect(piped.status == 0, "\(piped.error)")
    while reader.isExecuting { usleep(1000) }
    #expect(
      received.withLock { String(decoding: $0, as: UTF8.self) }.hasPrefix("{\n  \"applinks\"")
    )
    // Still the FIFO, not a regular file put in its place (Foundation has no FIFO type: it
    // reads one as `typeUnknown`).
    #expect(try Self.fileType(fifo.path) == .typeUnknown)
  }

  @Test(.enabled(if: TinyDisk.available, "cannot mount a tmpfs here (needs root)"))
  func aFullDiskIs74AndLeavesNoPartialFile() throws {
    let disk = try TinyDisk(bytes: 8192)
    defer { disk.unmount() }
    let out = disk.url.appendingPathComponent("page.html").path
    // A landing page is about 12 KB: it does not fit.
    try Self.fails(
      ["page", "shared-checklist", "--id", Self.id, "--out", out] + Self.config,
      status: 74,
      "cannot write \(out) (No space left on device)"
    )
    #expect(Self.contents(disk.url).isEmpty, "left \(Self.contents(disk.url))")
  }

  @Test(.enabled(if: TinyDisk.available, "cannot mount a tmpfs here (needs root)"))
  func aBatchThatFillsTheDiskIs74AndLeavesWholeFiles() throws {
    let folder = try TemporaryDirectory()
    let input = try BatchCommandTests.csv(folder, 400)
    let disk = try TinyDisk(bytes: 64 * 1024)
    defer { disk.unmount() }
    let out = disk.url.appendingPathComponent("cards")
    try Self.fails(
      BatchCommandTests.batch(input, out, ["--name", "{id}", "--jobs", "2"]),
      status: 74,
      "(No space left on device)"
    )
    let left = Self.contents(out)
    #expect(!left.contains { $0.hasPrefix(".") }, "temporary files left: \(left)")
    #expect(!left.contains("manifest.json"))
    #expect(!left.isEmpty && left.count < 400)
    for name in left {
      let index = try #require(Int(name.prefix(36).suffix(12), radix: 16))
      let expected = try QRCode(encoding: BatchCommandTests.universal(index)).png()
      let bytes = try [UInt8](Data(contentsOf: out.appendingPathComponent(name)))
      #expect(bytes == expected, "\(name) is not whole")
    }
  }

  // MARK: Limits on the command line

  @Test func aCSVOverMaxRowsIs65() throws {
    let folder = try TemporaryDirectory()
    let input = try BatchCommandTests.csv(folder, 4)
    let csv = try Data(contentsOf: URL(fileURLWithPath: input))
    let out = folder.file("out")
    // From a file: refused before anything is written.
    try Self.fails(
      BatchCommandTests.batch(input, out, ["--max-rows", "3"]),
      status: 65,
      "has more than 3 data rows (line 5 is one too many)"
    )
    #expect(!FileManager.default.fileExists(atPath: out.path))
    // From standard input: refused at the row over the limit, without a manifest.
    try Self.fails(
      BatchCommandTests.batch("-", out, ["--max-rows", "3"]),
      status: 65,
      "standard input has more than 3 data rows",
      input: csv
    )
    #expect(!Self.contents(out).contains("manifest.json"))
    let fits = try Linkgen.run(BatchCommandTests.batch(input, out, ["--max-rows", "4"]))
    #expect(fits.status == 0, "\(fits.error)")
    try Self.fails(
      BatchCommandTests.batch(input, out, ["--max-rows", "0"]),
      status: 64,
      "--max-rows must be at least 1"
    )
  }

  @Test(.enabled(if: PDFTools.available, "\(PDFTools.missing)"))
  func aSheetOverMaxRowsIs65AndLeavesNoPDF() throws {
    let folder = try TemporaryDirectory()
    let input = try BatchCommandTests.csv(folder, 4)
    let csv = try Data(contentsOf: URL(fileURLWithPath: input))
    let out = folder.file("cards.pdf")
    try Self.fails(
      SheetCommandTests.sheet(out, ["--max-rows", "3"], input: input),
      status: 65,
      "has more than 3 data rows (line 5 is one too many)"
    )
    try Self.fails(
      SheetCommandTests.sheet(out, ["--max-rows", "3"], input: "-"),
      status: 65,
      "standard input has more than 3 data rows",
      input: csv
    )
    #expect(Self.contents(folder.url) == ["rows.csv"], "left \(Self.contents(folder.url))")
    let fits = try Linkgen.run(SheetCommandTests.sheet(out, ["--max-rows", "4"], input: input))
    #expect(fits.status == 0, "\(fits.error)")
    #expect(FileManager.default.fileExists(atPath: out.path))
  }

  @Test func aLinkOnStandardInputIsReadUpTo8192Bytes() throws {
    let head = "openlist://search?q=milk&utm_content="
    let atLimit = head + String(repeating: "a", count: 8192 - head.utf8.count)
    let parsed = try Linkgen.run(["parse", "-"] + Self.config, input: Data(atLimit.utf8))
    #expect(parsed.status == 0, "\(parsed.error)")
    #expect(parsed.output.hasPrefix("route    search"))
    try Self.fails(
      ["parse", "-"] + Self.config,
      status: 65,
      "the link is 8193 bytes long; the parser reads at most 8192",
      input: Data((atLimit + "a").utf8)
    )
  }

  @Test func filesToCheckAreReadUpTo8MB() throws {
    let folder = try TemporaryDirectory()
    let limit = 8 * 1024 * 1024
    let file = folder.file("big.json")
    try Data(repeating: UInt8(ascii: " "), count: limit).write(to: file)
    // 8 MB is read, and the AASA reader refuses it for Apple's 128 KB.
    let read = try Self.fails(["check-aasa", file.path], status: 65, "has 1 error")
    #expect(read.output.contains("the file is 8388608 bytes, over the 131072-byte (128 KB) limit"))
    try Data(repeating: UInt8(ascii: " "), count: limit + 1).write(to: file)
    try Self.fails(
      ["check-aasa", file.path],
      status: 65,
      "is larger than 8 MB; linkgen reads no more"
    )
  }
}

/// A tmpfs of a few kilobytes, mounted for a test: a disk that fills up. Needs root.
struct TinyDisk {
  let url: URL

  init(bytes: Int) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("linkgen-tiny-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let status = Self.run(["mount", "-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", url.path])
    guard status == 0 else {
      try? FileManager.default.removeItem(at: url)
      throw CocoaError(.fileWriteUnknown)
    }
  }

  func unmount() {
    _ = Self.run(["umount", url.path])
    try? FileManager.default.removeItem(at: url)
  }

  /// Whether a tmpfs can be mounted here (root, and a kernel that lets it).
  static let available: Bool = {
    guard getuid() == 0, let disk = try? TinyDisk(bytes: 4096) else { return false }
    disk.unmount()
    return true
  }()

  static func run(_ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    } catch {
      return -1
    }
  }
}

/// A private copy of a device node, made with mknod (needs root).
enum PrivateDevice {
  /// `/dev/full`'s device number: major 1, minor 7 (Linux's encoding for small numbers).
  static let fullDevice = dev_t(1 << 8 | 7)

  /// Makes `full`, a copy of `/dev/full` (major 1, minor 7), in `directory`.
  static func full(in directory: TemporaryDirectory) throws -> String {
    let path = directory.file("full").path
    try #require(mknod(path, S_IFCHR | 0o600, fullDevice) == 0, "mknod failed")
    return path
  }

  static let available: Bool = {
    guard getuid() == 0, let directory = try? TemporaryDirectory() else { return false }
    let path = directory.file("probe").path
    guard mknod(path, S_IFCHR | 0o600, fullDevice) == 0 else { return false }
    // A file system mounted nodev refuses to open it.
    let descriptor = open(path, O_WRONLY)
    guard descriptor >= 0 else { return false }
    close(descriptor)
    return true
  }()
}
