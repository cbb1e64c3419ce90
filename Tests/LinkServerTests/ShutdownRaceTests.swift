import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import LinkServer

/// A connection accepted as the server shuts down: hummingbird drops the connection's value
/// without handling it, and the connection becomes active afterwards. The process must go on
/// (it used to stop on NIO's `Deinited NIOAsyncWriter without calling finish()`, seen once in
/// CI as a crash under SIGTERM), and the connection closes cleanly.
@Suite struct ShutdownRaceTests {
  @Test func aConnectionDroppedBeforeItIsActiveDoesNotStopTheProcess() throws {
    let server = try LinkServer(table: Pages.table)
    let security = SecurityHeaders(strictTransportSecurity: nil)
    let limits = ConnectionLimits(
      idleTimeout: .seconds(5),
      headerTimeout: .seconds(5),
      maximumBodySize: 1024,
      security: security
    )
    let link = LinkHTTPChannel(
      responder: { _, _, _ in },
      limits: limits,
      core: server.core,
      shutdown: ShutdownFlag()
    )
    let channel = EmbeddedChannel()
    // The value made for the connection, then dropped, as a server shutting down drops it.
    var value: LinkHTTPChannel.Value? = try link.setup(
      channel: channel,
      logger: Logger(label: "test")
    ).wait()
    #expect(value != nil)
    value = nil
    // Active only now: NIO lets go of the writer here.
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
    #expect(channel.isActive)
    try channel.close().wait()
    #expect(!channel.isActive)
  }
}
