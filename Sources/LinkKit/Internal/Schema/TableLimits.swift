#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The route table's limits checked before any decoding (docs/limits.md).
enum TableLimits {
  /// Size and nesting depth, in one pass over the bytes.
  static func check(_ data: Data, source: String?) throws(RouteTableError) {
    guard data.count <= RouteTable.maximumTableSize else {
      throw tooLarge(data.count, source: source)
    }
    var depth = 0
    var inString = false
    var escaped = false
    var line = 1
    for byte in data {
      if byte == UInt8(ascii: "\n") { line += 1 }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        guard depth <= RouteTable.maximumNestingDepth else {
          throw RouteTableError(
            .tooDeep,
            file: source,
            problems: [
              .init(
                field: "",
                message: "the JSON nests deeper than \(RouteTable.maximumNestingDepth) levels "
                  + "(line \(line)); a route table needs 5"
              )
            ]
          )
        }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
  }

  static func tooLarge(_ size: Int, source: String?) -> RouteTableError {
    RouteTableError(
      .tooLarge,
      file: source,
      problems: [
        .init(
          field: "",
          message: "the file is \(size) bytes; linkgen reads route tables of at most "
            + "\(RouteTable.maximumTableSize) bytes (1 MiB)"
        )
      ]
    )
  }
}
