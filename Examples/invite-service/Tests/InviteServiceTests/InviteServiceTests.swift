import Foundation
import InviteService
import LinkKit
import LinkPages
import Testing

/// The service's invitations and responses, and the executable's output, checked end to end:
/// the links parse back into the route, the QR codes decode (with zbarimg) to the link.
struct InviteServiceTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let templates = root.appendingPathComponent("../openlist/templates").standardized
  static let jimin = Invitee(
    id: "jimin",
    name: "지민",
    locale: "ko",
    code: "JIMIN2024",
    role: .editor
  )
  static let ada = Invitee(id: "ada", name: "Ada", locale: "en", code: "ADA001")

  static func service() throws -> InviteService {
    try InviteService(templates: templates, inviter: "Jimin", title: "Groceries")
  }

  @Test func anInvitationHasLinksShareTextInBothLanguagesAndAQRCode() throws {
    let invite = try Self.service().invite(Self.jimin)
    #expect(invite.link == .invite(code: "JIMIN2024", role: .editor))
    #expect(invite.links.universal == "https://openlist.example.com/invite/JIMIN2024?role=editor")
    #expect(invite.links.scheme == "openlist://invite?code=JIMIN2024&role=editor")
    #expect(try OpenListLink(parsing: invite.links.universal) == invite.link)
    #expect(try OpenListLink(parsing: invite.links.scheme) == invite.link)
    let korean = try #require(invite.share["ko"])
    let english = try #require(invite.share["en"])
    #expect(korean.message.contains("Jimin님이 OpenList의 “Groceries”에 초대했습니다. 초대 수락하기:"))
    #expect(english.message.contains("Jimin invited you to work on “Groceries” in OpenList."))
    for share in [korean, english] {
      #expect(share.message.hasSuffix(invite.links.universal))
      #expect(share.sms.text.contains(invite.links.universal))
    }
    #expect(Array(invite.qrPNG.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    if let decoded = try Zbar.decode(invite.qrPNG) {
      #expect(decoded == invite.links.universal)
    }
  }

  @Test(arguments: [
    (
      Invitee(id: "x", name: "X", locale: "en", code: "abc123"),
      "parameter 'code' of route 'invite'"
    ),
    (Invitee(id: "../etc", name: "X", locale: "en", code: "ABC123"), "the user id must be"),
  ])
  func inviteesThatDoNotFitAreRefused(invitee: Invitee, message: String) throws {
    let service = try Self.service()
    do {
      _ = try service.invite(invitee)
      Issue.record("invited \(invitee)")
    } catch {
      #expect(error.code == .invalidInvitee)
      #expect(error.description.contains(message), "\(error)")
    }
  }

  @Test func theServiceAnswersALinkDomainsRequests() throws {
    let service = try Self.service()
    let users = ["jimin": Self.jimin]
    let aasa = service.respond(
      method: "GET",
      path: "/.well-known/apple-app-site-association",
      users: users
    )
    #expect(aasa.status == 200)
    #expect(aasa.headers["Content-Type"] == "application/json")
    #expect(String(decoding: aasa.body, as: UTF8.self).contains("ABCDE12345.com.example.openlist"))
    let assetLinks = service.respond(
      method: "HEAD",
      path: "/.well-known/assetlinks.json",
      users: users
    )
    #expect(String(decoding: assetLinks.body, as: UTF8.self).contains("com.example.openlist"))
    let json = service.respond(method: "GET", path: "/invites/jimin.json?x=1", users: users)
    #expect(json.status == 200)
    let documents = try #require(
      try JSONSerialization.jsonObject(with: Data(json.body)) as? [[String: Any]]
    )
    let links = try #require(documents.first?["links"] as? [String: String])
    #expect(links["universal"] == "https://openlist.example.com/invite/JIMIN2024?role=editor")
    let png = service.respond(method: "GET", path: "/invites/jimin.png", users: users)
    #expect(png.status == 200)
    #expect(png.headers["Content-Type"] == "image/png")
    #expect(service.respond(method: "GET", path: "/invites/ada.png", users: users).status == 404)
    #expect(service.respond(method: "GET", path: "/invites/jimin.gif", users: users).status == 404)
    let post = service.respond(method: "POST", path: "/invites/jimin.png", users: users)
    #expect(post.status == 405)
    #expect(post.headers["Allow"] == "GET, HEAD")
  }

  @Test func theExecutableWritesInvitesQRCodesAndAssociationFiles() throws {
    let out = FileManager.default.temporaryDirectory
      .appendingPathComponent("invite-service-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try Executable.run([
      "--users", Self.root.appendingPathComponent("users.json").path,
      "--out", out.path, "--templates", Self.templates.path, "--inviter", "Jimin",
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == "invite-service: 2 invitations in \(out.path)\n")
    let documents = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("invites.json"))
      )
        as? [[String: Any]]
    )
    #expect(documents.map { $0["user"] as? String } == ["jimin", "ada"])
    let share = try #require(documents.first?["share"] as? [String: [String: String]])
    #expect(share["ko"]?["message"]?.contains("Jimin님이") == true)
    #expect(
      share["en"]?["sms"]?.hasSuffix("https://openlist.example.com/invite/JIMIN2024?role=editor")
        == true
    )
    for (user, link) in [
      ("jimin", "https://openlist.example.com/invite/JIMIN2024?role=editor"),
      ("ada", "https://openlist.example.com/invite/ADA001"),
    ] {
      let png = try Data(contentsOf: out.appendingPathComponent("qr/\(user).png"))
      if let decoded = try Zbar.decode(Array(png)) { #expect(decoded == link) }
    }
    for file in ["apple-app-site-association", "assetlinks.json"] {
      #expect(
        FileManager.default.fileExists(
          atPath: out.appendingPathComponent(".well-known/\(file)").path
        )
      )
    }
  }

  @Test func theExecutableReportsBadInput() throws {
    #expect(try Executable.run([]).status == 64)
    #expect(try Executable.run(["--users", "users.json", "--out", "/tmp/x"]).status == 64)
    #expect(
      try Executable.run([
        "--users", "/nonexistent/users.json", "--out", "/tmp/x", "--templates", "/tmp",
      ]).status == 66
    )
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("invite-service-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let users = directory.appendingPathComponent("users.json")
    try Data(#"[{ "id": "x", "name": "X", "locale": "en", "code": "lower" }]"#.utf8).write(
      to: users
    )
    let result = try Executable.run([
      "--users", users.path, "--out", directory.appendingPathComponent("out").path,
      "--templates", Self.templates.path,
    ])
    #expect(result.status == 65)
    #expect(result.error.contains("x: parameter 'code' of route 'invite'"))
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
  }
}

/// Runs the built `invite-service`, which the test target depends on.
enum Executable {
  struct Result {
    let status: Int32
    let output: String
    let error: String
  }

  static let url: URL = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("invite-service")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return InviteServiceTests.root.appendingPathComponent(".build/debug/invite-service")
  }()

  static func run(_ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self)
    )
  }
}

/// Decodes a QR PNG with zbarimg (Debian's zbar-tools, which .ci/install-packages installs);
/// `nil`, with a note, when it is missing.
enum Zbar {
  static let path: String? = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  static func decode(_ png: [UInt8]) throws -> String? {
    guard let path else {
      Issue.record("zbarimg is not installed (apt-get install zbar-tools): QR codes not decoded")
      return nil
    }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("invite-\(UUID().uuidString).png")
    try Data(png).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["--raw", "-q", file.path]
    process.environment = ["DBUS_SESSION_BUS_ADDRESS": "disabled:"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
  }
}
