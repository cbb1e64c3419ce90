import Foundation
import LinkKit
import LinkTargetTestSupport
import Testing

/// The routes LinkgenPlugin generates from Examples/photos/linkgen.json: the opaque scheme form
/// (`myphotoapp:{albumname}?index=…`), a web base, free text in a path.
struct PhotosLinkTests {
  static let table: RouteTable = {
    do { return try RoundTrip.table() } catch { fatalError("\(error)") }
  }()

  @Test func theSeedsLinksParse() throws {
    #expect(
      try PhotosLink(parsing: "myphotoapp:Vacation?index=1")
        == .albumPhoto(albumname: "Vacation", index: 1)
    )
    #expect(
      try PhotosLink(parsing: "https://myphotoapp.example.com/albums?albumname=wedding&index=17")
        == .albumPhoto(albumname: "wedding", index: 17)
    )
    let album = PhotosLink.albumPhoto(albumname: "여름 휴가", index: 0)
    #expect(
      try album.schemeLink == "myphotoapp:%EC%97%AC%EB%A6%84%20%ED%9C%B4%EA%B0%80?index=0"
    )
    #expect(
      try album.links.web
        == "https://photos.example.com/app/albums?albumname=%EC%97%AC%EB%A6%84%20%ED%9C%B4%EA%B0%80&index=0"
    )
  }

  @Test func everyRouteRoundTrips() throws {
    var random = SeededGenerator(seed: 6)
    let tokenCharacters = Array(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
    )
    var samples: [PhotosLink] = []
    for _ in 0..<200 {
      var album = random.text(SeededGenerator.hostileText, length: 1...100)
      if album == "." || album == ".." { album = "album" }
      samples.append(
        .albumPhoto(albumname: album, index: Int.random(in: 0...Int.max, using: &random))
      )
      samples.append(.sharedAlbum(token: random.text(tokenCharacters, length: 16...64)))
    }
    RoundTrip.checkCoverage(samples)
    for sample in samples { try RoundTrip.check(sample, table: Self.table) }
  }

  static func title(for link: PhotosLink) -> String {
    switch link {
    case .albumPhoto(let album, let index): "photo \(index) of \(album)"
    case .sharedAlbum(let token): "shared album \(token.prefix(4))…"
    }
  }

  @Test func anExhaustiveSwitchRoutesEveryLink() throws {
    let link = try PhotosLink(parsing: "myphotoapp:shared/abcdefghijklmnop")
    #expect(Self.title(for: link) == "shared album abcd…")
  }

  @Test func aSlashCannotEnterThePath() {
    do {
      _ = try PhotosLink.albumPhoto(albumname: "a/b", index: 1).schemeLink
      Issue.record("built a link with '/' in a path segment")
    } catch {
      #expect(error.code == .invalidValue)
    }
  }
}
