import Foundation
public import LinkAssociation
import LinkKit

/// An HTTP response, whatever server framework carries it.
public struct HTTPResponse: Sendable, Hashable {
  /// The status code.
  public let status: Int
  /// The headers, in order.
  public let headers: [String: String]
  /// The body.
  public let body: [UInt8]

  static func text(_ status: Int, _ text: String, headers: [String: String] = [:]) -> HTTPResponse {
    HTTPResponse(
      status: status,
      headers: headers.merging(["Content-Type": "text/plain; charset=utf-8"]) { $1 },
      body: Array(text.utf8)
    )
  }
}

extension InviteService {
  /// Answers one request of a link domain's backend, so that any framework's catch-all route
  /// can call it and copy the status, headers and body:
  ///
  /// - `GET /.well-known/apple-app-site-association` and `GET /.well-known/assetlinks.json`:
  ///   the association files generated from the route table, as JSON, with no redirect;
  /// - `GET /invites/<user>.json`: the user's links and share text;
  /// - `GET /invites/<user>.png`: the QR code of the user's universal link;
  /// - anything else: 404, or 405 for a method other than `GET` and `HEAD`.
  public func respond(method: String, path: String, users: [String: Invitee]) -> HTTPResponse {
    guard method == "GET" || method == "HEAD" else {
      return .text(405, "method not allowed\n", headers: ["Allow": "GET, HEAD"])
    }
    let path = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
    switch path {
    case "/.well-known/apple-app-site-association", "/.well-known/assetlinks.json":
      let name = String(path.dropFirst("/.well-known/".count))
      return HTTPResponse(
        status: 200,
        headers: ["Content-Type": "application/json", "Cache-Control": "max-age=3600"],
        body: Array((wellKnown[name] ?? "").utf8)
      )
    default:
      return invitation(at: path, users: users)
    }
  }

  private func invitation(at path: String, users: [String: Invitee]) -> HTTPResponse {
    let prefix = "/invites/"
    guard path.hasPrefix(prefix) else { return .text(404, "not found\n") }
    let file = path.dropFirst(prefix.count)
    let isPNG = file.hasSuffix(".png")
    guard isPNG || file.hasSuffix(".json"), let dot = file.lastIndex(of: "."),
      let invitee = users[String(file[..<dot])]
    else { return .text(404, "not found\n") }
    do {
      let invite = try invite(invitee)
      if isPNG {
        return HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: invite.qrPNG)
      }
      return HTTPResponse(
        status: 200,
        headers: ["Content-Type": "application/json"],
        body: try InviteDocument.json([InviteDocument(invite, qrFile: nil)])
      )
    } catch {
      return .text(500, "\(error)\n")
    }
  }

  /// The association files of the route table, by file name: `apple-app-site-association`
  /// and `assetlinks.json`.
  ///
  /// - Throws: `AssociationError` when the table lacks the app the file needs.
  public static func associationFiles() throws(AssociationError) -> [String: String] {
    [
      "apple-app-site-association": try AssociationFiles.appleAppSiteAssociation(
        for: OpenListLink.routeTable
      ),
      "assetlinks.json": try AssociationFiles.assetLinks(for: OpenListLink.routeTable),
    ]
  }
}
