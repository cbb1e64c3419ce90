import Foundation
import LinkKit
import LinkgenTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The app-side Swift code of docs/deferred-links.md, compiled here as part of the tests (the
// test below checks that the document shows exactly this code). The UIKit part is inside
// `#if canImport(UIKit)`: on Linux it is parsed but not type-checked.

// docs/deferred-links.md: begin restorer
/// Restores, once, the link a visitor copied on the landing page before installing the app.
struct DeferredLinkRestorer {
  /// The app's route table: the same linkgen.json the link domain serves, in the app bundle.
  let table: RouteTable
  /// Where the app remembers that it has looked (so it looks once, on the first launch).
  var defaults: UserDefaults = .standard
  /// The short-link path prefix of `linkgen serve` (`/s/` by default).
  var shortLinkPrefix = "/s/"

  static let checkedKey = "linkgen.deferredLinkChecked"

  /// What pasted text turned out to be.
  enum Restored {
    /// A universal link of one of the table's routes: open it.
    case link(ParsedLink)
    /// A short link of the link domain: resolve its code first (``resolve(code:)``).
    case shortLink(code: String)
  }

  /// Whether the app should still offer to restore a link.
  var isPending: Bool { !defaults.bool(forKey: Self.checkedKey) }

  /// Marks the check done without reading anything (nothing to restore, or the user declined).
  func finish() { defaults.set(true, forKey: Self.checkedKey) }

  /// Reads pasted text, once: only a universal link LinkKit's strict parser accepts for one of
  /// the table's routes, or a short link of the table's domains, is restored; anything else
  /// on the clipboard is ignored and not kept.
  func restore(fromPasted text: String) -> Restored? {
    guard isPending else { return nil }
    finish()
    let candidate = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard candidate.utf8.count <= 2048, candidate.hasPrefix("https://") else { return nil }
    if let parsed = try? table.parse(candidate), parsed.kind == .universal {
      return .link(parsed)
    }
    guard let url = URL(string: candidate), let host = url.host,
      table.app.domains.contains(host), url.query == nil, url.fragment == nil,
      url.path.hasPrefix(shortLinkPrefix)
    else { return nil }
    let code = String(url.path.dropFirst(shortLinkPrefix.count))
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
    guard (3...64).contains(code.count), code.allSatisfy(allowed.contains) else { return nil }
    return .shortLink(code: code)
  }

  /// Resolves a short link's code with `GET https://<domain>/api/v1/links/<code>` (public,
  /// rate-limited), then parses the universal link it answers with, as strictly as any link.
  func resolve(code: String) async throws -> ParsedLink {
    struct Answer: Decodable {
      struct Links: Decodable { let universal: String }
      let links: Links
    }
    guard let domain = table.app.domains.first,
      let url = URL(string: "https://\(domain)/api/v1/links/\(code)")
    else { throw URLError(.badURL) }
    let (data, response) = try await URLSession.shared.data(from: url)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else {
      throw URLError(.resourceUnavailable)
    }
    return try table.parse(try JSONDecoder().decode(Answer.self, from: data).links.universal)
  }
}
// docs/deferred-links.md: end

#if canImport(UIKit)
  // docs/deferred-links.md: begin welcome
  import UIKit
  import UniformTypeIdentifiers

  /// The first screen of a fresh install. When the clipboard probably holds a web link, it
  /// shows the system Paste button (`UIPasteControl`): a tap on it pastes without the "Allow
  /// Paste" prompt, and nothing is read without that tap.
  final class WelcomeViewController: UIViewController {
    var restorer: DeferredLinkRestorer
    /// Opens a restored link, as the app opens a universal link.
    var open: (ParsedLink) -> Void

    init(restorer: DeferredLinkRestorer, open: @escaping (ParsedLink) -> Void) {
      self.restorer = restorer
      self.open = open
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not from a storyboard") }

    override func viewDidLoad() {
      super.viewDidLoad()
      guard restorer.isPending else { return }
      // Asks only whether the clipboard looks like it holds a web link: no prompt, no content.
      UIPasteboard.general.detectPatterns(for: [.probableWebURL]) { [weak self] result in
        DispatchQueue.main.async {
          guard let self else { return }
          if case .success(let found) = result, found.contains(.probableWebURL) {
            self.showPasteButton()
          } else {
            self.restorer.finish()
          }
        }
      }
    }

    private func showPasteButton() {
      pasteConfiguration = UIPasteConfiguration(acceptableTypeIdentifiers: [
        UTType.url.identifier, UTType.plainText.identifier,
      ])
      let configuration = UIPasteControl.Configuration()
      configuration.displayMode = .iconAndLabel
      configuration.cornerStyle = .capsule
      let paste = UIPasteControl(configuration: configuration)
      paste.target = self
      paste.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(paste)
      NSLayoutConstraint.activate([
        paste.centerXAnchor.constraint(equalTo: view.centerXAnchor),
        paste.bottomAnchor.constraint(
          equalTo: view.safeAreaLayoutGuide.bottomAnchor,
          constant: -24
        ),
      ])
      // Also offer "Not now", which calls restorer.finish().
    }

    /// What the Paste button delivers, after the user's tap.
    override func paste(itemProviders: [NSItemProvider]) {
      guard let provider = itemProviders.first(where: { $0.canLoadObject(ofClass: String.self) })
      else { return restorer.finish() }
      _ = provider.loadObject(ofClass: String.self) { [weak self] text, _ in
        Task { @MainActor in
          guard let self, let text else { return }
          switch self.restorer.restore(fromPasted: text) {
          case .link(let parsed): self.open(parsed)
          case .shortLink(let code):
            if let parsed = try? await self.restorer.resolve(code: code) { self.open(parsed) }
          case nil: break
          }
        }
      }
    }
  }
// docs/deferred-links.md: end
#endif

/// The document shows this file's code, and the restorer does what the document says.
struct DeferredLinkDocTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The code between each `begin`/`end` pair of markers here, without indentation added by
  /// `#if`, equals a Swift block of docs/deferred-links.md without its import lines.
  @Test func theDocumentShowsTheCompiledCode() throws {
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let document = try String(
      contentsOf: Self.root.appendingPathComponent("docs/deferred-links.md"),
      encoding: .utf8
    )
    let blocks = Markdown.blocks(document, language: "swift").map { block in
      block.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
        .trimmingCharacters(in: .newlines)
    }
    var regions: [String] = []
    var current: [Substring]?
    var indent = 0
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("// docs/deferred-links.md: begin") {
        current = []
        indent = line.count - trimmed.count
      } else if trimmed.hasPrefix("// docs/deferred-links.md: end"), let lines = current {
        let code = lines.filter { !$0.drop { $0 == " " }.hasPrefix("import ") }
          .map { $0.dropFirst(min(indent, $0.prefix { $0 == " " }.count)) }
        regions.append(code.joined(separator: "\n").trimmingCharacters(in: .newlines))
        current = nil
      } else if current != nil {
        current?.append(line)
      }
    }
    #expect(regions.count == 2)
    for region in regions {
      #expect(blocks.contains(region), "docs/deferred-links.md lacks:\n\(region.prefix(300))")
    }
  }

  let table: RouteTable
  let suite = "linkgen-tests-\(UUID().uuidString)"
  let defaults: UserDefaults

  init() throws {
    table = try RouteTable(
      contentsOf: Self.root.appendingPathComponent("Examples/openlist/linkgen.json")
    )
    defaults = try #require(UserDefaults(suiteName: suite))
  }

  /// The universal link the landing page copies is restored, once.
  @Test func theCopiedLinkIsRestoredOnce() throws {
    defer { defaults.removePersistentDomain(forName: suite) }
    let restorer = DeferredLinkRestorer(table: table, defaults: defaults)
    let link = "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    #expect(restorer.isPending)
    guard case .link(let parsed) = restorer.restore(fromPasted: link + "\n") else {
      Issue.record("the link was not restored")
      return
    }
    #expect(parsed.route.name == "shared-checklist")
    #expect(!restorer.isPending)
    #expect(restorer.restore(fromPasted: link) == nil, "restored twice")
  }

  /// A short link of the domain gives its code; anything else on the clipboard (another
  /// site, a custom scheme, a wrong value, text) is ignored, and the check is still done.
  @Test(arguments: [
    ("https://openlist.example.com/s/k7m2xq9rabcd", "k7m2xq9rabcd"),
    ("https://www.openlist.example.com/s/spring-sale", "spring-sale"),
    ("https://evil.example/s/k7m2xq9rabcd", nil),
    ("https://openlist.example.com/s/K7M2", nil),
    ("https://openlist.example.com/s/k7m2xq9rabcd?x=1", nil),
    ("https://openlist.example.com/s/../admin", nil),
    ("openlist://shared-checklists?shared-checklistId=3f2504e0-4f89-11d3-9a0c-0305e82c3301", nil),
    ("https://openlist.example.com/shared-checklists/12345", nil),
    ("my grocery list", nil),
  ])
  func otherTextIsIgnored(_ text: String, _ code: String?) {
    defer { defaults.removePersistentDomain(forName: suite) }
    let restorer = DeferredLinkRestorer(table: table, defaults: defaults)
    switch restorer.restore(fromPasted: text) {
    case .shortLink(let found): #expect(found == code)
    case .link: Issue.record("\(text) restored as a link")
    case nil: #expect(code == nil)
    }
    #expect(!restorer.isPending)
  }
}

extension DeferredLinkRestorer.Restored: Equatable {}
