public import LinkClient

/// An invitation's short link, made by a `linkgen serve` through LinkClient: what the service
/// sends when a message has little room (an SMS, a QR code that must stay small).
public struct ShortInvites: Sendable {
  /// The client of the link domain's API, with a key of scopes `links:create,links:delete`.
  public let client: LinkClient

  /// Short links through `client`.
  public init(client: LinkClient) {
    self.client = client
  }

  /// Makes the invitee's short link (route `invite`, their code and role), opening at most
  /// `visits` times when given: an invitation is meant for one person.
  public func make(for invitee: Invitee, visits: Int? = nil) async throws(LinkClientError)
    -> LinkClient.Link
  {
    var params: [String: LinkClient.Value] = ["code": .string(invitee.code)]
    if let role = invitee.role { params["role"] = .string(role.rawValue) }
    return try await client.create(.init(route: "invite", params: params, maxVisits: visits))
  }

  /// The invitation a short link's code stands for, as the server resolves it.
  public func resolve(code: String) async throws(LinkClientError) -> LinkClient.Link {
    try await client.resolve(code: code)
  }

  /// Withdraws an invitation: its short link stops opening.
  public func withdraw(code: String) async throws(LinkClientError) {
    try await client.delete(code: code)
  }
}
