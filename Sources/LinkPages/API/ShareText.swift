/// Share text for one link, in one locale: a message, an email, and a text message.
///
/// Every variant holds the canonical universal link, and the display fields placed next to it
/// are plain text with controls, line breaks, bidirectional overrides and zero-width characters
/// removed.
public struct ShareText: Sendable, Hashable {
  /// The locale whose templates were used (`en`, `ko`); English when the requested one has
  /// none.
  public let locale: String
  /// The universal link every variant carries.
  public let link: String
  /// A message for a chat or a share sheet.
  public let message: String
  /// An email subject: one line.
  public let emailSubject: String
  /// An email body.
  public let emailBody: String
  /// A short text message that fits one SMS segment with the link.
  public let sms: SMSMessage
  /// What the user should know: the locale fell back to another one's templates, the SMS was
  /// shortened.
  public let warnings: [PageWarning]
}

/// A text message that fits one SMS segment.
///
/// A segment holds 160 characters of the GSM 03.38 alphabet (GSM-7, where `^ { } [ ] ~ | \ €`
/// take two) or, when any other character is present, 70 UTF-16 code units (UCS-2). When the
/// `sms` template's text does not fit, the display fields are shortened with an ellipsis; when
/// it still does not fit, the message is the link alone, and ``shortened`` is `true` either way.
public struct SMSMessage: Sendable, Hashable {
  /// How a phone will encode the text.
  public enum Encoding: String, Sendable, Hashable {
    /// The GSM 03.38 7-bit alphabet: 160 septets in one segment.
    case gsm7 = "GSM-7"
    /// UCS-2 (UTF-16 code units): 70 in one segment.
    case ucs2 = "UCS-2"
  }

  /// The text, link included.
  public let text: String
  /// The encoding the text needs.
  public let encoding: Encoding
  /// Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes.
  public let units: Int
  /// Whether the template's text was shortened (fields cut, or the text left out) to fit.
  public let shortened: Bool

  /// The size of one segment in the encoding: 160 for GSM-7, 70 for UCS-2.
  public var limit: Int { encoding == .gsm7 ? 160 : 70 }
}
