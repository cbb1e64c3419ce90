import Foundation
import InviteService

/// `invite-service --users users.json --out DIR --templates DIR [--inviter NAME] [--title T]`
///
/// Writes `invites.json` (each user's links and share text in Korean and English), one QR code
/// per user in `qr/`, and the association files in `.well-known/`. Exit status 64 for a usage
/// error, 65 for a user that cannot be invited, 66 when the users file cannot be read, 73 when
/// the output cannot be written.
@main
enum InviteServiceCommand {
  static let usage = """
    usage: invite-service --users FILE --out DIR --templates DIR [--inviter NAME] [--title TEXT]

    Reads a JSON array of users ({"id", "name", "locale", "code", "role"}) and writes
    DIR/invites.json, DIR/qr/<id>.png and DIR/.well-known/ (apple-app-site-association,
    assetlinks.json). --templates is OpenList's share-text templates (../openlist/templates):
    the route table is embedded in the service, so its relative templates path points nowhere.
    """

  static func main() {
    var options: [String: String] = [:]
    var arguments = CommandLine.arguments.dropFirst()
    while let name = arguments.popFirst() {
      guard ["--users", "--out", "--templates", "--inviter", "--title"].contains(name),
        let value = arguments.popFirst()
      else { fail(64, "unexpected argument '\(name)'\n\(usage)") }
      options[name] = value
    }
    guard let users = options["--users"], let out = options["--out"],
      let templates = options["--templates"]
    else { fail(64, "--users, --out and --templates are required\n\(usage)") }
    guard let data = FileManager.default.contents(atPath: users) else {
      fail(66, "cannot read \(users)")
    }
    let invitees: [Invitee]
    do {
      invitees = try JSONDecoder().decode([Invitee].self, from: data)
    } catch {
      fail(65, "\(users) is not a JSON array of users: \(error)")
    }
    do {
      let service = try InviteService(
        templates: URL(fileURLWithPath: templates, isDirectory: true),
        inviter: options["--inviter"] ?? "OpenList",
        title: options["--title"]
      )
      let invites = try service.write(invitees, to: URL(fileURLWithPath: out, isDirectory: true))
      print("invite-service: \(invites.count) invitations in \(out)")
    } catch let error as InviteError {
      fail(65, error.description)
    } catch {
      fail(73, "cannot write \(out): \(error.localizedDescription)")
    }
  }

  static func fail(_ status: Int32, _ message: String) -> Never {
    FileHandle.standardError.write(Data("invite-service: error: \(message)\n".utf8))
    exit(status)
  }
}
