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

extension HTTPRequestHead {
  /// `GET` or `HEAD`, as HTTP types name them (for a request answered here).
  fileprivate var readMethod: HTTPRequest.Method { method == .HEAD ? .head : .get }
}

/// One connection's requests, after HTTP parsing:
///
/// - a `GET` or `HEAD` without a body whose answer is held in memory (the association files, a
///   cached page or image, the 404 page) or quick to make (a page or image not in the cache:
///   a plan filled, a code encoded) is answered here, on the event loop, as ready bytes
///   (status line and headers prepared once, the `Date` line once a second), unless requests
///   sent before it are still being answered by hummingbird (responses keep their order);
/// - so is one whose answer an extension gives once a quick read is done (a short link read
///   from PostgreSQL): meanwhile the connection's later request parts are held, and once one
///   is, it reads no more, so that responses keep their order; if no answer comes, the request
///   goes on to hummingbird;
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
  /// Request parts that arrived while an answer was awaited, in order.
  private var held: [HTTPServerRequestPart] = []
  /// Whether a read was asked for, and not made, while an answer was awaited.
  private var readHeld = false
  /// Whether a held part is more than the end of the request being answered: a later request
  /// (or a body, which a request answered here never has).
  private var heldLaterRequest: Bool {
    held.contains { part in
      if case .end = part { false } else { true }
    }
  }

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
    let part = unwrapInboundIn(data)
    if state.awaiting {
      held.append(part)
    } else {
      handle(part, context)
    }
  }

  private func handle(_ part: HTTPServerRequestPart, _ context: ChannelHandlerContext) {
    let action: ConnectionState.PartAction
    switch part {
    case .head(let head):
      state.headArrived()
      if state.mayAnswerFromMemory, answerHere(head, context) { return }
      state.forwardedHead()
      action = .pass
    case .body(let buffer):
      let timerAction: ConnectionState.TimerAction
      (action, timerAction) = state.bodyArrived(bytes: buffer.readableBytes, now: .now())
      apply(timerAction, context)
    case .end:
      action = state.endArrived()
    }
    if action == .pass { context.fireChannelRead(wrapInboundOut(part)) }
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
  private struct ReadyAnswer {
    var response: CannedResponse
    var endpoint: String
    var route: String?
    var client: ClientClassification?
    var extraLines: [(name: String, value: String)] = []

    /// An extension's answer.
    init(_ answer: MemoryAnswer) {
      self.init(
        response: answer.response,
        endpoint: answer.endpoint,
        route: answer.route,
        extraLines: answer.headers
      )
    }

    init(
      response: CannedResponse,
      endpoint: String,
      route: String?,
      client: ClientClassification? = nil,
      extraLines: [(name: String, value: String)] = []
    ) {
      self.response = response
      self.endpoint = endpoint
      self.route = route
      self.client = client
      self.extraLines = extraLines
    }
  }

  /// Answers the request here when it is a `GET` or `HEAD` without a body whose answer is
  /// held in memory (the server's, or the extension's of its path), or one the extension gives
  /// once a quick read is done; returns whether the request is taken. The caller has checked
  /// that the connection allows it (``ConnectionState/mayAnswerFromMemory``).
  private func answerHere(_ head: HTTPRequestHead, _ context: ChannelHandlerContext) -> Bool {
    guard Self.isPlainRead(head), let raw = rawContext else { return false }
    let start = NIODeadline.now()
    if let handler = core.extensions.first(where: { head.uri.hasPrefix($0.prefix) })?.handler {
      return answerByExtension(handler, head, start: start, raw: raw, context)
    }
    guard let answer = serverAnswer(head) else { return false }
    send(answer, to: head, start: start, on: raw)
    apply(state.answeredFromMemory(now: .now()), context)
    return true
  }

  /// A `GET` or `HEAD` without a body on a connection kept open: what may be answered here.
  private static func isPlainRead(_ head: HTTPRequestHead) -> Bool {
    guard head.isKeepAlive, head.method == .GET || head.method == .HEAD else { return false }
    let headers = head.headers
    return !headers.contains(name: "transfer-encoding")
      && headers.first(name: "content-length").map({ $0 != "0" }) != true
  }

  /// Writes an answer and tells the access log and the observers of it.
  private func send(
    _ answer: ReadyAnswer,
    to head: HTTPRequestHead,
    start: NIODeadline,
    on raw: ChannelHandlerContext
  ) {
    let headers = head.headers
    let method = head.readMethod
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
  }

  /// The extension's answer from memory, else the one it gives once its quick read is done
  /// (the connection holds its later parts until it comes); `false` when it gives neither.
  private func answerByExtension(
    _ handler: any LinkServerExtension,
    _ head: HTTPRequestHead,
    start: NIODeadline,
    raw: ChannelHandlerContext,
    _ context: ChannelHandlerContext
  ) -> Bool {
    let request = MemoryRequest(
      method: head.readMethod,
      target: head.uri,
      remoteAddress: raw.channel.remoteAddress,
      headers: head.headers
    )
    if let answer = handler.answerFromMemory(request, server: core.context) {
      send(ReadyAnswer(answer), to: head, start: start, on: raw)
      apply(state.answeredFromMemory(now: .now()), context)
      return true
    }
    guard let future = handler.answerSoon(request, server: core.context, on: context.eventLoop)
    else { return false }
    state.awaitingAnswer()
    let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
    future.hop(to: context.eventLoop).whenComplete { result in
      let (handler, context) = loopBound.value
      let answer = (try? result.get()).flatMap { $0 }.map(ReadyAnswer.init)
      handler.answerArrived(answer, for: head, start: start, context)
    }
    return true
  }

  /// The awaited answer, or `nil` to pass the request on; then the parts held meanwhile.
  private func answerArrived(
    _ answer: ReadyAnswer?,
    for head: HTTPRequestHead,
    start: NIODeadline,
    _ context: ChannelHandlerContext
  ) {
    guard context.channel.isActive, let raw = rawContext else {
      held.removeAll()
      return
    }
    if let answer {
      send(answer, to: head, start: start, on: raw)
      let (after, timerAction) = state.answeredLater(now: .now())
      apply(timerAction, context)
      if after == .closeWhenWritten { closeWhenWritten(context) }
    } else {
      state.passedOnLater()
      context.fireChannelRead(wrapInboundOut(.head(head)))
    }
    // The parts held meanwhile, until one of them waits for an answer in turn.
    while !state.awaiting, !held.isEmpty { handle(held.removeFirst(), context) }
    // Outside a read: what was passed on is delivered, what was written is sent now (not when
    // a later answer comes).
    context.fireChannelReadComplete()
    if needsFlush {
      needsFlush = false
      raw.flush()
    }
    if readHeld, !state.awaiting {
      readHeld = false
      context.read()
    }
  }

  /// No more reads once a later request has begun to arrive while an answer is awaited: the
  /// client's further requests wait in the socket. Until then reading goes on, so the parts
  /// held are at most one read's, and a client that waits for its answer (nearly all do)
  /// costs the socket no change of read interest (an `epoll_ctl` to stop reading and another
  /// to start again, per awaited answer).
  func read(context: ChannelHandlerContext) {
    if state.awaiting, heldLaterRequest {
      readHeld = true
    } else {
      context.read()
    }
  }

  /// The server's answer held in memory for the request (an association file, a cached page
  /// or image, the 404 page); `nil` when the request needs hummingbird.
  private func serverAnswer(_ head: HTTPRequestHead) -> ReadyAnswer? {
    let headers = head.headers
    // A page or an image not in the cache is made here too (a plan filled, a code encoded):
    // the request never goes through hummingbird's task, and is resolved once.
    let resolution = core.resolve(
      target: head.uri,
      method: head.readMethod,
      userAgent: headers.first(name: "user-agent"),
      acceptLanguage: headers.first(name: "accept-language")
    )
    guard case .ready(let response, let endpoint, let route, let client) = core.make(resolution)
    else { return nil }
    return ReadyAnswer(response: response, endpoint: endpoint, route: route, client: client)
  }

  /// Writes the answer's ready bytes straight to the socket (flushed at the end of the read);
  /// returns the status sent (304 when `If-None-Match` matches).
  private func write(
    _ answer: ReadyAnswer,
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
