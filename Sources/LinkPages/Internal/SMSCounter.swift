/// Counts what a text costs in one SMS segment (3GPP TS 23.038).
///
/// A text made only of the GSM 03.38 default alphabet is sent as GSM-7: 160 septets per
/// segment, with the characters of the extension table (`^ { } [ ] ~ | \ €` and form feed)
/// taking two septets each (an escape and the character). Any other character switches the
/// whole message to UCS-2: 70 UTF-16 code units per segment, a character outside the BMP (most
/// emoji) taking two.
enum SMSCounter {
  /// The GSM 03.38 default alphabet.
  static let basic: Set<Unicode.Scalar> = Set(
    ("@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
      + "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà").unicodeScalars
  )
  /// The extension table, reached through an escape septet.
  static let extended: Set<Unicode.Scalar> = Set("^{}\\[~]|€\u{0C}".unicodeScalars)

  /// The encoding a phone would pick for `text`, and the units the text takes in it.
  static func measure(_ text: String) -> (encoding: SMSMessage.Encoding, units: Int) {
    var septets = 0
    for scalar in text.unicodeScalars {
      if basic.contains(scalar) {
        septets += 1
      } else if extended.contains(scalar) {
        septets += 2
      } else {
        return (.ucs2, text.utf16.count)
      }
    }
    return (.gsm7, septets)
  }

  /// Whether `text` fits one segment.
  static func fits(_ text: String) -> Bool {
    let (encoding, units) = measure(text)
    return units <= (encoding == .gsm7 ? 160 : 70)
  }
}
