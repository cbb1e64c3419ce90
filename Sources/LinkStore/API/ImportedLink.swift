public import Foundation

/// A short link brought from another service (Firebase Dynamic Links, Branch, any shortener),
/// kept at its old path: `/AbCd` on the same domain keeps answering at `/AbCd` (and also at
/// `/s/<code>` like any short link).
///
/// ```swift
/// let link = ImportedLink(
///   keptPath: "/AbCd",
///   route: "shared-checklist",
///   arguments: ["id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301"],
///   label: "Spring sale",
///   history: [HistoryCount(platform: "IOS", event: "CLICK", count: 12)]
/// )
/// let report = try await store.importLinks([link], source: "fdl")
/// ```
public struct ImportedLink: Sendable, Hashable {
  /// The old path, `/` and 1–16 segments of `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `.`, `_`, `~`
  /// (case matters, as it did for Firebase). Not one of the server's own paths (`/s/…`,
  /// `/api/…`, `/console/…`, `/.well-known/…`, `/healthz`, `/metrics`) and not a link of the
  /// route table.
  public var keptPath: String
  /// The route its deep link parsed to.
  public var route: String
  /// The route's values as text, checked by the table as `linkgen make` checks them.
  public var arguments: [String: String]
  /// Its name in the old service (FDL's "Link name"), kept as a label.
  public var label: String?
  /// When the old service created it; the time of the import when unknown.
  public var createdAt: Date?
  /// Archived in the old service: imported as expired (it answers with the "no longer
  /// available" page, never a redirect).
  public var isArchived: Bool
  /// The preview's title, description and image, when the importer accepted them.
  public var card: SocialCard?
  /// Its counts before the move (FDL's `getLinkStats`), kept apart from linkgen's own.
  public var history: [HistoryCount]

  /// Creates an imported link.
  public init(
    keptPath: String,
    route: String,
    arguments: [String: String],
    label: String? = nil,
    createdAt: Date? = nil,
    isArchived: Bool = false,
    card: SocialCard? = nil,
    history: [HistoryCount] = []
  ) {
    self.keptPath = keptPath
    self.route = route
    self.arguments = arguments
    self.label = label
    self.createdAt = createdAt
    self.isArchived = isArchived
    self.card = card
    self.history = history
  }
}

/// An imported link's preview text: the Open Graph title, description and image.
public struct SocialCard: Sendable, Hashable {
  /// The title (`og:title`).
  public var title: String?
  /// The description (`og:description`).
  public var description: String?
  /// The image's `https` URL (`og:image`).
  public var imageURL: String?

  /// Creates a card; `nil` when every field is empty.
  public init?(title: String?, description: String?, imageURL: String?) {
    func kept(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
    guard kept(title) != nil || kept(description) != nil || kept(imageURL) != nil else {
      return nil
    }
    self.title = kept(title)
    self.description = kept(description)
    self.imageURL = kept(imageURL)
  }
}

/// One count of a link's history before the move, as the old service reported it: FDL's
/// `getLinkStats` gives a platform (`ANDROID`, `IOS`, `DESKTOP`, `OTHER`) and an event
/// (`CLICK`, `REDIRECT`, `APP_INSTALL`, `APP_FIRST_OPEN`, `APP_RE_OPEN`), kept as it wrote them.
public struct HistoryCount: Sendable, Hashable {
  /// The platform, in the old service's words.
  public var platform: String
  /// The event, in the old service's words.
  public var event: String
  /// The total it reported.
  public var count: Int

  /// Creates a count.
  public init(platform: String, event: String, count: Int) {
    self.platform = platform
    self.event = event
    self.count = count
  }
}

/// How an import runs.
public struct ImportOptions: Sendable, Hashable {
  /// Work everything out, then roll back: the report says what would happen.
  public var dryRun: Bool
  /// Import the rest when some links are refused or conflict (they are reported); otherwise
  /// one such link writes nothing.
  public var skipProblems: Bool

  /// Creates options; by default all or nothing, for real.
  public init(dryRun: Bool = false, skipProblems: Bool = false) {
    self.dryRun = dryRun
    self.skipProblems = skipProblems
  }
}

/// What an import did, or would do.
public struct ImportReport: Sendable, Hashable {
  /// The kept paths of the links created (for a dry run or a refused run: that would have been).
  public var created: [String] = []
  /// The kept paths already imported with the same route and values: left as they are.
  public var unchanged: [String] = []
  /// The links refused: conflicts and invalid ones, with their position in the input.
  public var problems: [ImportProblem] = []
  /// History counts written (new or changed); equal ones are left alone.
  public var historyCounts: Int = 0
  /// Whether the changes were committed (not for a dry run, nor when a problem refused the run).
  public var committed: Bool = false

  /// Creates an empty report.
  public init() {}
}

/// A link an import refused.
public struct ImportProblem: Sendable, Hashable {
  /// Why.
  public enum Kind: String, Sendable, Hashable {
    /// The kept path already holds a different link (here or earlier in the same input); it is
    /// never overwritten.
    case conflict
    /// The path or the values cannot be a short link here.
    case invalid
  }

  /// The link's position in the input, from 0.
  public var index: Int
  /// Its kept path.
  public var keptPath: String
  /// Why it was refused.
  public var kind: Kind
  /// What was wrong, for people.
  public var message: String

  /// Creates a problem.
  public init(index: Int, keptPath: String, kind: Kind, message: String) {
    self.index = index
    self.keptPath = keptPath
    self.kind = kind
    self.message = message
  }
}
