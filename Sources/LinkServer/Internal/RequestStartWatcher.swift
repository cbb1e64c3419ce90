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

/// The first handler of a connection: sees its raw bytes (the first byte of a request starts
/// the header deadline) and gives ``ConnectionHandler`` a way to write bytes straight to the
/// socket.
final class RequestStartWatcher: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private let handler: ConnectionHandler

  init(handler: ConnectionHandler) {
    self.handler = handler
  }

  func handlerAdded(context: ChannelHandlerContext) {
    handler.rawContext = context
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    handler.rawContext = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    handler.bytesArrived(context: context)
    context.fireChannelRead(data)
  }
}
