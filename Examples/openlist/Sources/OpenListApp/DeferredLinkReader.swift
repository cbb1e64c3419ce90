import Foundation
import LinkKit

/// Reads a deferred link: the universal link a user copied on the web before installing the
/// app, read once from the pasteboard after the first launch, when the user taps a
/// `UIPasteControl` (which reads without the paste prompt, and only on that tap).
///
/// Pasted text is untrusted: only text that is, once trimmed, exactly one link of this app
/// (the strict parser accepts it whole) is taken; anything else is ignored, never searched for
/// something that looks like a link.
struct DeferredLinkReader: Sendable {
  /// Whether the app should offer the paste control: on the first launches, until a link has
  /// been handled or the user has dismissed it.
  static func shouldOffer(launchCount: Int, handledLink: Bool, dismissed: Bool) -> Bool {
    launchCount <= 3 && !handledLink && !dismissed
  }

  /// The link in pasted text, or `nil` when the text is anything but one link of this app.
  static func link(inPasted text: String) -> DeepLink? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.utf8.count <= 2048 else { return nil }
    return try? DeepLink(parsing: trimmed)
  }
}
