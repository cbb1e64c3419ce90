/// Why an invitation could not be made.
public struct InviteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem, for programs that react to it.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The invitee's data does not fit the route (a code with lower-case letters…).
    case invalidInvitee
    /// The share text or the QR code could not be made.
    case rendering
  }

  /// The kind of problem.
  public let code: Code
  /// A sentence naming the problem.
  public let message: String
  /// The invitee concerned.
  public let invitee: String?

  /// Creates an error.
  public init(_ code: Code, _ message: String, invitee: String? = nil) {
    self.code = code
    self.message = message
    self.invitee = invitee
  }

  /// The message, after the invitee when there is one.
  public var description: String { invitee.map { "\($0): \(message)" } ?? message }
}
