import Foundation
import LinkgenTestSupport
import Testing

/// The console's sign-in and session rules (docs/console.md), each against a real
/// `linkgen serve` over HTTP.
@Suite("Console security", .serialized)
struct ConsoleSecurityTests {
  @Test("every console page without a session answers 303 to a relative sign-in location")
  func redirectsWithoutSession() throws {
    let server = try ConsoleServer()
    for path in ["/console", "/console/", "/console/links", "/console/links/new", "/console/x"] {
      let response = try server.request("GET", path)
      #expect(response.status == 303, "\(path)")
      #expect(response.header("Location") == "/console/sign-in", "\(path)")
    }
    let post = try server.request("POST", "/console/links/new", form: [("route", "home")])
    #expect(post.status == 303)
    #expect(post.header("Location") == "/console/sign-in")
  }

  @Test("plain-HTTP cookie mode: HttpOnly, SameSite=Strict, Path=/console, not Secure")
  func insecureCookie() throws {
    let server = try ConsoleServer()
    let response = try server.request("POST", "/console/sign-in", form: [("key", server.key)])
    #expect(response.status == 303)
    #expect(response.header("Location") == "/console")
    let cookie = try #require(response.header("Set-Cookie"))
    #expect(cookie.hasPrefix("linkgen-console="))
    let attributes = Set(
      cookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    )
    #expect(attributes == ["Path=/console", "HttpOnly", "SameSite=Strict"])
    // 256 bits in base64url.
    #expect(cookie.prefix { $0 != ";" }.count == "linkgen-console=".count + 43)
  }

  @Test("the default cookie: __Host- prefix, Secure, Path=/, HttpOnly, SameSite=Strict")
  func secureCookie() throws {
    let server = try ConsoleServer([])
    let response = try server.request("POST", "/console/sign-in", form: [("key", server.key)])
    let cookie = try #require(response.header("Set-Cookie"))
    #expect(cookie.hasPrefix("__Host-linkgen-console="))
    let attributes = Set(
      cookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    )
    #expect(attributes == ["Path=/", "Secure", "HttpOnly", "SameSite=Strict"])
    let page = try server.request("GET", "/console", cookie: String(cookie.prefix { $0 != ";" }))
    #expect(page.status == 200)
  }

  @Test("a refused sign-in shows the same form and error whatever the key was")
  func refusedSignIn() throws {
    let server = try ConsoleServer()
    let (statsKey, _) = try ConsoleServer.createKey(server.database, scope: "stats:read")
    let wrongSecret = String(server.key.dropLast(4)) + "aaaa"
    var bodies: Set<String> = []
    for key in [statsKey, wrongSecret, "lgk_nosuchid_secret", "", "<script>"] {
      let response = try server.request("POST", "/console/sign-in", form: [("key", key)])
      #expect(response.status == 200)
      #expect(response.header("Set-Cookie") == nil)
      #expect(response.body.contains("This key cannot sign in to the console."))
      bodies.insert(response.body)
    }
    #expect(bodies.count == 1)
  }

  @Test("a POST without the session's CSRF token gets 403 and changes nothing")
  func csrf() throws {
    let server = try ConsoleServer()
    let cookie = try server.signIn()
    let form = [("route", "home"), ("slug", "csrf-test")]
    let other = try server.csrf(try server.signIn())
    for extra in [
      [], [("csrf", "")], [("csrf", other)], [("csrf", "x" + (try server.csrf(cookie)))],
    ] {
      let response = try server.request(
        "POST",
        "/console/links/new",
        form: form + extra,
        cookie: cookie
      )
      #expect(response.status == 403)
    }
    #expect(try server.request("GET", "/api/v1/links/csrf-test").status == 404)
    let signOut = try server.request("POST", "/console/sign-out", form: [], cookie: cookie)
    #expect(signOut.status == 403)
    #expect(try server.request("GET", "/console", cookie: cookie).status == 200)
    let token = try server.csrf(cookie)
    let made = try server.request(
      "POST",
      "/console/links/new",
      form: form + [("csrf", token)],
      cookie: cookie
    )
    #expect(made.status == 303)
    #expect(made.header("Location") == "/console/links/csrf-test")
    #expect(try server.request("GET", "/api/v1/links/csrf-test").status == 200)
    let deleted = try server.request(
      "POST",
      "/console/links/csrf-test/delete",
      form: [("confirm", "yes")],
      cookie: cookie
    )
    #expect(deleted.status == 403)
    #expect(try server.request("GET", "/api/v1/links/csrf-test").status == 200)
  }

