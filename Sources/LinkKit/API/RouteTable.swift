#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The route table: one app, its routes, and everything needed to build and parse their
/// links. Load it once and share it; it is immutable and `Sendable`.
///
/// ```swift
/// let table = try RouteTable(contentsOf: URL(filePath: "linkgen.json"))
/// let links = try table.links(for: "shared-checklist", arguments: ["id": "3F2504E0-…"])
/// let parsed = try table.parse("https://openlist.example.com/shared-checklists/3f2504e0-…")
/// ```
///
/// Loading validates the whole table and reports every problem at once (see
/// ``RouteTableError``): duplicate names, templates that name undeclared parameters or leave
/// declared ones out, routes that could match the same URL, malformed app identities.
public struct RouteTable: Sendable {
  /// The longest input, in UTF-8 bytes, the parser reads; longer input is rejected before any
  /// other work with ``LinkError/Code/tooLong``.
  public static let maximumURLLength = 8192
  /// The most query items the parser reads in one link.
  public static let maximumQueryItems = 64

  /// The app the links open.
  public var app: AppIdentity { storage.app }
  /// The routes, in the table's order.
  public var routes: [Route] { storage.routes }
  /// Where the table came from (a file path), for messages.
  public var source: String? { storage.source }
  /// The `"pages"` section (templates folder, preview image…), when the table has one.
  public var pages: PageSettings? { storage.compiled.pages }
  /// The table's `association` settings: excludes, web credentials, App Clip.
  public var association: AssociationSettings { storage.compiled.association }

  let storage: TableStorage

  /// Loads and validates a table from a JSON file.
  public init(contentsOf url: URL) throws(RouteTableError) {
    let path = url.isFileURL ? url.path : url.absoluteString
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw RouteTableError(
        file: path,
        problems: [.init(field: "", message: "cannot read the file (\(Self.reason(error)))")]
      )
    }
    try self.init(json: data, source: path)
  }

  /// Loads and validates a table from JSON data; `source` names it in error messages.
  public init(json: Data, source: String? = nil) throws(RouteTableError) {
    try self.init(json: json, source: source, embedded: false)
  }

  init(json: Data, source: String?, embedded: Bool) throws(RouteTableError) {
    let document = try TableDocument.decode(json, source: source)
    let compiled = try TableCompiler.compile(
      document,
      source: source,
      unknownKeys: UnknownKeys.problems(in: json)
    )
    storage = TableStorage(compiled, source: source, embedded: embedded)
  }

  /// Whether the table is embedded in generated code (``init(generatedJSON:source:routeSignatures:)``),
  /// so that paths in it are relative to no file.
  package var isEmbedded: Bool { storage.embedded }

  /// The route of the given name.
  public func route(named name: String) -> Route? {
    storage.routeIndex[name].map { storage.routes[$0] }
  }

  /// Empty values for the named route, to fill with ``RouteValues/set(_:for:)-8z4ja``.
  ///
  /// - Throws: ``LinkError`` with ``LinkError/Code/unknownRoute``.
  public func values(for routeName: String) throws(LinkError) -> RouteValues {
    RouteValues(route: try requireRoute(routeName))
  }

  func requireRoute(_ name: String) throws(LinkError) -> Route {
    guard let index = storage.routeIndex[name] else {
      let known = routes.map(\.name).joined(separator: ", ")
      throw LinkError(
        .unknownRoute,
        "the route table has no route '\(name)'; it has \(known)",
        route: name
      )
    }
    return storage.routes[index]
  }

  private static func reason(_ error: any Error) -> String {
    let text = "\(error)"
    if text.contains("NSFileReadNoSuchFileError") || text.contains("No such file") {
      return "no such file"
    }
    if text.contains("Permission") || text.contains("NoPermission") { return "permission denied" }
    return text
  }
}

/// The table's data behind one reference, so that passing a table around costs one retain.
final class TableStorage: @unchecked Sendable {
  /// Everything the table file says, validated.
  let compiled: CompiledTable
  let source: String?
  /// Whether the table comes from generated code rather than a file.
  let embedded: Bool
  // Copies of the hot parts, read on every build and parse.
  let app: AppIdentity
  let routes: [Route]
  let routeIndex: [String: Int]
  let prefixes: LinkPrefixes
  // For the parser, in buffers owned by the table and never written after `init` (hence
  // `@unchecked Sendable`), so that reading them costs no reference counting:
  /// The routes' storage, unretained (``routes`` keeps it alive).
  let routeStorage: UnsafeBufferPointer<Unmanaged<RouteStorage>>
  /// The app's scheme and domains, as bytes, one after another.
  let text: UnsafeBufferPointer<UInt8>
  /// Where the scheme is in ``text``.
  let scheme: Range<Int>
  /// Where each domain is in ``text``.
  let domains: UnsafeBufferPointer<Range<Int>>

  init(_ compiled: CompiledTable, source: String?, embedded: Bool = false) {
    self.compiled = compiled
    self.source = source
    self.embedded = embedded
    app = compiled.app
    routes = compiled.routes
    var index: [String: Int] = [:]
    for (position, route) in routes.enumerated() { index[route.name] = position }
    routeIndex = index
    prefixes = LinkPrefixes(app: app)
    var bytes = Array(app.scheme.utf8)
    scheme = 0..<bytes.count
    var ranges: [Range<Int>] = []
    for domain in app.domains {
      ranges.append(bytes.count..<bytes.count + domain.utf8.count)
      bytes += domain.utf8
    }
    text = Self.owned(bytes)
    domains = Self.owned(ranges)
    routeStorage = Self.owned(routes.map { Unmanaged.passUnretained($0.storage) })
  }

  deinit {
    routeStorage.deallocate()
    text.deallocate()
    domains.deallocate()
  }

  private static func owned<T>(_ elements: [T]) -> UnsafeBufferPointer<T> {
    let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: Swift.max(elements.count, 1))
    _ = buffer.initialize(from: elements)
    return UnsafeBufferPointer(start: buffer.baseAddress, count: elements.count)
  }
}
