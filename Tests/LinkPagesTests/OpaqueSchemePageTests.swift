import LinkKit
import LinkgenTestSupport
import Testing

@testable import LinkPages

/// A table whose scheme template is in the opaque form (`myphotoapp:{albumname}`, the photos
/// example) has `intent:` links without `//` (`intent:summer?index=1#Intent;scheme=…`). Its
/// landing pages render for every client, with the Android button pinned to the app.
@Suite struct OpaqueSchemePageTests {
  @Test(arguments: PageAuditTests.Variant.allCases)
  func everyVariantOfAnOpaqueSchemeTableRenders(_ variant: PageAuditTests.Variant) throws {
    let table = try RouteTable(contentsOf: PackagePaths.example("photos"))
    for locale in PageAuditTests.locales {
      let html = try PageAuditTests.render(
        variant,
        locale: locale,
        table: table,
        route: "album-photo",
        arguments: ["albumname": "summer", "index": "1"]
      )
      #expect(html.contains("https://myphotoapp.example.com/albums?albumname=summer&amp;index=1"))
      if variant == .android {
        #expect(
          html.contains(
            "intent:summer?index=1#Intent;scheme=myphotoapp;package=com.example.myphotoapp;"
          ),
          "\(variant) \(locale)"
        )
      }
    }
  }
}