  @Test("sign-out ends the session on the server")
  func signOut() throws {
    let server = try ConsoleServer()
    let cookie = try server.signIn()
    let response = try server.request(
      "POST",
      "/console/sign-out",
      form: [("csrf", try server.csrf(cookie))],
      cookie: cookie
    )
    #expect(response.status == 303)
    #expect(response.header("Location") == "/console/sign-in")
    #expect(response.header("Set-Cookie")?.contains("Max-Age=0") == true)
    #expect(try server.request("GET", "/console", cookie: cookie).status == 303)
  }

  @Test("revoking the key ends its sessions")
  func revokedKey() throws {
    let server = try ConsoleServer()
    let cookie = try server.signIn()
    #expect(try server.request("GET", "/console", cookie: cookie).status == 200)
    let revoked = try ConsoleServer.linkgen([
      "keys", "revoke", server.keyID, "--database", server.database,
    ])
    #expect(revoked.status == 0, "\(revoked.error)")
    #expect(try server.request("GET", "/console", cookie: cookie).status == 303)
    #expect(
      try server.request("POST", "/console/sign-in", form: [("key", server.key)]).status == 200
    )
  }

  @Test("sign-in attempts are limited per address, the right key included")
  func rateLimit() throws {
    let server = try ConsoleServer(["--insecure-console-cookies", "--console-sign-in-limit", "3"])
    for _ in 0..<3 {
      #expect(try server.request("POST", "/console/sign-in", form: [("key", "nope")]).status == 200)
    }
    let limited = try server.request("POST", "/console/sign-in", form: [("key", server.key)])
    #expect(limited.status == 429)
    #expect(limited.header("Set-Cookie") == nil)
    #expect(limited.header("Retry-After") == "60")
  }

  @Test("a forged or malformed session cookie signs no one in")
  func forgedCookie() throws {
    let server = try ConsoleServer()
    _ = try server.signIn()
    let forged = [
      "linkgen-console=" + String(repeating: "A", count: 43),
      "linkgen-console=" + String(repeating: "a", count: 64),
      "linkgen-console=", "linkgen-console=../../etc", "other=1",
    ]
    for cookie in forged {
      let response = try server.request("GET", "/console", cookie: cookie)
      #expect(response.status == 303, "\(cookie)")
    }
  }

  @Test("a session ends after its idle time and after its absolute lifetime")
  func expiry() throws {
    guard let sqlite = ProcessRunner.find(["sqlite3"]) else {
      print("skipped: sqlite3 is not installed")
      return
    }
    let server = try ConsoleServer()
    let path = server.directory.file("db.sqlite").path
    let updates = [
      // Unused for two hours (the idle timeout is one).
      "UPDATE linkgen_console_sessions SET last_seen_at = last_seen_at - 7200, created_at = created_at - 7200",
      "UPDATE linkgen_console_sessions SET idle_expires_at = 1",
      "UPDATE linkgen_console_sessions SET expires_at = 1",
    ]
    for sql in updates {
      let cookie = try server.signIn()
      #expect(try server.request("GET", "/console", cookie: cookie).status == 200)
      let result = try ProcessRunner.run(sqlite, [path, ".timeout 5000", sql])
      #expect(result.status == 0, "\(result.error)")
      #expect(try server.request("GET", "/console", cookie: cookie).status == 303, "\(sql)")
    }
  }

  @Test("console pages: no shared caching, a policy with no inline script but the hashed one")
  func headers() throws {
    let server = try ConsoleServer()
    let cookie = try server.signIn()
    for path in ["/console", "/console/links", "/console/links/new", "/console/sign-in"] {
      let response = try server.request("GET", path, cookie: cookie)
      #expect(response.status == 200, "\(path)")
      #expect(response.header("Cache-Control") == "private, no-store")
      let policy = try #require(response.header("Content-Security-Policy"))
      #expect(policy.contains("frame-ancestors 'none'"))
      #expect(policy.contains("script-src 'sha256-"))
      #expect(!policy.contains("unsafe"))
    }
  }
}
