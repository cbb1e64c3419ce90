/// Eight bytes at a time: whether a word of a value holds any byte that needs a closer look, so
/// that the escapes (``PageValues/escape(_:into:)``, ``PageValues/quote(_:into:)``) skip plain
/// runs a word at a time and look at bytes one by one only in a word that has one. The tests are
/// the usual ones (a borrow reaches a byte's high bit only when some byte of the word matches),
/// exact for "any": a word flagged may hold no byte to escape only when a test covers more
/// bytes than the escape needs, never the other way round.
enum WordScan {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The 8 bytes at `offset` (at most `count - 8`).
  @inline(__always)
  static func load(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt64 {
    UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
  }

  /// Whether a byte is below `limit` (at most 128) or at or above 0x80.
  @inline(__always)
  static func anyBelow(_ word: UInt64, _ limit: UInt8) -> Bool {
    (word &- ones &* UInt64(limit)) & ~word & highs != 0 || word & highs != 0
  }

  /// Whether a byte equals `byte`.
  @inline(__always)
  static func anyEqual(_ word: UInt64, _ byte: UInt8) -> Bool {
    let x = word ^ (ones &* UInt64(byte))
    return (x &- ones) & ~x & highs != 0
  }

  /// `& < > " '`: what ``PageValues/escape(_:into:)`` replaces (`"` and `&` as `0x22 | 4` and
  /// `0x26 | 4`, `<` and `>` as `0x3C | 2` and `0x3E | 2`).
  @inline(__always)
  static func mayNeedHTMLEscape(_ word: UInt64) -> Bool {
    anyEqual(word | ones &* 0x04, 0x26) || anyEqual(word | ones &* 0x02, 0x3E)
      || anyEqual(word, 0x27)
  }

  /// Controls, `" & < > \`, DEL and every byte from 0x80 (0xE2 starts U+2028 and U+2029):
  /// what ``PageValues/quote(_:into:)`` may escape.
  @inline(__always)
  static func mayNeedJSONEscape(_ word: UInt64) -> Bool {
    anyBelow(word, 0x20) || anyEqual(word | ones &* 0x04, 0x26)
      || anyEqual(word | ones &* 0x02, 0x3E) || anyEqual(word, 0x5C) || anyEqual(word, 0x7F)
  }
}
