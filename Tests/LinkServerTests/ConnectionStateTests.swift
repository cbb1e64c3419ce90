import NIOCore
import Testing

@testable import LinkServer

/// The connection's rules with a made-up clock: timeouts, the order of responses, the body
/// limit, graceful closing and the parser's 400 text (ConnectionState, no sockets).
struct ConnectionStateTests {
  private typealias Timer = ConnectionState.TimerAction

  private func state(maximumBodySize: Int = 100) -> ConnectionState {
    ConnectionState(
      idleTimeout: .seconds(60),
      headerTimeout: .seconds(10),
      maximumBodySize: maximumBodySize
    )
  }

  /// The time `seconds` after the clock's start.
  private func at(_ seconds: Int64) -> NIODeadline {
    .uptimeNanoseconds(UInt64(1_000 + seconds) * 1_000_000_000)
  }

  /// A forwarded request's head and end, as hummingbird gets them.
  private func forward(_ connection: inout ConnectionState) {
    connection.headArrived()
    connection.forwardedHead()
    let end = connection.endArrived()
    #expect(end == .pass)
  }

  @Test func theFirstByteStartsTheHeaderTimeoutOnce() {
    var connection = state()
    let first = connection.bytesArrived(now: at(0))
    #expect(first == .arm(at(10)))
    #expect(connection.phase == .readingHead)
    let second = connection.bytesArrived(now: at(1))
    #expect(second == .leave)
  }

  @Test func aHeadThatNeverEndsIsClosedAtItsDeadline() {
    var connection = state()
    _ = connection.bytesArrived(now: at(0))
    let fired = connection.timerFired(now: at(10))
    #expect(fired == .close)
  }

  @Test func nothingIsClosedWhileARequestIsAnswered() {
    var connection = state()
    _ = connection.bytesArrived(now: at(0))
    forward(&connection)
    #expect(connection.phase == .busy)
    let fired = connection.timerFired(now: at(10))
    #expect(fired == .ignore)
  }

  @Test func aLaterDeadlineReArmsTheTimerWhenItFiresInsteadOfMovingIt() {
    var connection = state()
    _ = connection.bytesArrived(now: at(0))
    forward(&connection)
    let (after, timer) = connection.responseEnded(now: at(2))
    #expect(after == .keepOpen)
    // The idle deadline (62 s) is after the armed timer (10 s): no timer work now.
    #expect(timer == .leave)
    #expect(connection.phase == .waiting)
    let early = connection.timerFired(now: at(10))
    #expect(early == .arm(at(62)))
    let due = connection.timerFired(now: at(62))
    #expect(due == .close)
  }

  @Test func anEarlierDeadlineMovesTheTimer() {
    var connection = state()
    connection.headArrived()
    _ = connection.answeredFromMemory(now: at(0))  // idle until 60 s
    _ = connection.endArrived()
    let timer = connection.bytesArrived(now: at(5))
    #expect(timer == .arm(at(15)))
  }

  @Test func aRequestAnsweredFromMemoryHasTheRestOfItDropped() {
    var connection = state()
    connection.headArrived()
    #expect(connection.mayAnswerFromMemory)
    let idle = connection.answeredFromMemory(now: at(0))
    #expect(idle == .arm(at(60)))
    let (body, timer) = connection.bodyArrived(bytes: 5, now: at(0))
    #expect(body == .drop && timer == .leave)
    let end = connection.endArrived()
    #expect(end == .drop)
    // The next request is read again.
    connection.headArrived()
    connection.forwardedHead()
    let (next, _) = connection.bodyArrived(bytes: 5, now: at(1))
    #expect(next == .pass)
  }

