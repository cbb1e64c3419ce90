public import Foundation
public import LinkKit
public import LinkPages
import LinkQR

/// One invitation: the typed link, its link set, share text in Korean and English, and the QR
/// code of the universal link.
public struct Invite: Sendable {
  /// Who is invited.
  public let invitee: Invitee
  /// The route and values, as the generated enum.
  public let link: OpenListLink
  /// The custom-scheme link, the universal link and the store fallbacks.
  public let links: LinkSet
  /// Share text by locale: `en` and `ko`.
  public let share: [String: ShareText]
  /// The QR code of the universal link, as a PNG file's bytes.
  public let qrPNG: [UInt8]
}

/// Makes invitations through the libraries: LinkKit (with the routes generated from the table
/// this target holds), LinkPages for the share text, LinkQR for the QR code.
///
/// ```swift
/// let service = try InviteService(templates: templates, inviter: "Jimin", title: "Groceries")
/// let invite = try service.invite(Invitee(id: "u1", name: "Ada", locale: "en", code: "ADA001"))
/// invite.links.universal   // "https://openlist.example.com/invite/ADA001"
/// invite.share["ko"]?.sms.text
/// ```
///
/// A service is immutable and `Sendable`: make one at start-up and share it between requests.
public struct InviteService: Sendable {
  /// The locales every invitation has share text in.
  public static let locales = ["en", "ko"]

  let pages: PageRenderer
  /// The association files, generated once: `apple-app-site-association`, `assetlinks.json`.
  let wellKnown: [String: String]
  /// Who sends the invitations, as the share text names them.
  public let inviter: String
  /// The checklist's title, when the share text should name it.
  public let title: String?

  /// Loads the share-text templates.
  ///
  /// - Parameters:
  ///   - templates: A folder of templates overriding the built-in ones (OpenList's are in
  ///     `Examples/openlist/templates`); `nil` for the built-in ones.
  ///   - inviter: Who sends the invitations.
  ///   - title: The checklist's title.
  /// - Throws: ``InviteError`` when a template cannot be read or the table lacks an app the
  ///   association files need.
  public init(templates: URL?, inviter: String, title: String? = nil) throws(InviteError) {
    do {
      pages = try PageRenderer(table: OpenListLink.routeTable, templatesDirectory: templates)
    } catch {
      throw InviteError(.rendering, "cannot load the templates: \(error)")
    }
    do {
      wellKnown = try Self.associationFiles()
    } catch {
      throw InviteError(.rendering, "cannot generate the association files: \(error)")
    }
    self.inviter = inviter
    self.title = title
  }

  /// The invitation of one user.
  ///
  /// - Throws: ``InviteError`` with ``InviteError/Code/invalidInvitee`` when the id or the code
  ///   does not fit, ``InviteError/Code/rendering`` when the text or the QR code cannot be
  ///   made.
  public func invite(_ invitee: Invitee) throws(InviteError) -> Invite {
    guard Self.isValidID(invitee.id) else {
      throw InviteError(
        .invalidInvitee,
        "the user id must be 1 to 64 of A-Z, a-z, 0-9, '_' and '-' (it names the QR file)",
        invitee: invitee.id
      )
    }
    let link = OpenListLink.invite(code: invitee.code, role: invitee.role ?? .viewer)
    let links: LinkSet
    let values: RouteValues
    do {
      links = try link.links
      values = try link.routeValues
    } catch {
      throw InviteError(.invalidInvitee, error.message, invitee: invitee.id)
    }
    var fields = ["inviter": inviter]
    if let title { fields["title"] = title }
    var share: [String: ShareText] = [:]
    do {
      for locale in Self.locales {
        share[locale] = try pages.shareText(for: values, locale: locale, fields: fields)
      }
    } catch {
      throw InviteError(.rendering, "cannot render the share text: \(error)", invitee: invitee.id)
    }
    let png: [UInt8]
    do {
      png = try QRCode(encoding: links.universal).png()
    } catch {
      throw InviteError(.rendering, "cannot make the QR code: \(error)", invitee: invitee.id)
    }
    return Invite(invitee: invitee, link: link, links: links, share: share, qrPNG: png)
  }

  static func isValidID(_ id: String) -> Bool {
    (1...64).contains(id.utf8.count)
      && id.utf8.allSatisfy { byte in
        (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte)
          || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
      }
  }
}
