#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
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
  /// The longest link, in UTF-8 bytes, the parser reads and the builder writes; longer input
  /// is rejected before any other work with ``LinkError/Code/tooLong``.
  public static let maximumURLLength = 8192
  /// The most query items the parser reads in one link (``LinkError/Code/tooManyParts``), and
  /// a template may have.
  public static let maximumQueryItems = 64
  /// The most path segments the parser reads in one link (``LinkError/Code/tooManyParts``),
  /// and a template may have.
  public static let maximumPathSegments = 32
  /// The largest route table file, in bytes, checked before the JSON is read
  /// (``RouteTableError/Code/tooLarge``).
  public static let maximumTableSize = 1 << 20
  /// The most routes a table may have (``RouteTableError/Code/tooLarge``).
  public static let maximumRoutes = 1000
  /// The deepest the table's JSON may nest, checked before it is decoded
  /// (``RouteTableError/Code/tooDeep``); the format itself needs 5 levels.
  public static let maximumNestingDepth = 32

  /// The app the links open.
  public var app: AppIdentity { storage.app }
  /// The routes, in the table's order.
  public var routes: [Route] { storage.routes }
  /// The name of the table's file as given, for messages; `nil` for a table read from memory
  /// without a name.
  public var source: String? { storage.source }
  /// The file the table was loaded from, when it was loaded from one; relative paths in the
  /// table (such as `pages.templates`) are resolved against its folder.
  public var url: URL? { storage.url }
  /// The `"pages"` section (templates folder, preview image…), when the table has one.
  public var pages: PageSettings? { storage.compiled.pages }
  /// The table's `association` settings: excludes, web credentials, App Clip.
  public var association: AssociationSettings { storage.compiled.association }

  let storage: TableStorage

  /// Loads and validates a table from a JSON file.
  ///
  /// - Parameter url: A file URL. Errors name the file by its path as given
  ///   (`URL.relativePath`), so a relative path stays relative in messages.
  /// - Throws: ``RouteTableError``: ``RouteTableError/Code/fileNotFound`` or
  ///   ``RouteTableError/Code/unreadableFile`` when the file cannot be read, otherwise as
  ///   ``init(json:source:)``.
  public init(contentsOf url: URL) throws(RouteTableError) {
    let name = url.isFileURL ? url.relativePath : url.absoluteString
    let data = try Self.read(url, name: name)
    try self.init(json: data, source: name, url: url)
  }

  /// Loads and validates a table from JSON data; `source` names it in error messages.
  ///
  /// - Throws: ``RouteTableError`` with ``RouteTableError/Code/malformedJSON`` or
  ///   ``RouteTableError/Code/invalidTable``, listing every problem found.
  public init(json: Data, source: String? = nil) throws(RouteTableError) {
    try self.init(json: json, source: source, url: nil)
  }

  init(json: Data, source: String?, url: URL?, embedded: Bool = false) throws(RouteTableError) {
    try TableLimits.check(json, source: source)
    let (document, positions) = try TableDocument.decode(json, source: source)
    let compiled = try TableCompiler.compile(document, source: source, positions: positions)
    storage = TableStorage(compiled, source: source, url: url, embedded: embedded)
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

  /// The file's bytes; the error names why they cannot be read (no file, a directory, no
  /// permission) without depending on the wording of Foundation's errors.
  private static func read(_ url: URL, name: String) throws(RouteTableError) -> Data {
    func failure(_ code: RouteTableError.Code, _ reason: String) -> RouteTableError {
      RouteTableError(
        code,
        file: name,
        problems: [.init(field: "", message: "cannot read the route table: \(reason)")]
      )
    }
    guard url.isFileURL else {
      throw failure(.unreadableFile, "'\(url.absoluteString)' is not a file URL")
    }
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    let type = attributes?[.type] as? FileAttributeType
    if type == .typeDirectory {
      throw failure(.unreadableFile, "it is a directory; give the table's JSON file")
    }
    if let size = attributes?[.size] as? Int, type == .typeRegular, size > maximumTableSize {
      throw TableLimits.tooLarge(size, source: name)
    }
    do {
      if let type, type != .typeRegular {
        // A pipe or a device: read no more than the limit allows.
        guard let data = LinkKit.readPrefix(url.path, count: maximumTableSize + 1) else {
          throw failure(.unreadableFile, String(cString: strerror(errno)))
        }
        return data
      }
      return try Data(contentsOf: url)
    } catch let error as CocoaError {
      switch error.code {
      case .fileReadNoSuchFile: throw failure(.fileNotFound, "no such file")
      case .fileReadNoPermission: throw failure(.unreadableFile, "permission denied")
      default:
        throw failure(.unreadableFile, "the file system reported error \(error.code.rawValue)")
      }
    } catch {
      throw failure(.unreadableFile, "\(error)")
    }
  }
}

/// Up to `count` bytes of a file that may be a pipe or a device; `nil` with `errno` set when
/// it cannot be read.
private func readPrefix(_ path: String, count: Int) -> Data? {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var bytes = [UInt8](repeating: 0, count: count)
  var filled = 0
  while filled < count {
    let got = bytes.withUnsafeMutableBytes { buffer in
      read(descriptor, buffer.baseAddress.map { $0 + filled }, count - filled)
    }
    if got < 0 && errno == EINTR { continue }
    guard got >= 0 else { return nil }
    if got == 0 { break }
    filled += got
  }
  return Data(bytes[..<filled])
}

/// The table's data behind one reference, so that passing a table around costs one retain.
final class TableStorage: @unchecked Sendable {
  /// Everything the table file says, validated.
  let compiled: CompiledTable
  let source: String?
  let url: URL?
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
  /// The most parameters a route has (at least 1): room for any route's values.
  let maximumParameterCount: Int
  /// `https://<canonical domain>`, the start of every universal link.
  let universalHead: UnsafeBufferPointer<UInt8>

  init(_ compiled: CompiledTable, source: String?, url: URL?, embedded: Bool = false) {
    self.compiled = compiled
    self.source = source
    self.url = url
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
    maximumParameterCount = Swift.max(1, routes.map(\.storage.parameterCount).max() ?? 0)
    universalHead = Self.owned(prefixes.universal)
  }

  deinit {
    routeStorage.deallocate()
    universalHead.deallocate()
    text.deallocate()
    domains.deallocate()
  }

  private static func owned<T>(_ elements: [T]) -> UnsafeBufferPointer<T> {
    let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: Swift.max(elements.count, 1))
    _ = buffer.initialize(from: elements)
    return UnsafeBufferPointer(start: buffer.baseAddress, count: elements.count)
  }
}
