import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// The limits on one client connection.
struct ConnectionLimits: Sendable {
  /// The longest request line (the target, mostly) and header line: 8 KiB, the parser's own
  /// limit on a link. Longer requests get 400 and the connection is closed.
  static let maximumHeaderFieldSize = 8192
  /// The most bytes of all header lines together.
  static let maximumHeaderListSize = 32 * 1024
  /// The most header lines.
  static let maximumHeaderFieldCount = 100

  var idleTimeout: Duration
  var headerTimeout: Duration
  /// The most body bytes read from one request before the connection is closed.
  var maximumBodySize: Int
  var security: SecurityHeaders
}

/// HTTP/1.1 on a client connection, as hummingbird's `HTTP1Channel` with linkgen's limits:
/// header sizes bounded, a header-read deadline from a request's first byte, an idle timeout,
/// a connection closed after any response that says `Connection: close` (so an unread body
/// is never drained), and the default security headers added to any response that lacks them
/// (hummingbird's own 400 for a malformed request).
struct LinkHTTPChannel: ServerChildChannel, HTTPChannelHandler {
  typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

  let responder: HTTPChannelHandler.Responder
  let limits: ConnectionLimits

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    channel.eventLoop.makeCompletedFuture {
      var decoderLimits = NIOHTTPDecoderLimitConfiguration()
      decoderLimits.maxHeaderFieldSize = ConnectionLimits.maximumHeaderFieldSize
      decoderLimits.maxHeaderListSize = ConnectionLimits.maximumHeaderListSize
      decoderLimits.maxHeaderFieldCount = ConnectionLimits.maximumHeaderFieldCount
      let guardian = ConnectionGuard(limits: limits)
      let pipeline = channel.pipeline.syncOperations
      try pipeline.addHandler(RequestStartWatcher(guardian: guardian))
      try pipeline.configureHTTPServerPipeline(
        withPipeliningAssistance: false,
        withErrorHandling: false,
        withOutboundHeaderValidation: false,
        withEncoderConfiguration: .init(),
        withDecoderLimitConfiguration: decoderLimits
      )
      try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
      try pipeline.addHandler(guardian)
      try pipeline.addHandler(
        HTTPConnectionStateHandler(idleTimeout: limits.idleTimeout, logger: logger)
      )
      return try NIOAsyncChannel(
        wrappingChannelSynchronously: channel,
        configuration: .init(isOutboundHalfClosureEnabled: true)
      )
    }
  }

  func handle(value: Value, logger: Logger) async {
    // The connection's requests run on its event loop's thread: no hop to Swift's global
    // executor and back for every request (the responses are ready or quick to make).
    await withTaskExecutorPreference(EventLoopTaskExecutor(value.channel.eventLoop)) {
      await handleHTTP(asyncChannel: value, logger: logger)
    }
  }
}

/// Runs Swift tasks on a NIO event loop's thread.
final class EventLoopTaskExecutor: TaskExecutor {
  let eventLoop: any EventLoop

  init(_ eventLoop: any EventLoop) {
    self.eventLoop = eventLoop
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    eventLoop.execute { job.runSynchronously(on: executor) }
  }
}

/// Sees a connection's raw bytes: the first byte of a request starts the header deadline of
/// its ``ConnectionGuard``.
final class RequestStartWatcher: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private let guardian: ConnectionGuard

  init(guardian: ConnectionGuard) {
    self.guardian = guardian
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guardian.bytesArrived(context: context)
    context.fireChannelRead(data)
  }
}

/// Sees a connection's requests and responses (after HTTP parsing): enforces the header
/// deadline and the body limit, closes the connection after a `Connection: close` response,
/// and adds the default security headers to responses that lack them.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  private enum Phase {
    /// No byte of a next request has arrived.
    case waiting
    /// A request's first bytes arrived; its head must complete before the deadline.
    case readingHead
    /// Requests are being answered.
    case busy
  }

  private let limits: ConnectionLimits
  private var phase = Phase.waiting
  private var deadline: Scheduled<Void>?
  /// Requests whose head arrived and whose response has not ended.
  private var pending = 0
  private var bodyBytes = 0
  private var discardingBody = false
  private var closeAfterResponse = false

  init(limits: ConnectionLimits) {
    self.limits = limits
  }

  func bytesArrived(context: ChannelHandlerContext) {
    guard phase == .waiting else { return }
    phase = .readingHead
    scheduleClose(context, after: limits.headerTimeout)
  }

  private func scheduleClose(_ context: ChannelHandlerContext, after delay: Duration) {
    deadline?.cancel()
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    deadline = context.eventLoop.scheduleTask(in: TimeAmount(delay)) {
      loopBound.value.close(promise: nil)
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head:
      deadline?.cancel()
      deadline = nil
      phase = .busy
      pending += 1
      bodyBytes = 0
      discardingBody = false
    case .body(let buffer):
      bodyBytes += buffer.readableBytes
      if bodyBytes > limits.maximumBodySize && !discardingBody {
        // Nothing past the limit is passed on; the response (413 from the server's own
        // routes) closes the connection, and if none comes in time the deadline does.
        discardingBody = true
        closeAfterResponse = true
        scheduleClose(context, after: limits.headerTimeout)
      }
      if discardingBody { return }
    case .end:
      if discardingBody { return }
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head(var head):
      if head.headerFields[.connection] == "close" { closeAfterResponse = true }
      guard (200...).contains(head.status.code), head.headerFields[.xContentTypeOptions] == nil
      else {
        context.write(data, promise: promise)
        return
      }
      limits.security.addIfMissing(to: &head.headerFields)
      context.write(wrapOutboundOut(.head(head)), promise: promise)
    case .body:
      context.write(data, promise: promise)
    case .end:
      pending -= 1
      guard closeAfterResponse else {
        if pending == 0 { phase = .waiting }
        context.write(data, promise: promise)
        return
      }
      let written = context.eventLoop.makePromise(of: Void.self)
      context.writeAndFlush(data, promise: written)
      let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
      written.futureResult.whenComplete { result in
        loopBound.value.close(promise: nil)
        promise?.completeWith(result)
      }
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
  }

  func channelInactive(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
    context.fireChannelInactive()
  }
}
