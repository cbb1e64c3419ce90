import CAllocationCounter
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A measured piece of work: median nanoseconds and allocations per operation.
struct Measurement {
  var nanosecondsPerOperation: Double
  var allocationsPerOperation: Double?
}

/// Times closures the same way for a case and its baseline: a warm-up, then `samples` runs of
/// `iterations` operations each, reporting the median sample. Allocations are counted on the
/// calling thread over one extra run.
enum Harness {
  /// Set by `--quick`: fewer samples, for a smoke run.
  nonisolated(unsafe) static var quick = false

  /// Set by `--profile`: skip baselines so a profiler sees only linkgen's code.
  nonisolated(unsafe) static var profiling = false

  /// Measures a baseline; skipped (reported as zero) under `--profile`.
  static func baseline(iterations: Int, _ operation: () -> Void) -> Measurement {
    profiling ? Measurement(nanosecondsPerOperation: 0) : measure(iterations: iterations, operation)
  }

  static func measure(iterations: Int, samples: Int = 15, _ operation: () -> Void) -> Measurement {
    let samples = quick ? 3 : samples
    let iterations = quick ? Swift.max(1, iterations / 10) : iterations
    for _ in 0..<Swift.max(1, iterations / 10) { operation() }
    var timings: [Double] = []
    for _ in 0..<samples {
      let start = now()
      for _ in 0..<iterations { operation() }
      timings.append(Double(now() - start) / Double(iterations))
    }
    timings.sort()
    let before = linkgen_allocation_count()
    for _ in 0..<iterations { operation() }
    let allocations = linkgen_allocation_count() - before
    return Measurement(
      nanosecondsPerOperation: timings[timings.count / 2],
      allocationsPerOperation: allocationCounting ? Double(allocations) / Double(iterations) : nil
    )
  }

  /// Measures linkgen and its baseline in alternating samples, so that both see the same
  /// machine (frequency changes and neighbours on a shared host affect them alike), and
  /// reports each one's median.
  static func compare(
    iterations: Int,
    baselineIterations: Int,
    samples: Int = 21,
    ours: () -> Void,
    baseline: () -> Void
  ) -> (ours: Measurement, baseline: Measurement) {
    let samples = quick ? 3 : samples
    let iterations = quick ? Swift.max(1, iterations / 10) : iterations
    let baselineIterations = quick ? Swift.max(1, baselineIterations / 10) : baselineIterations
    for _ in 0..<Swift.max(1, iterations / 10) { ours() }
    if !profiling { for _ in 0..<Swift.max(1, baselineIterations / 10) { baseline() } }
    var oursTimes: [Double] = []
    var baselineTimes: [Double] = []
    for _ in 0..<samples {
      var start = now()
      for _ in 0..<iterations { ours() }
      oursTimes.append(Double(now() - start) / Double(iterations))
      guard !profiling else { continue }
      start = now()
      for _ in 0..<baselineIterations { baseline() }
      baselineTimes.append(Double(now() - start) / Double(baselineIterations))
    }
    func allocations(_ operation: () -> Void, _ count: Int) -> Double? {
      let before = linkgen_allocation_count()
      for _ in 0..<count { operation() }
      let total = linkgen_allocation_count() - before
      return allocationCounting ? Double(total) / Double(count) : nil
    }
    func median(_ values: [Double]) -> Double {
      values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }
    return (
      Measurement(
        nanosecondsPerOperation: median(oursTimes),
        allocationsPerOperation: allocations(ours, iterations)
      ),
      Measurement(
        nanosecondsPerOperation: median(baselineTimes),
        allocationsPerOperation: profiling ? nil : allocations(baseline, baselineIterations)
      )
    )
  }

  /// Wall-clock nanoseconds of one run of `operation` (for whole-batch cases), median of
  /// `samples` runs.
  static func measureOnce(samples: Int = 3, _ operation: () -> Void) -> Double {
    var timings: [Double] = []
    for _ in 0..<(quick ? 1 : samples) {
      let start = now()
      operation()
      timings.append(Double(now() - start))
    }
    timings.sort()
    return timings[timings.count / 2]
  }

  /// Prints `BENCH <case> ns_per_op=… baseline_ns_per_op=… ratio=…` plus allocations.
  static func report(_ name: String, ours: Measurement, baseline: Measurement, extra: String = "") {
    let ratio = baseline.nanosecondsPerOperation / ours.nanosecondsPerOperation
    var line =
      "BENCH \(name) ns_per_op=\(format(ours.nanosecondsPerOperation)) "
      + "baseline_ns_per_op=\(format(baseline.nanosecondsPerOperation)) ratio=\(format(ratio))"
    if let allocations = ours.allocationsPerOperation,
      let baselineAllocations = baseline.allocationsPerOperation
    {
      line +=
        " allocs_per_op=\(format(allocations)) baseline_allocs_per_op=\(format(baselineAllocations))"
    }
    if !extra.isEmpty { line += " " + extra }
    print(line)
  }

  static func format(_ value: Double) -> String {
    let scaled = (value * 100).rounded() / 100
    return scaled == scaled.rounded() ? String(Int(scaled)) : String(scaled)
  }

  /// Whether the allocation counter is live (it is on glibc, where the benchmark's own
  /// `malloc` takes precedence).
  static let allocationCounting: Bool = {
    let before = linkgen_allocation_count()
    blackHole([Int](repeating: 1, count: Int.random(in: 8...16)))
    return linkgen_allocation_count() > before
  }()

  /// Monotonic nanoseconds (`CLOCK_MONOTONIC` on Linux, through Dispatch: with LinkServer
  /// linked, `timespec` is declared by two modules).
  private static func now() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
  }
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
