import Foundation
import LinkImport
import LinkKit
import LinkgenTestSupport
import Testing

@Suite struct FirebaseLongLinkTests {
  @Test func placeholder() {}
}
