/// Someone to invite to a checklist.
public struct Invitee: Codable, Sendable, Hashable {
  /// The user's identifier in your system; names the QR file.
  public var id: String
  /// The name shown to the user.
  public var name: String
  /// The user's language: `ko` or `en` (others fall back to English).
  public var locale: String
  /// The invitation code (6–12 of `A-Z0-9`, as the route table requires).
  public var code: String
  /// `viewer` or `editor`; `viewer` when absent.
  public var role: OpenListLink.InviteRole?

  /// Creates an invitee.
  public init(
    id: String,
    name: String,
    locale: String,
    code: String,
    role: OpenListLink.InviteRole? = nil
  ) {
    self.id = id
    self.name = name
    self.locale = locale
    self.code = code
    self.role = role
  }
}

extension OpenListLink.InviteRole: Codable {}
