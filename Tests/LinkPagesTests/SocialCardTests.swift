import Foundation
import LinkKit
import LinkgenTestSupport
import Testing

@testable import LinkPages

/// A link's own social card (a Firebase long link's `st`, `sd`, `si`) replaces the title,
/// description and image of the Open Graph and X/Twitter tags, escaped like every value, and
/// nothing else of the page.
@Suite(
  .blockingWork,
  .enabled(if: ParsedHTML.python != nil, "python3 is not on the PATH; skipping")
)
struct SocialCardTests {
  let table: RouteTable
  let values: RouteValues
  let renderer: PageRenderer

  init() throws {
    table = try Fixtures.openlist()
    values = try Fixtures.values(table)
    renderer = try PageRenderer(table: table)
  }

  static let image = "https://cdn.example.com/cards/groceries.png?w=1200&h=630"

  /// Every hostile value as the card's title and description lands, as text, in `og:title`,
  /// `og:description`, `twitter:title` and `twitter:description` of the crawler's card and of
  /// the landing page, and the card's image in `og:image` with its `&` escaped (without the
  /// table's `og:image:alt`); the page's visible title stays its own, and the markup keeps its
  /// shape.
  @Test func theCardLandsInTheOpenGraphTagsEscaped() throws {
    var pages: [String] = []
    var cards: [SocialCard] = []
    for value in Hostile.values {
      let card = SocialCard(title: value, description: "About " + value, image: Self.image)
      cards.append(card)
      pages.append(try renderer.previewCard(for: values, card: card).html)
      cards.append(card)
      pages.append(try renderer.servedLandingPage(for: values, platform: .ios, card: card).html)
    }
    let plain = try ParsedHTML.parse([
      try renderer.servedLandingPage(for: values, platform: .ios).html
    ])[0]
    for (page, card) in zip(try ParsedHTML.parse(pages), cards) {
      let title = PlainText.clean(try #require(card.title))
      let description = PlainText.clean(try #require(card.description))
      #expect(page.meta("og:title") == [title])
      #expect(page.meta("twitter:title") == [title])
      #expect(page.meta("og:description") == [description])
      #expect(page.meta("twitter:description") == [description])
      #expect(page.meta("og:image") == [Self.image])
      #expect(page.meta("og:image:alt").isEmpty)
      #expect(page.meta("twitter:card") == ["summary_large_image"])
      #expect(page.elements("script").allSatisfy { $0.attribute("type") != nil })
    }
    let raw = try renderer.previewCard(for: values, card: SocialCard(image: Self.image)).html
    #expect(
      raw.contains(
        #"<meta property="og:image" content="\#(Self.image.replacing("&", with: "&amp;"))">"#
      )
    )
    let landing = try ParsedHTML.parse([pages[1]])[0]
    #expect(landing.elements("title").map(\.text) == plain.elements("title").map(\.text))
    #expect(landing.element(id: "title")?.text == plain.element(id: "title")?.text)
    // The same markup, less the table's image alt text (it describes another image).
    #expect(
      landing.elements.map(\.shape)
        == plain.elements.filter { $0.attribute("property") != "og:image:alt" }.map(\.shape)
    )
  }

  /// No card, or an empty one, gives the page byte for byte; a card with a title only keeps
  /// the page's description and image.
  @Test func anAbsentOrEmptyCardKeepsThePagesOwnTags() throws {
    let page = try renderer.previewCard(for: values).html
    #expect(try renderer.previewCard(for: values, card: SocialCard()).html == page)
    #expect(
      try renderer.previewCard(for: values, card: SocialCard(title: " \u{200B}", image: "")).html
        == page
    )
    let parsed = try ParsedHTML.parse([
      page, try renderer.previewCard(for: values, card: SocialCard(title: "Groceries")).html,
    ])
    #expect(parsed[1].meta("og:title") == ["Groceries"])
    #expect(parsed[1].meta("og:description") == parsed[0].meta("og:description"))
    #expect(parsed[1].meta("og:image") == parsed[0].meta("og:image"))
    #expect(parsed[1].meta("og:image:alt") == parsed[0].meta("og:image:alt"))
  }

  /// A card image that is not a plain https URL is refused with `unsafeURL`, naming it.
  @Test(arguments: [
    "javascript:alert(1)", "http://cdn.example.com/a.png", "https://user@cdn.example.com/a.png",
    "https://cdn.example.com/a.png\"><script>", "//cdn.example.com/a.png",
  ])
  func aCardImageOutsideThePolicyIsRefused(_ image: String) throws {
    #expect {
      try renderer.previewCard(for: values, card: SocialCard(image: image))
    } throws: { error in
      guard let error = error as? PageError else { return false }
      return error.code == .unsafeURL && error.message.contains("card image")
    }
  }
}
