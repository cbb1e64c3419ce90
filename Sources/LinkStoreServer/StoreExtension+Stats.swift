import Foundation
import HTTPTypes
import Hummingbird
import LinkKit
import LinkPages
import LinkServer
import LinkStore
import Logging
import NIOCore

// `GET /api/v1/stats`.

extension StoreExtension {
  /// `GET /api/v1/stats?route=&link=&from=&to=&groupBy=`.
  func stats(_ request: Request) async -> Response {
    let query: StatsQuery
    do throws(RequestProblem) {
      query = try StatsQuery.read(request.uri.queryParameters, today: ClickDay(Date()))
    } catch {
      return APIResponses.error(.badRequest, "invalidRequest", error.message, field: error.field)
    }
    do throws(StoreError) {
      let rows = try await store.stats(query)
      health.succeeded()
      return APIResponses.json(.ok, query.json(rows), head: request.method == .head)
    } catch {
      health.failed(error)
      return APIResponses.error(error)
    }
  }
}
