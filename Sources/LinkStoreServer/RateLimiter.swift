import NIOConcurrencyHelpers

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Requests per client in one-minute windows, each starting at the client's first request, in
/// this process's memory: each server copy counts on its own (a client behind a load balancer
/// with N copies gets up to N times the limit). Nothing in it is needed by another copy.
final class RateLimiter: Sendable {
  /// What one request may do, for the `RateLimit-*` headers.
  struct Decision: Sendable {
    /// Whether the request may go on.
    let allowed: Bool
    /// The limit per window.
    let limit: Int
    /// The requests left in the window after this one.
    let remaining: Int
    /// Seconds until the window ends.
    let reset: Int
  }

  private struct Window {
    var start: Int
    var count: Int
  }

  private struct State {
    var windows: [String: Window] = [:]
    var lastSweep = 0
  }

  /// The requests allowed per client per window; 0 for no limit.
  let limit: Int
  /// The window, in seconds.
  let window: Int
  /// The most clients counted at once; past it, new clients are let through uncounted until
  /// the next sweep (memory stays flat under a flood of addresses).
  let capacity: Int
  private let state = NIOLockedValueBox(State())

  init(limit: Int, window: Int = 60, capacity: Int = 200_000) {
    self.limit = limit
    self.window = window
    self.capacity = capacity
  }

  /// Whether `client`'s next request would be refused, without counting anything.
  func isExhausted(_ client: String, now: Int = Int(time(nil))) -> Bool {
    guard limit > 0 else { return false }
    return state.withLockedValue { state in
      guard let current = state.windows[client], now - current.start < window else { return false }
      return current.count >= limit
    }
  }

  /// Counts a request of `client` and says whether it is allowed; `nil` when there is no limit.
  func take(_ client: String, now: Int = Int(time(nil))) -> Decision? {
    guard limit > 0 else { return nil }
    let window = self.window
    let (count, start) = state.withLockedValue { state -> (Int, Int) in
      if now - state.lastSweep >= window {
        state.lastSweep = now
        state.windows = state.windows.filter { now - $0.value.start < window }
      }
      if var current = state.windows[client], now - current.start < window {
        // Past the limit the count stays put: a flood grows nothing.
        if current.count <= limit {
          current.count += 1
          state.windows[client] = current
        }
        return (current.count, current.start)
      }
      guard state.windows.count < capacity || state.windows[client] != nil else { return (0, now) }
      state.windows[client] = Window(start: now, count: 1)
      return (1, now)
    }
    return Decision(
      allowed: count <= limit,
      limit: limit,
      remaining: max(limit - count, 0),
      reset: max(start + window - now, 1)
    )
  }
}
