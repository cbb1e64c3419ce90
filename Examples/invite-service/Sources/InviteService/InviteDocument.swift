public import Foundation
import LinkKit
import LinkPages

/// An invitation as the service writes it in JSON: the links, the share text by locale and
/// where the QR code is.
struct InviteDocument: Encodable {
  struct Share: Encodable {
    let message: String
    let emailSubject: String
    let sms: String
  }

  let user: String
  let name: String
  let locale: String
  let links: [String: String]
  let share: [String: Share]
  let qr: String?

  init(_ invite: Invite, qrFile: String?) {
    user = invite.invitee.id
    name = invite.invitee.name
    locale = invite.invitee.locale
    var links: [String: String] = [:]
    for key in LinkSet.Key.allCases {
      if let link = invite.links[key] { links[key.rawValue] = link }
    }
    self.links = links
    share = invite.share.mapValues {
      Share(message: $0.message, emailSubject: $0.emailSubject, sms: $0.sms.text)
    }
    qr = qrFile
  }

  /// Pretty JSON with sorted keys, so the same invitations give the same bytes.
  static func json(_ documents: [InviteDocument]) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(documents)) + [UInt8(ascii: "\n")]
  }
}

extension InviteService {
  /// Writes the invitations of `invitees` into `directory`: `invites.json`, one QR code per
  /// user in `qr/<user>.png`, and the association files in `.well-known/`, ready to serve.
  ///
  /// - Returns: The invitations.
  /// - Throws: ``InviteError`` for an invitee that cannot be invited (nothing is written
  ///   then), or the file system's error.
  @discardableResult
  public func write(_ invitees: [Invitee], to directory: URL) throws -> [Invite] {
    var invites: [Invite] = []
    for invitee in invitees { invites.append(try invite(invitee)) }
    let manager = FileManager.default
    let qr = directory.appendingPathComponent("qr")
    let wellKnown = directory.appendingPathComponent(".well-known")
    try manager.createDirectory(at: qr, withIntermediateDirectories: true)
    try manager.createDirectory(at: wellKnown, withIntermediateDirectories: true)
    var documents: [InviteDocument] = []
    for invite in invites {
      let file = "qr/\(invite.invitee.id).png"
      try Data(invite.qrPNG).write(to: directory.appendingPathComponent(file), options: .atomic)
      documents.append(InviteDocument(invite, qrFile: file))
    }
    try Data(InviteDocument.json(documents)).write(
      to: directory.appendingPathComponent("invites.json"),
      options: .atomic
    )
    for (name, text) in self.wellKnown.sorted(by: { $0.key < $1.key }) {
      try Data(text.utf8).write(to: wellKnown.appendingPathComponent(name), options: .atomic)
    }
    return invites
  }
}
