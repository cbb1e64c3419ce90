import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A loopback TCP proxy in front of the test PostgreSQL server, which a test can take down
/// (closing every connection, refusing new ones) and bring back on the same port: the database
/// "goes away" for this test's store only, without disturbing tests running beside it.
public final class TCPProxy: Sendable {
  /// The server's host.
  public let upstreamHost: String
  /// The server's port.
  public let upstreamPort: Int
  /// A thread of its own, so that the proxy keeps relaying however busy the shared loops are.
  private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
  private let state = NIOLockedValueBox<(listener: (any Channel)?, children: [any Channel])>(
    (nil, [])
  )
  private let portBox = NIOLockedValueBox(0)

  /// A proxy to the server; ``start()`` opens it.
  public init(upstreamHost: String, upstreamPort: Int) {
    self.upstreamHost = upstreamHost
    self.upstreamPort = upstreamPort
  }

  /// The port it listens on (chosen at the first start, kept after).
  public var port: Int { portBox.withLockedValue { $0 } }

  /// Starts listening (on the same port as before, after a stop).
  public func start() async throws {
    let upstreamHost = upstreamHost
    let upstreamPort = upstreamPort
    let group = group
    let listener = try await ServerBootstrap(group: group)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelOption(.autoRead, value: false)
      .childChannelInitializer { [state] inbound in
        state.withLockedValue { $0.children.append(inbound) }
        return ClientBootstrap(group: inbound.eventLoop)
          .connect(host: upstreamHost, port: upstreamPort)
          .flatMap { outbound in
            state.withLockedValue { $0.children.append(outbound) }
            return inbound.pipeline.addHandler(Relay(partner: outbound)).flatMap {
              outbound.pipeline.addHandler(Relay(partner: inbound))
            }.flatMap {
              inbound.setOption(.autoRead, value: true)
            }
          }
      }
      .bind(host: "127.0.0.1", port: port).get()
    portBox.withLockedValue { $0 = listener.localAddress?.port ?? 0 }
    state.withLockedValue { $0.listener = listener }
  }

  /// Stops listening and cuts every open connection.
  public func stop() async {
    let (listener, children) = state.withLockedValue { state in
      defer { state = (nil, []) }
      return (state.listener, state.children)
    }
    try? await listener?.close()
    for child in children { try? await child.close() }
  }

  /// Copies bytes to the other side; closes it when this side closes.
  private final class Relay: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    let partner: any Channel

    init(partner: any Channel) {
      self.partner = partner
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      partner.writeAndFlush(unwrapInboundIn(data), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
      partner.close(promise: nil)
      context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
      context.close(promise: nil)
    }
  }
}
