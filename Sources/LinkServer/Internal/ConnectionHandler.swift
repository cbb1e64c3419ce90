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

/// One connection's requests, after HTTP parsing:
///
/// - a `GET` or `HEAD` without a body whose answer is held in memory (the association files, a
///   cached page or image, the 404 page) is answered here, on the event loop, as ready bytes
///   (status line and headers prepared once, the `Date` line once a second), unless requests
///   sent before it are still being answered by hummingbird (responses keep their order);
/// - everything else goes on to hummingbird (``LinkResponder``);
/// - a request head must arrive within the header timeout of its first byte, and a connection
///   with nothing in progress closes after the idle timeout;
/// - a body beyond the limit is not passed on, and a response that says `Connection: close`
///   closes the connection once written (so an unread body is never drained);
/// - on graceful shutdown, the connection closes when its last response is written (not
///   before, even to a slow reader);
/// - hummingbird's own responses (its 400 for a malformed request) get the security headers,
///   and that 400 a body that says what was wrong (a limit, or bytes that are not HTTP).
final class ConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  private enum Phase {
    /// No byte of a next request has arrived: the idle timeout runs.
    case waiting
    /// A request's first bytes arrived: the header timeout runs.
    case readingHead
    /// Requests are being answered.
    case busy
  }

  private let limits: ConnectionLimits
  private let core: ServerCore
  /// The first handler's context: writes there go straight to the socket.
  var rawContext: ChannelHandlerContext?

  private var phase = Phase.waiting
  /// When the connection is closed unless something happens first; `nil` while busy.
  private var deadline: NIODeadline?
  private var timer: Scheduled<Void>?
  private var timerAt = NIODeadline.distantFuture

  /// Requests passed to hummingbird whose response has not ended.
  private var forwarded = 0
  /// The rest of a request answered here (its end) is dropped.
  private var swallowing = false
  private var bodyBytes = 0
  private var discardingBody = false
  private var closeAfterResponse = false
  private var quiescing = false
  private var needsFlush = false
  private var dateSecond = -1
  private var dateLine = ByteBuffer()
  /// What the next 400 from hummingbird says: set when the parser fails on a request.
  private var parseProblem: String?
  /// The body to write before the end of the response being written.
  private var pendingBody: ByteBuffer?

  init(limits: ConnectionLimits, core: ServerCore) {
    self.limits = limits
    self.core = core
  }

  // MARK: Requests

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      phase = .busy
      deadline = nil
      if answerFromMemory(head) {
        swallowing = true
        if forwarded == 0 { idle(context) }
        return
      }
      forwarded += 1
      bodyBytes = 0
      discardingBody = false
    case .body(let buffer):
      if swallowing { return }
      bodyBytes += buffer.readableBytes
      if bodyBytes > limits.maximumBodySize && !discardingBody {
        // Nothing past the limit is passed on; the response (413 from the server's own
        // routes) closes the connection, and if none comes in time the timer does.
        discardingBody = true
        closeAfterResponse = true
        setDeadline(.now() + TimeAmount(limits.headerTimeout), context)
      }
      if discardingBody { return }
    case .end:
      if swallowing {
        swallowing = false
        return
      }
      if discardingBody { return }
    }
    context.fireChannelRead(data)
  }

  /// A request the parser refuses: hummingbird answers it with a bare 400 and closes the
  /// connection; ``write(context:data:promise:)`` gives that 400 a body saying why.
  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if let error = error as? HTTPParserError {
      parseProblem =
        error == .headerOverflow
        ? ConnectionLimits.headOverflowText : ConnectionLimits.malformedText
    }
    context.fireErrorCaught(error)
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    if needsFlush {
      needsFlush = false
      rawContext?.flush()
    }
    context.fireChannelReadComplete()
  }

  /// Answers the request here when it is a `GET` or `HEAD` without a body whose answer is
  /// held in memory (the server's, or an extension's for its paths), and nothing sent before
  /// it is still being answered.
  private func answerFromMemory(_ head: HTTPRequestHead) -> Bool {
    guard forwarded == 0, !quiescing, !closeAfterResponse, head.isKeepAlive,
      head.method == .GET || head.method == .HEAD, let raw = rawContext
    else { return false }
    let headers = head.headers
    if headers.contains(name: "transfer-encoding")
      || headers.first(name: "content-length").map({ $0 != "0" }) == true
    {
      return false
    }
    let start = NIODeadline.now()
    let method: HTTPRequest.Method = head.method == .HEAD ? .head : .get
    let userAgent = headers.first(name: "user-agent")
    let canned: CannedResponse
    let endpoint: String
    let route: String?
    var client: ClientClassification?
    var extraLines: [(name: String, value: String)] = []
    if let handler = core.extensions.first(where: { head.uri.hasPrefix($0.prefix) })?.handler {
      let request = MemoryRequest(
        method: method,
        target: head.uri,
        remoteAddress: raw.channel.remoteAddress,
        headers: headers
      )
      guard let answer = handler.answerFromMemory(request, server: core.context) else {
        return false
      }
      (canned, endpoint, route, extraLines) =
        (answer.response, answer.endpoint, answer.route, answer.headers)
    } else {
      guard
        case .ready(let ready, let readyEndpoint, let readyRoute, let readyClient) = core.resolve(
          target: head.uri,
          method: method,
          userAgent: userAgent,
          acceptLanguage: headers.first(name: "accept-language")
        )
      else { return false }
      (canned, endpoint, route, client) = (ready, readyEndpoint, readyRoute, readyClient)
    }
    let variant = canned.variant(method: method, ifNoneMatch: headers.first(name: "if-none-match"))
    raw.write(
      NIOAny(variant == .notModified ? canned.wireNotModifiedPrefix : canned.wirePrefix),
      promise: nil
    )
    if !extraLines.isEmpty {
      var lines = raw.channel.allocator.buffer(capacity: 128)
      for (name, value) in extraLines { lines.writeString("\(name): \(value)\r\n") }
      raw.write(NIOAny(lines), promise: nil)
    }
    raw.write(NIOAny(currentDateLine()), promise: nil)
    if variant == .full { raw.write(NIOAny(canned.body), promise: nil) }
    needsFlush = true
    core.finish(
      method: method,
      target: head.uri,
      requestID: { LogText.token(headers.first(name: "x-request-id")) ?? RequestIDs.next() },
      status: variant == .notModified ? 304 : canned.status.code,
      start: start,
      endpoint: endpoint,
      route: route,
      client: client,
      userAgent: userAgent,
      referrer: headers.first(name: "referer"),
      purpose: PrefetchPurpose.value(of: headers),
      remoteAddress: raw.channel.remoteAddress,
      forwardedFor: headers.combinedValue("x-forwarded-for")
    )
    return true
  }

  /// `Date: <now>` and the blank line that ends the head, made once a second.
  private func currentDateLine() -> ByteBuffer {
    let now = time(nil)
    if now != dateSecond {
      dateSecond = now
      dateLine = ByteBuffer(string: "Date: " + HTTPDate.format(now) + "\r\n\r\n")
    }
    return dateLine
  }

  // MARK: Responses from hummingbird

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head(var head):
      if head.headers.first(name: "connection")?.lowercased() == "close" {
        closeAfterResponse = true
      }
      // Hummingbird's own 400 for the request the parser refused: no body, closing.
      if head.status == .badRequest, head.headers.first(name: "content-length") == "0",
        let problem = parseProblem
      {
        parseProblem = nil
        let body = ByteBuffer(string: problem)
        head.headers.replaceOrAdd(name: "content-type", value: "text/plain; charset=utf-8")
        head.headers.replaceOrAdd(name: "content-length", value: String(body.readableBytes))
        head.headers.replaceOrAdd(name: "cache-control", value: "no-store")
        pendingBody = body
      }
      if head.status.code >= 200 && !head.headers.contains(name: "x-content-type-options") {
        var fields = HTTPFields()
        limits.security.add(
          to: &fields,
          policy: head.headers.first(name: "content-security-policy")
            ?? SecurityHeaders.defaultPolicy
        )
        for field in fields {
          head.headers.replaceOrAdd(name: field.name.rawName, value: field.value)
        }
        context.write(wrapOutboundOut(.head(head)), promise: promise)
        return
      }
      context.write(data, promise: promise)
    case .body:
      context.write(data, promise: promise)
    case .end:
      if let body = pendingBody {
        pendingBody = nil
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
      }
      forwarded -= 1
      guard closeAfterResponse || (quiescing && forwarded == 0) else {
        if forwarded == 0 { idle(context) }
        context.write(data, promise: promise)
        return
      }
      context.write(data, promise: promise)
      closeWhenWritten(context)
    }
  }

  // MARK: Timeouts and closing

  func bytesArrived(context: ChannelHandlerContext) {
    guard phase == .waiting else { return }
    phase = .readingHead
    setDeadline(.now() + TimeAmount(limits.headerTimeout), context)
  }

  private func idle(_ context: ChannelHandlerContext) {
    phase = .waiting
    setDeadline(.now() + TimeAmount(limits.idleTimeout), context)
  }

  /// Moves the deadline. The timer is moved only when the deadline comes before it; a timer
  /// that fires early re-arms itself, so a steady stream of requests costs no timer work.
  private func setDeadline(_ newDeadline: NIODeadline, _ context: ChannelHandlerContext) {
    deadline = newDeadline
    guard timer == nil || newDeadline < timerAt else { return }
    timer?.cancel()
    arm(at: newDeadline, context)
  }

  private func arm(at time: NIODeadline, _ context: ChannelHandlerContext) {
    timerAt = time
    let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
    timer = context.eventLoop.scheduleTask(deadline: time) {
      let (handler, context) = loopBound.value
      handler.timerFired(context)
    }
  }

  private func timerFired(_ context: ChannelHandlerContext) {
    timer = nil
    guard let deadline else { return }
    if deadline <= .now() {
      context.close(promise: nil)
    } else {
      arm(at: deadline, context)
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard event is ChannelShouldQuiesceEvent else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    // Graceful shutdown: close once what is in progress is written.
    quiescing = true
    if forwarded == 0 { closeWhenWritten(context) }
  }

  /// Flushes, and closes the connection once every byte written so far has left.
  private func closeWhenWritten(_ context: ChannelHandlerContext) {
    let target = rawContext ?? context
    let written = context.eventLoop.makePromise(of: Void.self)
    target.writeAndFlush(NIOAny(ByteBuffer()), promise: written)
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    written.futureResult.whenComplete { _ in loopBound.value.close(promise: nil) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
  }

  func channelInactive(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
    context.fireChannelInactive()
  }
}
