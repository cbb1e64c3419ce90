import CoreMetrics
import Foundation
import NIOConcurrencyHelpers
import NIOCore
package import Prometheus

/// The server's metrics, through swift-metrics into a Prometheus registry of the server's
/// own (no global bootstrap, so several servers can run in one process), served at
/// `GET /metrics` in the Prometheus text format:
///
/// | metric | type | labels |
/// | --- | --- | --- |
/// | `linkgen_http_requests_total` | counter | `endpoint`, `route`, `status` |
/// | `linkgen_http_request_duration_seconds` | histogram | `endpoint` |
/// | `linkgen_http_requests_in_flight` | gauge | |
/// | `linkgen_cache_lookups_total` | counter | `cache` (`page`, `qr`), `result` (`hit`, `miss`) |
/// | `process_resident_memory_bytes` | gauge | |
///
/// Later parts of linkgen register their own metrics through ``factory``.
package final class ServerMetrics: Sendable {
  /// The endpoints of the server's own routes, the `endpoint` label.
  package enum Endpoint: String, Sendable, CaseIterable {
    case aasa, assetlinks, page, qr, notFound = "not_found", healthz, metrics
    case badRequest = "bad_request", methodNotAllowed = "method_not_allowed"
    case contentTooLarge = "content_too_large", options, error
  }

  private struct RequestKey: Hashable {
    let endpoint: String
    let route: String
    let status: Int
  }

  package let registry: PrometheusCollectorRegistry
  /// The swift-metrics factory that writes into ``registry``.
  package let factory: PrometheusMetricsFactory
  let pageCacheHits: CoreMetrics.Counter
  let pageCacheMisses: CoreMetrics.Counter
  let qrCacheHits: CoreMetrics.Counter
  let qrCacheMisses: CoreMetrics.Counter
  let inFlight: CoreMetrics.Meter
  private let residentMemory: CoreMetrics.Gauge
  private let state: NIOLockedValueBox<Instruments>

  /// The per-request instruments, made on first use.
  private struct Instruments {
    var counters: [RequestKey: CoreMetrics.Counter] = [:]
    var timers: [String: CoreMetrics.Timer] = [:]

    mutating func counter(for key: RequestKey, factory: PrometheusMetricsFactory)
      -> CoreMetrics.Counter
    {
      if let counter = counters[key] { return counter }
      let counter = CoreMetrics.Counter(
        label: ServerMetrics.requestsName,
        dimensions: [
          ("endpoint", key.endpoint), ("route", key.route), ("status", String(key.status)),
        ],
        factory: factory
      )
      counters[key] = counter
      return counter
    }

    mutating func timer(for endpoint: String, factory: PrometheusMetricsFactory)
      -> CoreMetrics.Timer
    {
      if let timer = timers[endpoint] { return timer }
      let timer = CoreMetrics.Timer(
        label: ServerMetrics.durationName,
        dimensions: [("endpoint", endpoint)],
        factory: factory
      )
      timers[endpoint] = timer
      return timer
    }
  }

  static let requestsName = "linkgen_http_requests_total"
  static let durationName = "linkgen_http_request_duration_seconds"

  /// - Parameter endpoints: Endpoint labels beyond the server's own (an extension's).
  init(extraEndpoints: [String] = []) {
    registry = PrometheusCollectorRegistry()
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.durationHistogramBuckets[Self.durationName] = [
      .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
      .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(20),
      .milliseconds(50), .milliseconds(100), .milliseconds(250), .seconds(1),
    ]
    self.factory = factory
    let lookups = "linkgen_cache_lookups_total"
    pageCacheHits = CoreMetrics.Counter(
      label: lookups,
      dimensions: [("cache", "page"), ("result", "hit")],
      factory: factory
    )
    pageCacheMisses = CoreMetrics.Counter(
      label: lookups,
      dimensions: [("cache", "page"), ("result", "miss")],
      factory: factory
    )
    qrCacheHits = CoreMetrics.Counter(
      label: lookups,
      dimensions: [("cache", "qr"), ("result", "hit")],
      factory: factory
    )
    qrCacheMisses = CoreMetrics.Counter(
      label: lookups,
      dimensions: [("cache", "qr"), ("result", "miss")],
      factory: factory
    )
    inFlight = CoreMetrics.Meter(label: "linkgen_http_requests_in_flight", factory: factory)
    residentMemory = CoreMetrics.Gauge(label: "process_resident_memory_bytes", factory: factory)
    var instruments = Instruments()
    for endpoint in Endpoint.allCases.map(\.rawValue) + extraEndpoints {
      _ = instruments.timer(for: endpoint, factory: factory)
    }
    state = NIOLockedValueBox(instruments)
  }

  /// Counts a request and records how long it took.
  package func record(endpoint: String, route: String?, status: Int, nanoseconds: Int64) {
    let key = RequestKey(endpoint: endpoint, route: route ?? "", status: status)
    let (counter, timer) = state.withLockedValue { state in
      (state.counter(for: key, factory: factory), state.timer(for: endpoint, factory: factory))
    }
    counter.increment()
    timer.recordNanoseconds(nanoseconds)
  }

  /// The Prometheus text of every metric.
  func render() -> [UInt8] {
    if let bytes = Self.residentBytes() { residentMemory.record(bytes) }
    return registry.emitToBuffer()
  }

  /// The resident set size, from `/proc/self/statm` (Linux).
  static func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
