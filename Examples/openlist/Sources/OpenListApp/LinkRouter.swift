import Foundation
import LinkKit

/// What the app does with an incoming link, decided before anything happens.
enum LinkDecision: Equatable, Sendable {
  /// Show the screen.
  case navigate(Screen)
  /// Show the screen, but let the user confirm first: the link would give the user rights.
  case confirm(Screen, prompt: String)
  /// Ask the user to sign in, then open the link.
  case signIn(then: DeepLink)
  /// Ignore the link (log the code); it is malformed, foreign or not a link of this app.
  case reject(LinkError.Code)
}

/// Turns links into decisions: the part of link handling that UIKit and SwiftUI call, kept
/// free of both so that it builds and is tested everywhere.
///
/// Every link is untrusted input. The strict parser has already refused anything malformed
/// (a wrong host, an extra path segment, a value of the wrong type) by the time a `DeepLink`
/// exists; the router then applies the app's own rules: a link never acts by itself (no link
/// deletes, pays or shares anything), anything that needs an account asks for one, and an
/// invitation that grants editing is confirmed by the user.
struct LinkRouter: Sendable {
  var isSignedIn: Bool

  /// The decision for a typed link. The switch names every route: when the route table gains
  /// one, this stops compiling until the app handles it.
  func decision(for link: DeepLink) -> LinkDecision {
    switch link {
    case .sharedChecklist(let id):
      guard isSignedIn else { return .signIn(then: link) }
      return .navigate(.checklist(id, layout: .list, showDone: false, page: 1))
    case .checklistItem(let list, let item):
      guard isSignedIn else { return .signIn(then: link) }
      return .navigate(.checklistItem(list: list, item: item))
    case .checklist(let list, let layout, let showDone, let page):
      guard isSignedIn else { return .signIn(then: link) }
      return .navigate(.checklist(list, layout: layout, showDone: showDone, page: page))
    case .invite(let code, let role):
      guard isSignedIn else { return .signIn(then: link) }
      let screen = Screen.acceptInvite(code: code, role: role)
      switch role {
      case .viewer: return .navigate(screen)
      case .editor: return .confirm(screen, prompt: "Join this checklist as an editor?")
      }
    case .search(let query, let from):
      return .navigate(.search(query, from: from))
    case .home:
      return .navigate(.home)
    }
  }

  /// The decision for a URL the app was opened with: a custom-scheme link or a universal link.
  func decision(for url: URL) -> LinkDecision {
    do {
      return decision(for: try DeepLink(parsing: url))
    } catch {
      return .reject(error.code)
    }
  }

  /// The decision for a user activity (`scene(_:continue:)`): only web-browsing activities
  /// carry universal links.
  func decision(forActivity type: String, webpageURL: URL?) -> LinkDecision {
    guard type == Self.browsingWeb, let webpageURL else { return .reject(.malformedURL) }
    return decision(for: webpageURL)
  }

  /// `NSUserActivityTypeBrowsingWeb`, which Foundation declares on Apple platforms only.
  static let browsingWeb = "NSUserActivityTypeBrowsingWeb"
}
