import Foundation
import LinkKit
import Testing

@testable import OpenListApp

/// The app's link handling, without UIKit: every entry point ends in one decision.
@MainActor
struct LinkRouterTests {
  static let id = UUID(
    uuid: (
      0x3F, 0x25, 0x04, 0xE0, 0x4F, 0x89, 0x11, 0xD3, 0x9A, 0x0C, 0x03, 0x05, 0xE8, 0x2C, 0x33, 0x01
    )
  )

  func decisions(signedIn: Bool = true, _ body: (LinkInbox) -> Void) -> [LinkDecision] {
    var decisions: [LinkDecision] = []
    let inbox = LinkInbox(router: LinkRouter(isSignedIn: signedIn)) { decisions.append($0) }
    body(inbox)
    return decisions
  }

  @Test func bothKindsOfInviteLinkOpenTheSameScreen() throws {
    let links = [
      "openlist://shared-checklists?shared-checklistId=3f2504e0-4f89-11d3-9a0c-0305e82c3301",
      "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301",
    ]
    let result = decisions { inbox in
      if let url = URL(string: links[0]) { inbox.open(url) }
      inbox.continueActivity(
        type: LinkRouter.browsingWeb,
        webpageURL: URL(string: links[1])
      )
    }
    let screen = Screen.checklist(Self.id, layout: .list, showDone: false, page: 1)
    #expect(result == [.navigate(screen), .navigate(screen)])
  }

  @Test func linksThatNeedAnAccountAskForOne() {
    let link = DeepLink.checklistItem(list: Self.id, item: 3)
    #expect(LinkRouter(isSignedIn: false).decision(for: link) == .signIn(then: link))
    #expect(
      LinkRouter(isSignedIn: false).decision(for: .search(query: "milk"))
        == .navigate(.search("milk", from: nil))
    )
  }

  @Test func anInvitationToEditIsConfirmedFirst() {
    let router = LinkRouter(isSignedIn: true)
    #expect(
      router.decision(for: .invite(code: "ABC123", role: .editor))
        == .confirm(
          .acceptInvite(code: "ABC123", role: .editor),
          prompt: "Join this checklist as an editor?"
        )
    )
    #expect(
      router.decision(for: .invite(code: "ABC123"))
        == .navigate(.acceptInvite(code: "ABC123", role: .viewer))
    )
  }

  @Test(arguments: [
    ("openlist://shared-checklists?shared-checklistId=not-a-uuid", LinkError.Code.invalidValue),
    (
      "https://evil.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301",
      .hostNotAllowed
    ),
    ("https://openlist.example.com/account/delete", .noMatchingRoute),
    ("otherapp://invite?code=ABC123", .unknownScheme),
    ("openlist://invite?code=ABC123&role=owner", .invalidValue),
  ])
  func malformedAndForeignLinksAreRejected(url: String, code: LinkError.Code) throws {
    let url = try #require(URL(string: url))
    #expect(LinkRouter(isSignedIn: true).decision(for: url) == .reject(code))
  }

  @Test func onlyBrowsingActivitiesCarryLinks() {
    let url = URL(string: "https://openlist.example.com/")
    let router = LinkRouter(isSignedIn: true)
    #expect(
      router.decision(forActivity: "com.example.openlist.edit", webpageURL: url)
        == .reject(.malformedURL)
    )
    #expect(
      router.decision(forActivity: LinkRouter.browsingWeb, webpageURL: nil)
        == .reject(.malformedURL)
    )
    #expect(
      router.decision(forActivity: LinkRouter.browsingWeb, webpageURL: url) == .navigate(.home)
    )
  }

  @Test func aPastedDeferredLinkIsTakenOnlyWhenItIsExactlyOneOfOurLinks() {
    let link = "https://openlist.example.com/invite/ABC123?role=editor"
    let taken = decisions { inbox in
      #expect(inbox.pasted("  \(link)\n"))
      #expect(!inbox.pasted("Look at this: \(link)"))
      #expect(!inbox.pasted("https://evil.example.com/invite/ABC123"))
      #expect(!inbox.pasted(String(repeating: "a", count: 5000)))
      #expect(!inbox.pasted(""))
    }
    #expect(taken.count == 1)
    #expect(DeferredLinkReader.link(inPasted: link) == .invite(code: "ABC123", role: .editor))
  }

  @Test func thePasteControlIsOfferedOnlyEarlyAndOnce() {
    #expect(DeferredLinkReader.shouldOffer(launchCount: 1, handledLink: false, dismissed: false))
    #expect(!DeferredLinkReader.shouldOffer(launchCount: 1, handledLink: true, dismissed: false))
    #expect(!DeferredLinkReader.shouldOffer(launchCount: 1, handledLink: false, dismissed: true))
    #expect(!DeferredLinkReader.shouldOffer(launchCount: 4, handledLink: false, dismissed: false))
  }
}
