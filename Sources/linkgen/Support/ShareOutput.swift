import LinkKit
import LinkPages

extension TextOutput {
  /// The share text as titled blocks: message, email subject, email body, SMS.
  static func share(_ text: ShareText) -> String {
    let sms = text.sms
    return [
      "message:\n\(text.message)",
      "email subject:\n\(text.emailSubject)",
      "email body:\n\(text.emailBody)",
      "sms (\(sms.units)/\(sms.limit) \(sms.encoding.rawValue)"
        + "\(sms.shortened ? ", shortened" : "")):\n\(sms.text)",
    ].joined(separator: "\n\n")
  }
}

extension JSONOutput {
  /// `{"locale", "link", "message", "email": {"subject", "body"}, "sms": {…}}`.
  static func share(_ text: ShareText) -> String {
    render(
      .object([
        ("locale", .string(text.locale)),
        ("link", .string(text.link)),
        ("message", .string(text.message)),
        (
          "email",
          .object([("subject", .string(text.emailSubject)), ("body", .string(text.emailBody))])
        ),
        (
          "sms",
          .object([
            ("text", .string(text.sms.text)),
            ("encoding", .string(text.sms.encoding.rawValue)),
            ("units", .number(text.sms.units)),
            ("limit", .number(text.sms.limit)),
            ("shortened", .bool(text.sms.shortened)),
          ])
        ),
      ])
    )
  }
}
