/// Picks the page locale from an `Accept-Language` header (RFC 9110 §12.5.4): the available
/// locale with the highest weight, matching a tag exactly (`ko-kr`) or by its language (`ko`
/// for `ko-KR`); the first listed wins a tie; English when nothing matches.
struct AcceptLanguage: Sendable {
  /// The locales there are templates for, lower case (`en`, `ko`).
  let locales: [String]
  /// The index of `en` in ``locales``.
  let fallback: Int

  /// The most items of a header that are read.
  static let maximumItems = 32

  init(locales: [String]) {
    self.locales = locales.map { $0.lowercased() }
    fallback = self.locales.firstIndex(of: "en") ?? 0
  }

  /// The index in ``locales`` of the locale for the header.
  func choose(_ header: String?) -> Int {
    guard let header, !header.isEmpty else { return fallback }
    var best = fallback
    var bestWeight = -1
    var items = 0
    for item in header.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true) {
      items += 1
      if items > Self.maximumItems { break }
      let (tag, weight) = Self.parse(item)
      guard weight > bestWeight, weight > 0, let index = match(tag) else { continue }
      best = index
      bestWeight = weight
    }
    return best
  }

  /// The tag, lower case, and its weight in thousandths.
  private static func parse(_ item: Substring.UTF8View.SubSequence) -> (String, Int) {
    let parts = item.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    let tag = String(decoding: trimmed(parts[0]), as: UTF8.self).lowercased()
    var weight = 1000
    for parameter in parts.dropFirst() {
      let text = trimmed(parameter)
      guard text.count >= 2, text.first == UInt8(ascii: "q") || text.first == UInt8(ascii: "Q"),
        text[text.index(after: text.startIndex)] == UInt8(ascii: "=")
      else { continue }
      weight = qvalue(text.dropFirst(2)) ?? 0
    }
    return (tag, weight)
  }

  /// `0`, `0.5`, `1.000`… in thousandths; `nil` when malformed.
  private static func qvalue(_ text: Substring.UTF8View.SubSequence) -> Int? {
    guard let first = text.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1"),
      text.count <= 5
    else { return nil }
    var value = Int(first - UInt8(ascii: "0")) * 1000
    let rest = text.dropFirst()
    if rest.isEmpty { return value }
    guard rest.first == UInt8(ascii: ".") else { return nil }
    var scale = 100
    for byte in rest.dropFirst() {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value += Int(byte - UInt8(ascii: "0")) * scale
      scale /= 10
    }
    return value <= 1000 ? value : nil
  }

  private static func trimmed(
    _ text: Substring.UTF8View.SubSequence
  ) -> Substring.UTF8View.SubSequence {
    let isText = { (byte: UInt8) in byte != 0x20 && byte != 0x09 }
    guard let start = text.firstIndex(where: isText), let end = text.lastIndex(where: isText)
    else { return text[text.endIndex...] }
    return text[start...end]
  }

  private func match(_ tag: String) -> Int? {
    if let exact = locales.firstIndex(of: tag) { return exact }
    guard let dash = tag.firstIndex(of: "-") else { return nil }
    return locales.firstIndex(of: String(tag[..<dash]))
  }
}
