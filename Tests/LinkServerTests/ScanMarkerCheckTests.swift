import LinkKit
import LinkgenTestSupport
import Testing

@testable import LinkServer

/// The request path's quick look for the scan marker (`ServerCore.mayCarryMarker`): it may say
/// yes to a target without the marker (`removing` then decides), never no to one with it.
struct ScanMarkerCheckTests {
  @Test(arguments: [
    ("/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301?src=qr", true),
    ("/a?src=qr", true),
    ("/a?x=1&src=qr&y=2", true),
    ("/a?src=qrx", true),
    ("/a?xsrc=qr", true),
    ("/src=qr", true),
    ("/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301?qr=png", false),
    ("/a?src=QR", false),
    ("/a?src%3Dqr", false),
    ("/a?src=q", false),
    ("/a?rc=qr", false),
    ("src=qr", true),
    ("", false),
    ("/", false),
  ])
  func quickLook(_ target: String, _ mayCarry: Bool) {
    #expect(ServerCore.mayCarryMarker(target) == mayCarry)
  }

  /// Random targets made of the marker's pieces: whenever `ScanMarker.removing` finds the
  /// marker, the quick look said it may be there; when the look says no, `removing` agrees.
  @Test func neverMissesWhatRemovingFinds() {
    var random = SplitMix64(state: 24)
    let pieces = ["src=qr", "src", "=", "qr", "&", "?", "#", "x", "s", "rc=qr", "src=", "/"]
    var found = 0
    for _ in 0..<20_000 {
      let count = random.below(8)
      let target = "/" + (0..<count).map { _ in pieces[random.below(pieces.count)] }.joined()
      let removed = ScanMarker.removing(from: target)
      if removed != nil { found += 1 }
      #expect(removed == nil || ServerCore.mayCarryMarker(target), "\(target)")
    }
    #expect(found > 100)
  }
}
