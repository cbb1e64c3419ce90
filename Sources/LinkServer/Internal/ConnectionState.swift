import NIOCore

/// The rules of one client connection as a state machine without I/O, in the manner of
/// hummingbird's `HTTPConnectionStateHandler`: ``ConnectionHandler`` reports each event with
/// the time and carries out the action returned. Timeouts, the order of responses, body
/// limits and graceful closing are decided here, so they are tested with made-up times.
struct ConnectionState {
  /// Where the connection is between requests.
  enum Phase: Equatable {
    /// No byte of a next request has arrived: the idle timeout runs.
    case waiting
    /// A request's first bytes arrived: the header timeout runs.
    case readingHead
    /// Requests are being answered.
    case busy
  }

  /// What to do with the connection's one timer.
  enum TimerAction: Equatable {
    /// Leave it: it fires no later than the deadline (and then re-arms itself).
    case leave
    /// Cancel it if it is armed, and arm it for this time.
    case arm(NIODeadline)
  }

  /// Whether a request part goes on to hummingbird.
  enum PartAction: Equatable {
    case pass
    case drop
  }

  /// What follows the end of a response.
  enum AfterResponse: Equatable {
    case keepOpen
    /// Flush, and close once every byte written so far has left.
    case closeWhenWritten
  }

  /// What the timer firing means.
  enum TimerFired: Equatable {
    /// Nothing: requests are in progress, and no deadline runs.
    case ignore
    /// The deadline passed: close the connection.
    case close
    /// The deadline moved later since the timer was armed: arm it again for it.
    case arm(NIODeadline)
  }

  private let idleTimeout: TimeAmount
  private let headerTimeout: TimeAmount
  private let maximumBodySize: Int

  private(set) var phase = Phase.waiting
  /// When the connection is closed unless something happens first; `nil` while busy.
  private var deadline: NIODeadline?
  /// When the armed timer fires; `nil` when none is armed.
  private var timerAt: NIODeadline?
  /// Requests passed to hummingbird whose response has not ended.
  private var forwarded = 0
  /// The rest of a request answered from memory (its end) is dropped.
  private var swallowing = false
  /// A request waits for an extension's answer: the connection's later request parts are held
  /// until it comes.
  private(set) var awaiting = false
  private var bodyBytes = 0
  private var discardingBody = false
  private var closeAfterResponse = false
  private var quiescing = false
  /// What the next 400 from hummingbird says: set when the parser fails on a request.
  private var parseProblem: String?

  init(idleTimeout: Duration, headerTimeout: Duration, maximumBodySize: Int) {
    self.idleTimeout = TimeAmount(idleTimeout)
    self.headerTimeout = TimeAmount(headerTimeout)
    self.maximumBodySize = maximumBodySize
  }

  // MARK: Requests

  /// The first byte of something arrived: a request's head starts its timeout.
  mutating func bytesArrived(now: NIODeadline) -> TimerAction {
    guard phase == .waiting else { return .leave }
    phase = .readingHead
    return setDeadline(now + headerTimeout)
  }

  /// A request head was read: no deadline runs while it is answered.
  mutating func headArrived() {
    phase = .busy
    deadline = nil
  }

  /// Whether the request whose head just arrived may be answered from memory: not while an
  /// earlier one is still with hummingbird (responses keep their order), nor when the
  /// connection is closing.
  var mayAnswerFromMemory: Bool {
    forwarded == 0 && !quiescing && !closeAfterResponse
  }

  /// The request was answered from memory: the rest of it is dropped, and the connection
  /// waits for the next.
  mutating func answeredFromMemory(now: NIODeadline) -> TimerAction {
    swallowing = true
    return forwarded == 0 ? idle(now) : .leave
  }

  /// The request whose head just arrived waits for an extension's answer (it was allowed to be
  /// answered from memory).
  mutating func awaitingAnswer() {
    awaiting = true
  }

  /// The awaited answer was written: the rest of the request is dropped; the connection waits
  /// for the next, or closes once the answer is written when shutting down.
  mutating func answeredLater(now: NIODeadline) -> (AfterResponse, TimerAction) {
    awaiting = false
    swallowing = true
    if quiescing && forwarded == 0 { return (.closeWhenWritten, .leave) }
    return (.keepOpen, forwarded == 0 ? idle(now) : .leave)
  }

  /// No answer came: the request goes on to hummingbird after all.
  mutating func passedOnLater() {
    awaiting = false
    forwardedHead()
  }

  /// The request goes on to hummingbird.
  mutating func forwardedHead() {
    forwarded += 1
    bodyBytes = 0
    discardingBody = false
  }

  /// Body bytes of the current request. Past the limit nothing more is passed on, the
  /// response (413 from the server's routes) closes the connection, and if none comes within
  /// the header timeout the timer does.
  mutating func bodyArrived(bytes: Int, now: NIODeadline) -> (PartAction, TimerAction) {
    if swallowing { return (.drop, .leave) }
    bodyBytes += bytes
    var timer = TimerAction.leave
    if bodyBytes > maximumBodySize && !discardingBody {
      discardingBody = true
      closeAfterResponse = true
      timer = setDeadline(now + headerTimeout)
    }
    return (discardingBody ? .drop : .pass, timer)
  }

  /// The end of the current request.
  mutating func endArrived() -> PartAction {
    if swallowing {
      swallowing = false
      return .drop
    }
    return discardingBody ? .drop : .pass
  }

  /// The HTTP parser refused the request: hummingbird's bare 400 then gets this text as body.
  mutating func parserFailed(headOverflow: Bool) {
    parseProblem = headOverflow ? ConnectionLimits.headOverflowText : ConnectionLimits.malformedText
  }

  /// The text for hummingbird's 400, once.
  mutating func takeParseProblem() -> String? {
    defer { parseProblem = nil }
    return parseProblem
  }

  // MARK: Responses

  /// A response head from hummingbird; `Connection: close` closes once it is written.
  mutating func responseHead(closesConnection: Bool) {
    if closesConnection { closeAfterResponse = true }
  }

  /// A response from hummingbird ended.
  mutating func responseEnded(now: NIODeadline) -> (AfterResponse, TimerAction) {
    forwarded -= 1
    if closeAfterResponse || (quiescing && forwarded == 0) {
      return (.closeWhenWritten, .leave)
    }
    return (.keepOpen, forwarded == 0 ? idle(now) : .leave)
  }

  // MARK: Timeouts and closing

  /// Graceful shutdown began: close once what is in progress is written. Returns whether
  /// that is now.
  mutating func quiesce() -> Bool {
    quiescing = true
    return forwarded == 0 && !awaiting
  }

  /// The timer fired at `now`.
  mutating func timerFired(now: NIODeadline) -> TimerFired {
    timerAt = nil
    guard let deadline else { return .ignore }
    if deadline <= now { return .close }
    timerAt = deadline
    return .arm(deadline)
  }

  private mutating func idle(_ now: NIODeadline) -> TimerAction {
    phase = .waiting
    return setDeadline(now + idleTimeout)
  }

  /// Moves the deadline. The timer is moved only when the deadline comes before it; a timer
  /// that fires early re-arms itself, so a steady stream of requests costs no timer work.
  private mutating func setDeadline(_ newDeadline: NIODeadline) -> TimerAction {
    deadline = newDeadline
    if let timerAt, timerAt <= newDeadline { return .leave }
    timerAt = newDeadline
    return .arm(newDeadline)
  }
}
