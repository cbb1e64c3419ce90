import CQRencode
import Foundation
import LinkgenTestSupport
import Testing

@testable import LinkQR

/// LinkQR's own encoder against libqrencode's `QRcode_encodeData`, which it replaced: for every
/// version and level, at and near each capacity, for random bytes, example links and minimum
/// versions, the symbols must be the same module for module, flags included (dark 0x01,
/// error-correction codeword 0x02, function module 0x80).
@Suite(.blockingWork)
struct EncoderDifferentialTests {
  /// Seeded (LinkgenTestSupport), so that a failure can be replayed.
  typealias Random = SplitMix64

  /// libqrencode's symbol: version and modules with the flags QRCode keeps.
  static func reference(_ bytes: [UInt8], level: QRErrorCorrection, minimumVersion: Int)
    -> (version: Int, modules: [UInt8])?
  {
    bytes.withUnsafeBufferPointer { buffer -> (Int, [UInt8])? in
      guard
        let symbol = QRcode_encodeData(
          Int32(buffer.count),
          buffer.baseAddress,
          Int32(minimumVersion),
          QRecLevel(UInt32(level.rawValue))
        )
      else { return nil }
      defer { QRcode_free(symbol) }
      let width = Int(symbol.pointee.width)
      let data = UnsafeBufferPointer(start: symbol.pointee.data, count: width * width)
      return (Int(symbol.pointee.version), data.map { $0 & 0x83 })
    }
  }

  /// Encodes `bytes` both ways at exactly `level` and records a difference.
  static func compare(
    _ bytes: [UInt8],
    _ level: QRErrorCorrection,
    minimumVersion: Int = 0,
    _ what: @autoclosure () -> String
  ) throws {
    let ours = try QRCode(
      bytes: bytes,
      errorCorrection: level,
      minimumVersion: minimumVersion == 0 ? nil : minimumVersion,
      exactErrorCorrection: true
    )
    let theirs = try #require(reference(bytes, level: level, minimumVersion: minimumVersion))
    guard ours.version == theirs.version else {
      Issue.record("\(what()): version \(ours.version), libqrencode's \(theirs.version)")
      return
    }
    guard ours.modules != theirs.modules else { return }
    let first = ours.modules.indices.first { ours.modules[$0] != theirs.modules[$0] } ?? 0
    let message: String =
      "\(what()): \(bytes.count) bytes at \(level.name), version \(ours.version): module "
      + "\(first % ours.size), \(first / ours.size) differs (ours \(ours.modules[first]), "
      + "libqrencode \(theirs.modules[first]))"
    Issue.record(Comment(rawValue: message))
  }

  @Test(arguments: QRErrorCorrection.allCases)
  func everyVersionAtAndNearItsCapacity(level: QRErrorCorrection) throws {
    var random = Random(state: UInt64(level.rawValue + 1))
    for version in 1...40 {
      let capacity = QRCode.byteCapacity(version: version, level: level)
      let smallest = version == 1 ? 1 : QRCode.byteCapacity(version: version - 1, level: level) + 1
      for count in Set([smallest, smallest + 1, capacity - 1, capacity]) where count > 0 {
        let bytes = random.bytes(count)
        try Self.compare(bytes, level, "version \(version), \(count) random bytes")
        let code = try QRCode(bytes: bytes, errorCorrection: level, exactErrorCorrection: true)
        #expect(code.version == version)
      }
      // Uniform bytes make long runs and blocks: the penalties' edge cases.
      for byte: UInt8 in [0x00, 0xFF] {
        try Self.compare(
          [UInt8](repeating: byte, count: capacity),
          level,
          "version \(version), \(byte)s"
        )
      }
    }
  }

  @Test func randomBytesOfRandomLengths() throws {
    var random = Random(state: 24)
    for round in 0..<800 {
      let level = QRErrorCorrection.allCases[random.below(4)]
      // Mostly link-sized texts, sometimes anything up to the level's capacity.
      let limit = round % 10 == 0 ? level.byteCapacity : 300
      let bytes = random.bytes(1 + random.below(limit))
      try Self.compare(bytes, level, "round \(round)")
    }
  }

  @Test func minimumVersions() throws {
    var random = Random(state: 40)
    for round in 0..<300 {
      let level = QRErrorCorrection.allCases[random.below(4)]
      let minimum = 1 + random.below(40)
      let bytes = random.bytes(1 + random.below(120))
      try Self.compare(bytes, level, minimumVersion: minimum, "round \(round), minimum \(minimum)")
    }
  }

  @Test func exampleLinks() throws {
    var random = Random(state: 83)
    for index in 0..<200 {
      let uuid = random.bytes(16).map { String($0, radix: 16) }.joined()
      let links = [
        "https://openlist.example.com/shared-checklists/\(uuid)",
        "https://openlist.example.com/invite/\(uuid.prefix(10).uppercased())?role=editor",
        "https://photos.example.com/albums/\(uuid)?src=qr",
        "openlist://shared-checklists/\(uuid)",
      ]
      for link in links {
        for level in QRErrorCorrection.allCases {
          try Self.compare(Array(link.utf8), level, "link \(index) \(link)")
        }
      }
    }
  }

  /// The raised level (the default) goes through the same encoder.
  @Test func raisedLevelsMatchTooAndScan() throws {
    let link = "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    let code = try QRCode(encoding: link, errorCorrection: .low)
    try Self.compare(Array(link.utf8), code.errorCorrection, minimumVersion: code.version, "raised")
  }
}

@Suite(
  .blockingWork,
  .enabled(if: Scanner.canDecodePNG, "zbarimg (Debian zbar-tools) is not installed")
)
struct EncoderScanTests {
  /// Independent of libqrencode: zbarimg reads what the encoder wrote, at every level, for
  /// small and large versions, including bytes zbar reads back as text.
  @Test(arguments: QRErrorCorrection.allCases)
  func zbarReadsTheCodes(level: QRErrorCorrection) throws {
    let directory = try TemporaryDirectory()
    let texts = [
      "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301",
      "hi",
      "https://photos.example.com/albums/" + String(repeating: "a1b2", count: 60),
    ]
    for (index, text) in texts.enumerated() {
      for minimumVersion in [nil, 7, 23] {
        let code = try QRCode(
          encoding: text,
          errorCorrection: level,
          minimumVersion: minimumVersion
        )
        var options = QRRenderOptions()
        options.scale = .pixelsPerModule(3)
        let file = directory.file("code-\(index)-\(minimumVersion ?? 0).png")
        try Data(code.png(options)).write(to: file)
        #expect(
          try Scanner.decode(png: file) == text,
          "\(text) at \(level.name), version \(code.version)"
        )
      }
    }
  }
}
