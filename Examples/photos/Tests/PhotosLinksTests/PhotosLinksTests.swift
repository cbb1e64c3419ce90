import PhotosLinks
import Testing

/// The checked-in routes work as the plugin's do: the links of the seeds' photo app.
struct PhotosLinksTests {
  @Test func theSeedsLinksRoundTrip() throws {
    let photo = PhotosLink.albumPhoto(albumname: "Vacation", index: 1)
    #expect(try photo.schemeLink == "myphotoapp:Vacation?index=1")
    #expect(
      try photo.universalLink == "https://myphotoapp.example.com/albums?albumname=Vacation&index=1"
    )
    #expect(try PhotosLink(parsing: photo.schemeLink) == photo)
    #expect(try PhotosLink(parsing: photo.universalLink) == photo)
    #expect(
      try photo.links.web == "https://photos.example.com/app/albums?albumname=Vacation&index=1"
    )
  }

  @Test func everyRouteIsHandled() throws {
    for url in ["myphotoapp:shared/abcdefghijklmnop", "myphotoapp:Wedding?index=17"] {
      switch try PhotosLink(parsing: url) {
      case .albumPhoto(let album, let index): #expect(album == "Wedding" && index == 17)
      case .sharedAlbum(let token): #expect(token == "abcdefghijklmnop")
      }
    }
  }
}
