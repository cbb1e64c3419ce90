import Foundation

/// Cleans untrusted display text (an inviter's name, a checklist title) before any template
/// sees it, so that what a reader sees next to a link is what it says.
///
/// - Line breaks, tabs and other controls (C0, C1, U+2028/U+2029) become a space: a field stays
///   on its line and cannot start a new email header or forge a second line.
/// - Bidirectional formatting characters (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069) are
///   removed: they can make a link or a name read backwards (`‮lmth.exe`).
/// - Zero-width and invisible characters (U+200B, U+200C, U+2060–U+2064, U+FEFF, U+180E,
///   the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, U+FFF9–U+FFFB, non-characters) are
///   removed; a ZERO WIDTH JOINER (U+200D) stays only between two emoji, where it forms one
///   (👩‍💻).
/// - The text is NFC-normalised, runs of spaces become one, and the ends are trimmed.
package enum PlainText {
  package static func clean(_ text: String) -> String {
    if isPlainASCII(text) { return text }
    if let ascii = cleanASCII(text) { return ascii }
    if isPlain(text) { return text }
    let scalars =
      isNormalized(text)
      ? Array(text.unicodeScalars)
      : Array(text.precomposedStringWithCanonicalMapping.unicodeScalars)
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    for (index, scalar) in scalars.enumerated() {
      let kind = classify(scalar)
      if kind == .space || (kind == .keep && scalar.value >= 0x80 && scalar.properties.isWhitespace)
      {
        pendingSpace = !result.isEmpty
        continue
      }
      if kind == .remove { continue }
      if scalar.value == 0x200D {
        let before = index > 0 ? scalars[index - 1] : nil
        let after = index + 1 < scalars.count ? scalars[index + 1] : nil
        guard let before, let after, isEmoji(before), isEmoji(after) else { continue }
      }
      if pendingSpace {
        result.append(" ")
        pendingSpace = false
      }
      result.append(scalar)
    }
    return String(result)
  }

  /// Whether `text` is printable ASCII with single spaces between words and none at the ends,
  /// which cleaning leaves as it is (most names and titles: every card of a sheet cleans its
  /// fields, so they skip the normalisation).
  private static func isPlainASCII(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var afterSpace = true
      for byte in bytes {
        switch byte {
        case 0x21...0x7E: afterSpace = false
        case 0x20:
          if afterSpace { return false }
          afterSpace = true
        default: return false
        }
      }
      return !afterSpace || bytes.isEmpty
    }
  }

  /// ``clean(_:)`` for ASCII text, byte by byte (a title template's text with its final line
  /// feed): controls and spaces become one space between words and none at the ends; NFC and
  /// the characters removed do not concern ASCII. `nil` for text that is not ASCII.
  private static func cleanASCII(_ text: String) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      return String(unsafeUninitializedCapacity: bytes.count) { out in
        var count = 0
        var pendingSpace = false
        for byte in bytes {
          if byte <= 0x20 || byte == 0x7F {
            pendingSpace = count > 0
            continue
          }
          if pendingSpace {
            out[count] = 0x20
            count += 1
            pendingSpace = false
          }
          out[count] = byte
          count += 1
        }
        return count
      }
    }
  }

  /// ``isPlainASCII(_:)`` beyond ASCII: NFC for certain (``isNormalized(_:)``), nothing to
  /// remove or to turn into a space, no other white space, no joiner, single spaces between
  /// words and none at the ends: cleaning leaves it as it is (a title with curly quotes).
  private static func isPlain(_ text: String) -> Bool {
    guard isNormalized(text) else { return false }
    var afterSpace = true
    for scalar in text.unicodeScalars {
      if scalar == " " {
        if afterSpace { return false }
        afterSpace = true
        continue
      }
      guard classify(scalar) == .keep, scalar.value != 0x200D,
        scalar.value < 0x80 || !scalar.properties.isWhitespace
      else { return false }
      afterSpace = false
    }
    return !afterSpace || text.isEmpty
  }

  /// Whether `text` is NFC already for certain, without Foundation: every scalar is below
  /// U+0300 (before the first combining mark) or typographic punctuation or a currency sign
  /// (U+2010–U+2027, U+2030–U+205E, U+20A0–U+20C0: quotes, dashes, the ellipsis, €). Each of
  /// those is its own NFC form and composes with none of the others, so normalising changes
  /// nothing (titles with curly quotes or a dash skip it).
  private static func isNormalized(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0..<0x300, 0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0: true
      default: false
      }
    }
  }

  /// Whether `text` is already clean (cleaning would not change it).
  static func isClean(_ text: String) -> Bool { clean(text) == text }

  private enum Kind { case keep, space, remove }

  private static func classify(_ scalar: Unicode.Scalar) -> Kind {
    let value = scalar.value
    switch value {
    case 0x20...0x7E: return value == 0x20 ? .space : .keep
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return .space
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return .remove
    case 0x200B, 0x200C, 0x2060...0x2064, 0xFEFF, 0x180E, 0x034F: return .remove
    case 0x115F, 0x1160, 0x3164, 0xFFA0, 0xFFF9...0xFFFB: return .remove
    case 0xFFFE, 0xFFFF: return .remove
    default:
      if value & 0xFFFE == 0xFFFE || (0xFDD0...0xFDEF).contains(value) { return .remove }
      return .keep
    }
  }

  private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value > 0x7F && (scalar.properties.isEmoji || scalar.value == 0xFE0F)
  }
}
