/// Strict UTF-8 decoding on every platform LinkKit supports (`String(validating:as:)` needs
/// macOS 15 and iOS 18). Shared with linkgen's other modules (`package`).
package enum UTF8Text {
  /// The text, or `nil` when the bytes are not valid UTF-8.
  package static func decode(_ bytes: some Collection<UInt8>) -> String? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return String(decoding: bytes, as: UTF8.self)
      case .error: return nil
      }
    }
  }
}
