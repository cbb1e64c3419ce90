import HTTPTypes
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// HTTP/1.1 on a client connection: NIO's HTTP parser with bounded header sizes, then
/// ``ConnectionHandler`` (answers from memory, limits, timeouts, graceful close), then
/// hummingbird for everything else.
struct LinkHTTPChannel: ServerChildChannel, HTTPChannelHandler {
  typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

  let responder: HTTPChannelHandler.Responder
  let limits: ConnectionLimits
  let core: ServerCore
  let shutdown: ShutdownFlag

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    // A connection accepted once shutdown has begun is closed at once: the loop that would
    // take it over may already have ended.
    guard !shutdown.isSet else {
      channel.close(promise: nil)
      return channel.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
    }
    return channel.eventLoop.makeCompletedFuture {
      var decoderLimits = NIOHTTPDecoderLimitConfiguration()
      decoderLimits.maxHeaderFieldSize = ConnectionLimits.maximumHeaderFieldSize
      decoderLimits.maxHeaderListSize = ConnectionLimits.maximumHeaderListSize
      decoderLimits.maxHeaderFieldCount = ConnectionLimits.maximumHeaderFieldCount
      let handler = ConnectionHandler(limits: limits, core: core)
      let pipeline = channel.pipeline.syncOperations
      try pipeline.addHandler(RequestStartWatcher(handler: handler))
      // The parser and the encoder as configureHTTPServerPipeline adds them, but not paired:
      // responses written here bypass the encoder, which must not keep a queue of request
      // methods. (Responses to HEAD carry no body already, on every path.)
      try pipeline.addHandler(HTTPResponseEncoder(configuration: .init()))
      try pipeline.addHandler(
        ByteToMessageHandler(
          HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes, limitConfiguration: decoderLimits)
        )
      )
      try pipeline.addHandler(handler)
      try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
      let value = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
        wrappingChannelSynchronously: channel,
        configuration: .init(isOutboundHalfClosureEnabled: true)
      )
      Self.keepUntilClosed(value)
      return value
    }
  }

  /// Keeps the connection's value (its writer) until the connection has closed. A server that
  /// is shutting down drops a connection it has just accepted without handling it; NIO stops
  /// holding the writer once the connection is active, and a writer let go before it is
  /// finished stops the process (`Deinited NIOAsyncWriter without calling finish()`), in the
  /// middle of a graceful shutdown. Once the connection has closed, NIO has finished the
  /// writer's side itself, so letting go of it then is safe.
  private static func keepUntilClosed(_ value: Value) {
    value.channel.closeFuture.whenComplete { _ in withExtendedLifetime(value) {} }
  }

  func handle(value: Value, logger: Logger) async {
    // The connection's requests run on its event loop's thread: no hop to Swift's global
    // executor and back for each request (the responses are ready or quick to make).
    await withTaskExecutorPreference(EventLoopTaskExecutor(value.channel.eventLoop)) {
      await handleHTTP(asyncChannel: value, logger: logger)
    }
  }
}
