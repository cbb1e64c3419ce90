import Foundation
import LinkKit

/// Where every incoming link arrives, whichever way it came (a URL context, a user activity,
/// SwiftUI's `onOpenURL`, a pasted deferred link), and leaves as one decision.
///
/// The UIKit and SwiftUI glue in Glue/ only unwraps the system's objects and calls these
/// methods; ``LinkRouter`` decides. Decisions go to `deliver`, which the app connects to its
/// navigation (the seeds' app sends them through a Combine subject its routers subscribe to).
@MainActor
final class LinkInbox {
  var router: LinkRouter
  private let deliver: @MainActor (LinkDecision) -> Void

  init(router: LinkRouter, deliver: @escaping @MainActor (LinkDecision) -> Void) {
    self.router = router
    self.deliver = deliver
  }

  /// A custom-scheme or universal link the app was opened with.
  func open(_ url: URL) {
    deliver(router.decision(for: url))
  }

  /// A user activity: a universal link arrives as `NSUserActivityTypeBrowsingWeb` with its
  /// `webpageURL`.
  func continueActivity(type: String, webpageURL: URL?) {
    deliver(router.decision(forActivity: type, webpageURL: webpageURL))
  }

  /// Text the user pasted with the paste control; ignored unless it is exactly one link of
  /// this app.
  @discardableResult
  func pasted(_ text: String) -> Bool {
    guard let link = DeferredLinkReader.link(inPasted: text) else { return false }
    deliver(router.decision(for: link))
    return true
  }
}
