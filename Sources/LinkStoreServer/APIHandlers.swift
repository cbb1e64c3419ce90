import Foundation
import HTTPTypes
import LinkAPI
import LinkKit
import LinkServer
import LinkStore
import OpenAPIRuntime

/// The `/api/v1` operations that delete, count or read the counts — delete a link, report an
/// open, the stats — as the `APIProtocol` generated from the OpenAPI document declares them
/// (LinkAPI): the input is the document's types, decoded by the generated code; the output is
/// the document's responses, encoded by it. Registered once on a hummingbird router
/// (``APIRouter``). A stats row is LinkAPI's hand-written StatsRowBody, which writes the `null`s
/// the document requires (a grouped column with no value, `visitors` when not estimated).
///
/// The other operations are answered by the extension itself, before the router, and reach
/// none of these methods: `OPTIONS` and 405 (with the key checks), the hot ones — making a link
/// (`POST /api/v1/links`: the strict reader's link stored, its 201 written by CreatedLinkJSON
/// with the generated code's bytes), resolving one and the document
/// (`GET|HEAD /api/v1/links/{code}`, `/api/v1/openapi.json`: from the link cache or memory).
/// APISchemaTests hold those answers to the document.
struct APIHandlers: APIProtocol {
  /// Who is calling, which the generated input does not carry: set around each call.
  struct Caller: Sendable {
    /// The API key's id, for a request that needs one.
    var keyID: String?
    /// The request's `User-Agent`.
    var userAgent: String?
    /// The stats query, as the strict reader read it (the generated input ignores unknown
    /// parameters): set for the stats operations.
    var stats: StatsQuery?
  }
  @TaskLocal static var caller = Caller()

  let store: LinkStore
  let cache: LinkCache
  let health: DatabaseHealth
  let clicks: ClickRecording
  let recordClicks: Bool
  /// `/s/`.
  let shortPrefix: String

  // MARK: Answered through the generated code

  func deleteLink(_ input: Operations.DeleteLink.Input) async throws
    -> Operations.DeleteLink.Output
  {
    let code = input.path.code
    do throws(StoreError) {
      try await store.deleteLink(code: code)
      cache.remove(code)
      health.succeeded()
      return .noContent(.init())
    } catch {
      health.failed(error)
      let failure =
        error.code == .notFound ? APIFailure.noSuchCode(code, field: "code") : APIFailure(error)
      switch failure.status {
      case .notFound: return .notFound(.init(body: .json(failure.body)))
      case .serviceUnavailable: return .serviceUnavailable(failure.unavailable)
      default: throw failure
      }
    }
  }

  func reportOpen(_ input: Operations.ReportOpen.Input) async throws
    -> Operations.ReportOpen.Output
  {
    guard case .json(let body) = input.body else { throw AnsweredElsewhere() }
    let failure: APIFailure
    switch await OpenReport.read(body.link, handlers: self) {
    case .success(let report):
      if recordClicks { report.record(clicks, userAgent: Self.caller.userAgent) }
      return .noContent(.init())
    case .failure(let refused): failure = refused
    }
    switch failure.status {
    case .badRequest: return .badRequest(.init(body: .json(failure.body)))
    case .notFound: return .notFound(.init(body: .json(failure.body)))
    case .serviceUnavailable: return .serviceUnavailable(failure.unavailable)
    default: throw failure
    }
  }

  func getStats(_ input: Operations.GetStats.Input) async throws -> Operations.GetStats.Output {
    guard let query = Self.caller.stats else { throw StatsQueryUnread() }
    switch await stats(query) {
    case .success(let report):
      return .ok(.init(body: .json(Components.Schemas.Stats(query, report))))
    case .failure(let failure):
      switch failure.status {
      case .badRequest: return .badRequest(.init(body: .json(failure.body)))
      case .serviceUnavailable: return .serviceUnavailable(failure.unavailable)
      default: throw failure
      }
    }
  }

  /// The counts a query asks for, or the store's failure.
  func stats(_ query: StatsQuery) async -> Result<StatsReport, APIFailure> {
    do throws(StoreError) {
      let report = try await store.stats(query)
      health.succeeded()
      return .success(report)
    } catch {
      health.failed(error)
      return .failure(APIFailure(error))
    }
  }

  /// A stats operation called without the query the extension reads first; never thrown (500
  /// if it were).
  struct StatsQueryUnread: Error {}

  // MARK: Answered by the extension before the router

  /// Thrown by an operation the extension answers itself; never reached (500 if it were).
  struct AnsweredElsewhere: Error {}