  @Test func anAwaitedAnswerIsAnsweredOrPassedOnAndHoldsAShutdown() {
    var connection = state()
    connection.headArrived()
    connection.awaitingAnswer()
    #expect(connection.awaiting)
    // A shutdown while the answer is awaited waits for it, then closes once it is written.
    let closesNow = connection.quiesce()
    #expect(!closesNow)
    let answered = connection.answeredLater(now: at(1))
    #expect(answered.0 == .closeWhenWritten && !connection.awaiting)
    let rest = connection.endArrived()
    #expect(rest == .drop, "the rest of the answered request")

    var passed = state()
    passed.headArrived()
    passed.awaitingAnswer()
    passed.passedOnLater()
    #expect(!passed.awaiting && !passed.mayAnswerFromMemory, "with hummingbird now")
    let end = passed.endArrived()
    #expect(end == .pass)
    let ended = passed.responseEnded(now: at(2))
    #expect(ended.0 == .keepOpen && ended.1 == .arm(at(62)))

    var open = state()
    open.headArrived()
    open.awaitingAnswer()
    let idle = open.answeredLater(now: at(3))
    #expect(idle.0 == .keepOpen && idle.1 == .arm(at(63)))
    #expect(open.mayAnswerFromMemory)
  }

  @Test func responsesKeepTheirOrder() {
    var connection = state()
    forward(&connection)
    // A request behind one that hummingbird still answers goes to hummingbird too.
    connection.headArrived()
    #expect(!connection.mayAnswerFromMemory)
    connection.forwardedHead()
    let first = connection.responseEnded(now: at(1))
    #expect(first.0 == .keepOpen && first.1 == .leave)
    #expect(!connection.mayAnswerFromMemory)
    let second = connection.responseEnded(now: at(2))
    #expect(second.0 == .keepOpen && second.1 == .arm(at(62)))
    #expect(connection.mayAnswerFromMemory)
  }

  @Test func aBodyOverTheLimitIsNotPassedOnAndClosesTheConnection() {
    var connection = state(maximumBodySize: 100)
    connection.headArrived()
    connection.forwardedHead()
    let within = connection.bodyArrived(bytes: 60, now: at(0))
    #expect(within.0 == .pass && within.1 == .leave)
    let over = connection.bodyArrived(bytes: 60, now: at(1))
    #expect(over.0 == .drop && over.1 == .arm(at(11)))
    let more = connection.bodyArrived(bytes: 60, now: at(2))
    #expect(more.0 == .drop && more.1 == .leave)
    let end = connection.endArrived()
    #expect(end == .drop)
    #expect(!connection.mayAnswerFromMemory)
    let (after, _) = connection.responseEnded(now: at(3))
    #expect(after == .closeWhenWritten)
  }

  @Test func aBodyOverTheLimitWithNoResponseIsClosedByTheTimer() {
    var connection = state(maximumBodySize: 10)
    connection.headArrived()
    connection.forwardedHead()
    _ = connection.bodyArrived(bytes: 11, now: at(0))
    let fired = connection.timerFired(now: at(10))
    #expect(fired == .close)
  }

  @Test func connectionCloseIsHonouredAfterTheResponse() {
    var connection = state()
    forward(&connection)
    connection.responseHead(closesConnection: true)
    let (after, _) = connection.responseEnded(now: at(0))
    #expect(after == .closeWhenWritten)
  }

  @Test func aShutdownClosesAtOnceWhenIdleAndAfterTheLastResponseOtherwise() {
    var idle = state()
    let now = idle.quiesce()
    #expect(now)

    var busy = state()
    forward(&busy)
    forward(&busy)
    let atOnce = busy.quiesce()
    #expect(!atOnce)
    #expect(!busy.mayAnswerFromMemory)
    let (first, _) = busy.responseEnded(now: at(0))
    #expect(first == .keepOpen)
    let (last, _) = busy.responseEnded(now: at(1))
    #expect(last == .closeWhenWritten)
  }

  @Test func theParsersProblemIsTakenOnce() {
    var connection = state()
    let none = connection.takeParseProblem()
    #expect(none == nil)
    connection.parserFailed(headOverflow: true)
    let overflow = connection.takeParseProblem()
    #expect(overflow == ConnectionLimits.headOverflowText)
    let again = connection.takeParseProblem()
    #expect(again == nil)
    connection.parserFailed(headOverflow: false)
    let malformed = connection.takeParseProblem()
    #expect(malformed == ConnectionLimits.malformedText)
  }
}
