import Foundation
import HTTPTypes
import Hummingbird
import LinkServer
import LinkStore
import NIOCore

extension ConsoleExtension {
  /// `GET /console/sign-in`: the form; `POST`: a `console` key in the field `key` starts a
  /// session (303 to `/console` with the cookie), anything else shows the form again with one
  /// error that never says whether the key exists. Attempts are limited per address.
  func signIn(_ call: ConsoleCall, _ context: LinkRequestContext) async -> Response {
    let strings = call.strings
    switch call.request.method {
    case .get, .head:
      return ConsoleResponses.page(Self.signInPage(strings, error: nil))
    case .post:
      let time = Int64(call.now.timeIntervalSince1970)
      guard limiter.take(address(call.request, context), now: time) else {
        var response = ConsoleResponses.page(
          Self.signInPage(strings, error: strings.tooManyAttempts),
          status: .tooManyRequests
        )
        response.headers[.retryAfter] = "60"
        return response
      }
      let presented = await Self.form(call.request)?["key"] ?? ""
      do {
        guard let key = try await store.authenticate(presented), key.scopes.contains(.console)
        else {
          return ConsoleResponses.page(Self.signInPage(strings, error: strings.signInFailed))
        }
        let token = SessionToken.generate()
        try await sessions.create(
          token.hash,
          ConsoleSessionRecord(keyID: key.id, createdAt: time, lastSeenAt: time)
        )
        var response = ConsoleResponses.redirect("/console")
        response.headers[.setCookie] = cookie.setting(token)
        return response
      } catch {
        return ConsoleResponses.refusal(.serviceUnavailable, error.message)
      }
    default:
      return ConsoleResponses.refusal(.methodNotAllowed, "use GET or POST")
    }
  }

  /// `POST /console/sign-out` (with the CSRF token, checked before): ends the session on the
  /// server and clears the cookie.
  func signOut(_ session: SignedIn) async -> Response {
    try? await sessions.delete(session.token.hash)
    var response = ConsoleResponses.redirect("/console/sign-in")
    response.headers[.setCookie] = cookie.clearing
    return response
  }

  static func signInPage(_ strings: ConsoleStrings, error: String?) -> HTML {
    ConsoleLayout(strings: strings, csrf: nil).page(strings.signIn, .signIn) { main in
      main.element("h1", text: strings.signIn)
      main.element(
        "form",
        [.class("card"), Attribute("method", "post"), .url("action", .console("sign-in"))]
      ) { form in
        if let error {
          form.element("p", [.class("notice"), Attribute("role", "alert")], text: error)
        }
        form.element("label", [Attribute("for", "key")], text: strings.keyLabel)
        form.void(
          "input",
          [
            Attribute("id", "key"), Attribute("name", "key"), Attribute("type", "password"),
            Attribute("autocomplete", "current-password"), .flag("required"),
            Attribute("size", "48"),
          ]
        )
        form.element("p", [.class("hint")], text: strings.keyHint)
        form.element("button", [Attribute("type", "submit")], text: strings.signIn)
      }
    }
  }

  /// The fields of a form body (`application/x-www-form-urlencoded`, at most 64 KB); `nil`
  /// for another type or a larger body.
  static func form(_ request: Request) async -> FormData? {
    guard
      request.headers[.contentType]?.lowercased()
        .hasPrefix("application/x-www-form-urlencoded") == true,
      let buffer = try? await request.body.collect(upTo: 64 * 1024)
    else { return nil }
    return FormData(String(buffer: buffer))
  }
}

extension Error {
  /// A store error's message, else the error's description.
  var message: String { (self as? StoreError)?.message ?? "\(self)" }
}
