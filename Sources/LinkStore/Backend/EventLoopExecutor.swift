package import NIOCore

/// Runs Swift tasks on an event loop's thread: a task started for a request (an operation's
/// deadline, a group commit) stays on the request's loop instead of hopping to Swift's global
/// executor and back.
package final class EventLoopExecutor: TaskExecutor {
  package let loop: any EventLoop

  package init(_ loop: any EventLoop) {
    self.loop = loop
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    loop.execute { job.runSynchronously(on: executor) }
  }
}
