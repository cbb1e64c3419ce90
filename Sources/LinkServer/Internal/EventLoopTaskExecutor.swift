import NIOCore

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
