import Foundation
import InviteService
import LinkClient
import LinkKit
import Testing

/// Short invitations through LinkClient against a real `linkgen serve` (SQLite, loopback): made,
/// resolved back to the invitee's link, withdrawn; a wrong key is LinkClient's typed error.
@Suite(
  .enabled(
    if: LinkServe.available,
    "no linkgen to run: swift build in linkgen's package first, or set LINKGEN"
  )
)
struct ShortInviteTests {
  @Test func anInvitationsShortLinkIsMadeResolvedAndWithdrawn() async throws {
    let server = try LinkServe()
    let invites = ShortInvites(client: LinkClient(server: server.url, apiKey: server.key))
    let service = try InviteServiceTests.service()
    let invite = try service.invite(InviteServiceTests.jimin)
    let short = try await invites.make(for: InviteServiceTests.jimin, visits: 1)
    #expect(short.short == "https://openlist.example.com/s/\(short.code)")
    #expect(short.maxVisits == 1)
    // The server's links are the ones the service builds itself from the same table.
    #expect(short.links["universal"] == invite.links.universal)
    #expect(short.links["scheme"] == invite.links.scheme)
    let resolved = try await invites.resolve(code: short.code)
    #expect(resolved.route == "invite")
    #expect(resolved.params == ["code": "JIMIN2024", "role": "editor"])
    try await invites.withdraw(code: short.code)
    do {
      _ = try await invites.resolve(code: short.code)
      Issue.record("a withdrawn invitation still resolves")
    } catch {
      #expect(error.code == .notFound)
    }
  }

  @Test func aWrongKeyIsRefusedWithLinkClientsTypedError() async throws {
    let server = try LinkServe()
    let invites = ShortInvites(client: LinkClient(server: server.url, apiKey: "lgk_not-a-key"))
    do {
      _ = try await invites.make(for: InviteServiceTests.ada)
      Issue.record("a wrong key made a short link")
    } catch {
      #expect(error.code == .unauthorized && error.status == 401)
    }
  }

  @Test func anInviteeTheTableRefusesIsRefusedByTheServerNamingTheField() async throws {
    let server = try LinkServe()
    let invites = ShortInvites(client: LinkClient(server: server.url, apiKey: server.key))
    let lowercase = Invitee(id: "x", name: "X", locale: "en", code: "abc123")
    do {
      _ = try await invites.make(for: lowercase)
      Issue.record("a code the table refuses made a short link")
    } catch {
      #expect(error.code == .invalidLink && error.field == "params.code")
    }
  }
}
