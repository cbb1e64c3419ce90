import Foundation
import LinkClient
import Testing

/// LinkClient against a real `linkgen serve`: links made, resolved (from the database and with
/// the link cached) and deleted, click counts read, and each refusal a typed error.
@Suite(
  .enabled(
    if: LinkServe.available,
    "no linkgen to run: swift build in linkgen's package first, or set LINKGEN"
  )
)
struct LinkClientTests {
  static let checklist = "6f1c2b8e-3d4a-4b5c-8d9e-0a1b2c3d4e5f"

  @Test func makesResolvesAndDeletesShortLinks() async throws {
    // Links cached for a minute: the second resolve may be answered from the server's memory.
    let server = try LinkServe(["--link-cache-seconds", "60"])
    let client = LinkClient(server: server.url, apiKey: server.key)
    let made = try await client.create(
      .init(
        route: "checklist",
        params: ["list": .string(Self.checklist), "page": 2, "showDone": true]
      )
    )
    #expect(made.route == "checklist")
    #expect(made.short == "https://openlist.example.com/s/\(made.code)")
    #expect(made.params["page"] == .integer(2) && made.params["showDone"] == .bool(true))
    #expect(made.links["universal"]?.hasPrefix("https://openlist.example.com/checklists/") == true)
    #expect(made.expiresAt == nil && made.maxVisits == nil)
    for _ in 0..<2 {
      let resolved = try await client.resolve(code: made.code)
      #expect(resolved.code == made.code && resolved.short == made.short)
      #expect(resolved.params == made.params && resolved.links == made.links)
    }
    try await client.delete(code: made.code)
    await #expect(throws: LinkClientError.self) { try await client.resolve(code: made.code) }
    do {
      try await client.delete(code: made.code)
      Issue.record("deleted \(made.code) twice")
    } catch {
      #expect(error.code == .notFound && error.status == 404 && error.field == "code")
    }
  }

  @Test func aChosenSlugAnExpiryAndAVisitLimitComeBack() async throws {
    let server = try LinkServe()
    let client = LinkClient(server: server.url, apiKey: server.key)
    let expiry = Date(timeIntervalSince1970: 1_924_991_999)  // 2030-12-31T23:59:59Z
    let made = try await client.create(
      .init(
        route: "shared-checklist",
        params: ["id": .string(Self.checklist)],
        expiresAt: expiry,
        maxVisits: 3,
        slug: "groceries-2030"
      )
    )
    #expect(made.code == "groceries-2030")
    #expect(made.expiresAt == expiry && made.maxVisits == 3)
    do {
      _ = try await client.create(.init(route: "home", slug: "groceries-2030"))
      Issue.record("the slug was taken twice")
    } catch {
      #expect(error.code == .slugTaken && error.status == 409)
    }
  }

  @Test func aWrongKeyIsATypedUnauthorizedError() async throws {
    let server = try LinkServe()
    let client = LinkClient(server: server.url, apiKey: "lgk_wrong")
    do {
      _ = try await client.create(.init(route: "home"))
      Issue.record("a wrong key made a link")
    } catch {
      #expect(error.code == .unauthorized)
      #expect(error.status == 401)
      #expect(!error.message.isEmpty)
    }
    // Resolving needs no key.
    do {
      _ = try await client.resolve(code: "zzzzzzzz")
      Issue.record("an unknown code resolved")
    } catch {
      #expect(error.code == .notFound && error.status == 404)
    }
  }

  @Test func refusalsNameTheCodeAndTheField() async throws {
    let server = try LinkServe()
    let readOnly = try LinkServe.makeKey(server.database, scopes: "stats:read")
    let client = LinkClient(server: server.url, apiKey: readOnly)
    do {
      _ = try await client.create(.init(route: "home"))
      Issue.record("a key without links:create made a link")
    } catch {
      #expect(error.code == .forbidden && error.status == 403 && error.field == "scopes")
    }
    let maker = LinkClient(server: server.url, apiKey: server.key)
    do {
      _ = try await maker.create(.init(route: "shared-checklist", params: ["id": "not-a-uuid"]))
      Issue.record("a bad value made a link")
    } catch {
      #expect(error.code == .invalidLink && error.status == 400 && error.field == "params.id")
    }
    do {
      _ = try await maker.create(.init(route: "nowhere"))
      Issue.record("an unknown route made a link")
    } catch {
      #expect(error.field == "route" && error.status == 400)
    }
  }

  @Test func readsClickCounts() async throws {
    let server = try LinkServe()
    let client = LinkClient(server: server.url, apiKey: server.key)
    let stats = try await client.stats(groupBy: [.route, .day])
    #expect(stats.groupBy == [.route, .day])
    #expect(stats.rows.isEmpty)
    #expect(stats.from <= stats.to)
    do {
      _ = try await client.stats(from: "yesterday")
      Issue.record("a bad date was read")
    } catch {
      #expect(error.code == .invalidRequest && error.field == "from")
    }
  }
}
