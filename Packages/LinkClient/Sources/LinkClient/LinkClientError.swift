import Foundation

/// Why a ``LinkClient`` call failed: the server's error object when the server answered with
/// one, or what went wrong on the way.
///
/// Programs switch on ``code``; ``message`` is a sentence for people.
///
/// ```swift
/// do {
///   let link = try await client.resolve(code: code)
/// } catch let error where error.code == .expired || error.code == .exhausted {
///   // the link no longer opens
/// }
/// ```
public struct LinkClientError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong. The server's error codes (the document's `Error.error.code`), and two of
  /// the client's own: ``transport`` and ``unexpectedResponse``.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The request was refused: not JSON, an unknown field, a wrong type, bad stats parameters.
    case invalidRequest
    /// The route or a value does not fit the server's route table.
    case invalidLink
    /// No API key, or a wrong, revoked or malformed one.
    case unauthorized
    /// The API key lacks the operation's scope.
    case forbidden
    /// No short link has this code.
    case notFound
    /// The link is no longer valid.
    case linkNoLongerValid
    /// The endpoint does not answer this method.
    case methodNotAllowed
    /// A link with the chosen slug exists.
    case slugTaken
    /// The short link has expired (410).
    case expired
    /// The short link has served all its visits (410).
    case exhausted
    /// The server wants a `Content-Length`.
    case lengthRequired
    /// The request body is too large.
    case contentTooLarge
    /// Too many requests; ``LinkClientError/retryAfter`` says when to try again.
    case rateLimited
    /// The server cannot reach its database right now; try again shortly.
    case unavailable
    /// The server's database failed.
    case storageFailure
    /// The request did not reach the server, or its answer could not be read.
    case transport
    /// The server answered with a status the API document does not describe for the operation.
    case unexpectedResponse
  }

  /// What programs switch on.
  public let code: Code
  /// A sentence for people: what was wrong and how to fix it.
  public let message: String
  /// The field at fault, when the server named one (`route`, `params.<name>`, `slug`…).
  public let field: String?
  /// The HTTP status of the server's answer; `nil` when there was none (``Code/transport``).
  public let status: Int?
  /// The seconds to wait before trying again, when the server said (429, 503).
  public let retryAfter: Int?

  /// An error with its parts, as the server sends them.
  public init(
    code: Code,
    message: String,
    field: String? = nil,
    status: Int? = nil,
    retryAfter: Int? = nil
  ) {
    self.code = code
    self.message = message
    self.field = field
    self.status = status
    self.retryAfter = retryAfter
  }

  /// The code, the field and the message, with the HTTP status.
  public var description: String {
    let place = field.map { " (\($0))" } ?? ""
    let answer = status.map { "HTTP \($0) " } ?? ""
    return "\(answer)\(code.rawValue)\(place): \(message)"
  }
}

extension LinkClientError {
  /// The server's error object, read by the generated types.
  init(_ body: Components.Schemas._Error, status: Int, retryAfter: Int? = nil) {
    self.init(
      code: Code(rawValue: body.error.code.rawValue) ?? .unexpectedResponse,
      message: body.error.message,
      field: body.error.field,
      status: status,
      retryAfter: retryAfter
    )
  }

  /// An answer whose body is not the document's error object.
  static func unexpected(_ status: Int) -> LinkClientError {
    LinkClientError(
      code: .unexpectedResponse,
      message: "the server answered HTTP \(status), which the API document does not describe here",
      status: status
    )
  }

  /// A request that failed on the way (no connection, an unreadable answer).
  static func transport(_ error: any Error) -> LinkClientError {
    LinkClientError(code: .transport, message: String(describing: error))
  }
}
