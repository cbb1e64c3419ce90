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
///   cached page or image, the 404 page) or quick to make (a page or image not in the cache:
///   a plan filled, a code encoded) is answered here, on the event loop, as ready bytes
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

  private let limits: ConnectionLimits
  private let core: ServerCore
  /// The first handler's context: writes there go straight to the socket.
  var rawContext: ChannelHandlerContext?

  /// The connection's rules: what each event means, decided without I/O.
  private var state: ConnectionState
  private var timer: Scheduled<Void>?
  private var needsFlush = false
  private var dateSecond = -1
  private var dateLine = ByteBuffer()
  /// The body to write before the end of the response being written.
  private var pendingBody: ByteBuffer?

  init(limits: ConnectionLimits, core: ServerCore) {
    self.limits = limits
    self.core = core
    state = ConnectionState(
      idleTimeout: limits.idleTimeout,
      headerTimeout: limits.headerTimeout,
      maximumBodySize: limits.maximumBodySize
    )
  }

  // MARK: Requests

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let action: ConnectionState.PartAction
    switch unwrapInboundIn(data) {
    case .head(let head):
      state.headArrived()
      if state.mayAnswerFromMemory, answerFromMemory(head) {
        apply(state.answeredFromMemory(now: .now()), context)
        return
      }
      state.forwardedHead()
      action = .pass
    case .body(let buffer):
      let timerAction: ConnectionState.TimerAction
      (action, timerAction) = state.bodyArrived(bytes: buffer.readableBytes, now: .now())
      apply(timerAction, context)
    case .end:
      action = state.endArrived()
    }
    if action == .pass { context.fireChannelRead(data) }
  }

  /// A request the parser refuses: hummingbird answers it with a bare 400 and closes the
  /// connection; ``write(context:data:promise:)`` gives that 400 a body saying why.
  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if let error = error as? HTTPParserError {
      state.parserFailed(headOverflow: error == .headerOverflow)
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

  /// An answer held in memory, and what the access log and the observers are told of it.
  private struct MemoryAnswer {
    var response: CannedResponse
    var endpoint: String
    var route: String?
    var client: ClientClassification?
    var extraLines: [(name: String, value: String)] = []
  }

  /// Answers the request here when it is a `GET` or `HEAD` without a body whose answer is
  /// held in memory (the server's, or an extension's for its paths); the caller has checked
  /// that the connection allows it (``ConnectionState/mayAnswerFromMemory``).
  private func answerFromMemory(_ head: HTTPRequestHead) -> Bool {
    guard head.isKeepAlive, head.method == .GET || head.method == .HEAD, let raw = rawContext
    else { return false }
    let headers = head.headers
    if headers.contains(name: "transfer-encoding")
      || headers.first(name: "content-length").map({ $0 != "0" }) == true
    {
      return false
    }
    let start = NIODeadline.now()
    let method: HTTPRequest.Method = head.method == .HEAD ? .head : .get
    guard let answer = memoryAnswer(head, method: method, raw: raw) else { return false }
    let status = write(answer, method: method, headers: headers, to: raw)
    core.finish(
      method: method,
      target: head.uri,
      requestID: { LogText.token(headers.first(name: "x-request-id")) ?? RequestIDs.next() },
      status: status,
      start: start,
      endpoint: answer.endpoint,
      route: answer.route,
      client: answer.client,
      userAgent: headers.first(name: "user-agent"),
      referrer: headers.first(name: "referer"),
      purpose: PrefetchPurpose.value(of: headers),
      remoteAddress: raw.channel.remoteAddress,
      forwardedFor: headers.combinedValue("x-forwarded-for")
    )
    return true
  }

  /// The answer held in memory for the request: an extension's for its paths, else the
  /// server's (an association file, a cached page or image, the 404 page); `nil` when the
  /// request needs hummingbird.
  private func memoryAnswer(
    _ head: HTTPRequestHead,
    method: HTTPRequest.Method,
    raw: ChannelHandlerContext
  ) -> MemoryAnswer? {
    let headers = head.headers
    if let handler = core.extensions.first(where: { head.uri.hasPrefix($0.prefix) })?.handler {
      let request = MemoryRequest(
        method: method,
        target: head.uri,
        remoteAddress: raw.channel.remoteAddress,
        headers: headers
      )
      return handler.answerFromMemory(request, server: core.context).map {
        MemoryAnswer(
          response: $0.response,
          endpoint: $0.endpoint,
          route: $0.route,
          extraLines: $0.headers
        )
      }
    }
    // A page or an image not in the cache is made here too (a plan filled, a code encoded):
    // the request never goes through hummingbird's task, and is resolved once.
    let resolution = core.resolve(
      target: head.uri,
      method: method,
      userAgent: headers.first(name: "user-agent"),
      acceptLanguage: headers.first(name: "accept-language")
    )
    guard case .ready(let response, let endpoint, let route, let client) = core.make(resolution)
    else { return nil }
    return MemoryAnswer(response: response, endpoint: endpoint, route: route, client: client)
  }

  /// Writes the answer's ready bytes straight to the socket (flushed at the end of the read);
  /// returns the status sent (304 when `If-None-Match` matches).
  private func write(
    _ answer: MemoryAnswer,
    method: HTTPRequest.Method,
    headers: HTTPHeaders,
    to raw: ChannelHandlerContext
  ) -> Int {
    let canned = answer.response
    let variant = canned.variant(method: method, ifNoneMatch: headers.first(name: "if-none-match"))
    raw.write(
      NIOAny(variant == .notModified ? canned.wireNotModifiedPrefix : canned.wirePrefix),
      promise: nil
    )
    if !answer.extraLines.isEmpty {
      var lines = raw.channel.allocator.buffer(capacity: 128)
      for (name, value) in answer.extraLines { lines.writeString("\(name): \(value)\r\n") }
      raw.write(NIOAny(lines), promise: nil)
    }
    raw.write(NIOAny(currentDateLine()), promise: nil)
    if variant == .full { raw.write(NIOAny(canned.body), promise: nil) }
    needsFlush = true
    return variant == .notModified ? 304 : canned.status.code
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
      state.responseHead(
        closesConnection: head.headers.first(name: "connection")?.lowercased() == "close"
      )
      // Hummingbird's own 400 for the request the parser refused: no body, closing.
      if head.status == .badRequest, head.headers.first(name: "content-length") == "0",
        let problem = state.takeParseProblem()
      {
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
      let (after, timerAction) = state.responseEnded(now: .now())
      apply(timerAction, context)
      context.write(data, promise: promise)
      if after == .closeWhenWritten { closeWhenWritten(context) }
    }
  }

  // MARK: Timeouts and closing

  func bytesArrived(context: ChannelHandlerContext) {
    apply(state.bytesArrived(now: .now()), context)
  }

  private func apply(_ action: ConnectionState.TimerAction, _ context: ChannelHandlerContext) {
    guard case .arm(let time) = action else { return }
    timer?.cancel()
    arm(at: time, context)
  }

  private func arm(at time: NIODeadline, _ context: ChannelHandlerContext) {
    let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
    timer = context.eventLoop.scheduleTask(deadline: time) {
      let (handler, context) = loopBound.value
      handler.timerFired(context)
    }
  }

  private func timerFired(_ context: ChannelHandlerContext) {
    timer = nil
    switch state.timerFired(now: .now()) {
    case .ignore: break
    case .close: context.close(promise: nil)
    case .arm(let time): arm(at: time, context)
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard event is ChannelShouldQuiesceEvent else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    // Graceful shutdown: close once what is in progress is written.
    if state.quiesce() { closeWhenWritten(context) }
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
