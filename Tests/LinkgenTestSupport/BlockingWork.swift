import Foundation
public import Testing

/// A suite trait for tests that block their thread: waiting for a child process (`linkgen`,
/// `zbarimg`, `pdftoppm`, Chromium, `swift build`) or reading a socket synchronously.
///
/// Swift Testing runs tests on Swift concurrency's cooperative threads, one per core: two on a
/// 2-core CI machine. A test that blocks for seconds holds one of them, and two such tests hold
/// them all, so the async tests beside them (the store's database operations, which have
/// deadlines) wait for minutes and fail. This trait runs each test of the suite on one of a few
/// threads kept for blocking work (through a task executor preference), at most
/// ``BlockingWorkTrait/threadCount`` tests at once, and leaves the cooperative threads to async
/// work. A test waiting for one of those threads is suspended, holding no thread.
///
/// ```swift
/// @Suite(.blockingWork) struct BatchCommandTests { … }
/// ```
public struct BlockingWorkTrait: SuiteTrait, TestTrait, TestScoping {
  /// Applies to every test of the suite and of its nested suites.
  public var isRecursive: Bool { true }

  /// How many blocking tests run at once: twice the cores (at least 4), since most of them
  /// wait for a child process rather than compute.
  public static let threadCount = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)

  /// Runs one test case on a thread kept for blocking work, once one is free.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // Suites and test functions pass through; each test case takes a thread.
    guard testCase != nil else { return try await function() }
    let executor = await Self.pool.acquire()
    defer { Self.pool.release(executor) }
    try await withTaskExecutorPreference(executor) { try await function() }
  }

  private static let pool = ExecutorPool(count: threadCount)
}

extension Trait where Self == BlockingWorkTrait {
  /// Runs each test of the suite on a thread kept for blocking work: see ``BlockingWorkTrait``.
  public static var blockingWork: Self { BlockingWorkTrait() }
}

/// A fixed set of executors, each with a thread of its own, lent to one test at a time.
private final class ExecutorPool: @unchecked Sendable {
  private let lock = NSLock()
  private var idle: [ThreadExecutor]
  private var waiting: [CheckedContinuation<ThreadExecutor, Never>] = []

  init(count: Int) {
    idle = (0..<count).map { ThreadExecutor(name: "linkgen-tests blocking \($0)") }
  }

  func acquire() async -> ThreadExecutor {
    await withCheckedContinuation { continuation in
      lock.lock()
      if let executor = idle.popLast() {
        lock.unlock()
        continuation.resume(returning: executor)
      } else {
        waiting.append(continuation)
        lock.unlock()
      }
    }
  }

  func release(_ executor: ThreadExecutor) {
    lock.lock()
    if waiting.isEmpty {
      idle.append(executor)
      lock.unlock()
    } else {
      let next = waiting.removeFirst()
      lock.unlock()
      next.resume(returning: executor)
    }
  }
}

/// A task executor with one thread of its own that runs the jobs enqueued on it in order, for
/// the life of the test process.
private final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  init(name: String) {
    let thread = Thread { [self] in
      while true { next().runSynchronously(on: asUnownedTaskExecutor()) }
    }
    thread.name = name
    thread.stackSize = 8 << 20
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func next() -> UnownedJob {
    condition.lock()
    defer { condition.unlock() }
    while jobs.isEmpty { condition.wait() }
    return jobs.removeFirst()
  }
}