  /// `POST /api/v1/links` is answered from the strict reader's link, its 201 written by
  /// CreatedLinkJSON (StoreExtension+Create.swift).
  func createLink(_ input: Operations.CreateLink.Input) async throws
    -> Operations.CreateLink.Output
  { throw AnsweredElsewhere() }
  func linksOptions(_ input: Operations.LinksOptions.Input) async throws
    -> Operations.LinksOptions.Output
  { throw AnsweredElsewhere() }
  func getLink(_ input: Operations.GetLink.Input) async throws -> Operations.GetLink.Output {
    throw AnsweredElsewhere()
  }
  func headLink(_ input: Operations.HeadLink.Input) async throws -> Operations.HeadLink.Output {
    throw AnsweredElsewhere()
  }
  func linkOptions(_ input: Operations.LinkOptions.Input) async throws
    -> Operations.LinkOptions.Output
  { throw AnsweredElsewhere() }
  /// The extension sends a `HEAD` of the stats to the router as a `GET` and drops the body
  /// (StoreExtension+Stats.swift), so that its headers are GET's, `Content-Length` too.
  func headStats(_ input: Operations.HeadStats.Input) async throws
    -> Operations.HeadStats.Output
  { throw AnsweredElsewhere() }
  func statsOptions(_ input: Operations.StatsOptions.Input) async throws
    -> Operations.StatsOptions.Output
  { throw AnsweredElsewhere() }
  func opensOptions(_ input: Operations.OpensOptions.Input) async throws
    -> Operations.OpensOptions.Output
  { throw AnsweredElsewhere() }
  func getOpenAPI(_ input: Operations.GetOpenAPI.Input) async throws
    -> Operations.GetOpenAPI.Output
  { throw AnsweredElsewhere() }
  func headOpenAPI(_ input: Operations.HeadOpenAPI.Input) async throws
    -> Operations.HeadOpenAPI.Output
  { throw AnsweredElsewhere() }
  func openAPIOptions(_ input: Operations.OpenAPIOptions.Input) async throws
    -> Operations.OpenAPIOptions.Output
  { throw AnsweredElsewhere() }
}

/// An error answer in the document's terms: its status and `Error` object. An operation
/// returns the statuses its document lists; it throws the others (500), which ``APIRouter``
/// answers with the same error object and logs with their cause.
struct APIFailure: Error {
  let status: HTTPResponse.Status
  let body: Components.Schemas._Error
  /// The store's own error behind a 500, for the log: the answer says only that the server
  /// failed.
  private(set) var cause: StoreError?

  init(_ status: HTTPResponse.Status, _ code: String, _ message: String, field: String? = nil) {
    self.status = status
    // A code the document does not list is only ever a 500's (`internalError`, …), sent as
    // an undocumented answer with the code in its text.
    body = .init(
      error: .init(code: .init(rawValue: code) ?? .invalidRequest, message: message, field: field)
    )
  }

  /// A store error, as APIResponses.error(_:) answers it.
  init(_ error: StoreError) {
    let status = APIResponses.status(of: error)
    self.init(
      status,
      error.code.rawValue,
      status == .internalServerError ? "the server failed; its log says why" : error.message,
      field: APIResponses.field(of: error)
    )
    cause = error
  }

  static func noSuchCode(_ code: String, field: String) -> APIFailure {
    APIFailure(
      .notFound,
      "notFound",
      "no short link has the code '\(StoreExtension.shown(code))'",
      field: field
    )
  }

  /// 503, with `Retry-After: 5`.
  var unavailable: Components.Responses.Unavailable {
    .init(headers: .init(retryAfter: 5), body: .json(body))
  }

}

extension Components.Schemas.Stats {
  /// A query's report, as `linkgen stats --format json` prints it: each row carries the
  /// query's `groupBy` columns, `null` where the hits had none.
  init(_ query: StatsQuery, _ report: StatsReport) {
    let columns = query.groupBy.compactMap { dimension in
      Components.Schemas.StatsColumn(rawValue: dimension.rawValue).map { (dimension, $0) }
    }
    self.init(
      from: query.from.description,
      to: query.to.description,
      groupBy: columns.map(\.1),
      rows: report.rows.map { row in
        StatsRowBody(
          columns: Dictionary(uniqueKeysWithValues: columns.map { ($0.1, row.cell($0.0)) }),
          clicks: row.clicks,
          visitors: row.visitors,
          bots: row.bots,
          botReasons: row.botReasons,
          storeTaps: row.storeTaps,
          deferredOpens: row.deferredOpens,
          scans: row.scans
        )
      },
      beforeMove: report.history.map { row in
        .init(
          route: row.route,
          link: row.code,
          source: row.source,
          platform: row.platform,
          event: row.event,
          count: row.count
        )
      }
    )
  }
}
