import CGLib
import CPango

/// The fonts cards are set in, found through fontconfig: Noto Sans for Latin, Greek and
/// Cyrillic text, and Noto Sans CJK KR for Hangul (and Chinese and Japanese characters).
///
/// Two checks keep boxes (`□`, "tofu") out of the output: before anything is drawn, the
/// families the locale needs must be installed (``check(fontMap:locale:)``); and each card's text
/// is laid out and refused when any character has no glyph in any installed font
/// (``missingCharacters(_:)``).
enum Fonts {
  /// The Latin family and the Debian package that installs it.
  static let latin = (family: "Noto Sans", package: "fonts-noto-core")
  /// The Korean (CJK) family and its package.
  static let korean = (family: "Noto Sans CJK KR", package: "fonts-noto-cjk")

  /// The Pango family list for text in `locale`: Korean text is set in the CJK family (whose
  /// Latin letters match its Hangul), other text in Noto Sans with the CJK family for any Hangul
  /// in a name.
  static func families(locale: String) -> String {
    isKorean(locale) ? "\(korean.family), \(latin.family)" : "\(latin.family), \(korean.family)"
  }

  static func isKorean(_ locale: String) -> Bool {
    locale == "ko" || locale.hasPrefix("ko-")
  }

  /// Fails, naming the package to install, when a family the locale needs is missing: Noto Sans
  /// always, Noto Sans CJK KR for Korean.
  static func check(fontMap: OpaquePointer, locale: String) throws(PrintError) {
    var families: UnsafeMutablePointer<OpaquePointer?>?
    var count: Int32 = 0
    pango_font_map_list_families(fontMap, &families, &count)
    defer { g_free(families) }
    var installed = Set<String>()
    for index in 0..<Int(count) {
      if let family = families?[index], let name = pango_font_family_get_name(family) {
        installed.insert(String(cString: name))
      }
    }
    var needed = [latin]
    if isKorean(locale) { needed.append(korean) }
    for (family, package) in needed where !installed.contains(family) {
      let purpose = family == korean.family ? "Korean text needs it" : "the cards are set in it"
      throw PrintError(
        .missingFont,
        "no font of the family '\(family)' is installed; \(purpose): install the Debian package "
          + "\(package) (apt-get install \(package)), or the family from fonts.google.com/noto"
      )
    }
  }

  /// The characters of a laid-out text that no installed font has a glyph for (Pango would draw
  /// them as boxes), in order, without repeats; `nil` when every character has a glyph.
  ///
  /// Pango counts the boxes a layout would draw; only then is each distinct character of the
  /// text laid out alone, in the layout's font, to name the ones without a glyph. (Pango's glyph
  /// runs would name them directly, but reading them means mirroring Pango's structs; its
  /// accessor functions are enough.) The list is empty when Pango counts boxes but no single
  /// character shows one.
  static func missingCharacters(_ layout: OpaquePointer) -> [Unicode.Scalar]? {
    guard pango_layout_get_unknown_glyphs_count(layout) > 0 else { return nil }
    guard let text = pango_layout_get_text(layout),
      let probe = pango_layout_new(pango_layout_get_context(layout))
    else { return [] }
    defer { g_object_unref(UnsafeMutableRawPointer(probe)) }
    pango_layout_set_font_description(probe, pango_layout_get_font_description(layout))
    var missing: [Unicode.Scalar] = []
    var seen = Set<Unicode.Scalar>()
    for scalar in String(cString: text).unicodeScalars
    where !scalar.properties.isWhitespace && seen.insert(scalar).inserted {
      pango_layout_set_text(probe, String(scalar), -1)
      if pango_layout_get_unknown_glyphs_count(probe) > 0 { missing.append(scalar) }
    }
    return missing
  }

  /// The message for characters no font can draw, naming the package that has them.
  static func missingMessage(_ scalars: [Unicode.Scalar]) -> String {
    guard !scalars.isEmpty else {
      return "some characters of the card have no glyph in any installed font; install "
        + "fonts-noto-core, fonts-noto-extra or fonts-noto-cjk rather than print boxes"
    }
    let shown = scalars.prefix(5).map { scalar in
      "'\(scalar)' (U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(4)))"
    }
    let cjk = scalars.contains { isCJK($0) }
    let emoji = scalars.contains { $0.properties.isEmojiPresentation }
    let package =
      emoji
      ? "fonts-noto-color-emoji" : cjk ? korean.package : "fonts-noto-core or fonts-noto-extra"
    return "no installed font can draw \(shown.joined(separator: ", "))"
      + (scalars.count > 5 ? " and \(scalars.count - 5) more" : "")
      + "; install \(package) rather than print boxes"
  }

  /// Hangul, CJK ideographs, kana and their punctuation.
  static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
      0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
      true
    default: false
    }
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
