extension RouteTable {
  /// Builds the link set for a typed route.
  ///
  /// ```swift
  /// let links = try table.links(for: SharedChecklist(id: id))
  /// // links.scheme    == "openlist://shared-checklists?shared-checklistId=3f2504e0-…"
  /// // links.universal == "https://openlist.example.com/shared-checklists/3f2504e0-…"
  /// ```
  ///
  /// - Throws: ``LinkError`` when the table has no such route or a value does not fit.
  @inlinable
  public func links(for route: some LinkRoute) throws(LinkError) -> LinkSet {
    try linkSet(routeIndex: routeIndex(named: type(of: route).routeName)) {
      slots throws(LinkError) in try route.encode(to: &slots)
    }
  }

  /// Builds the link set for values prepared with ``values(for:)`` or returned by the parser.
  public func links(for values: RouteValues) throws(LinkError) -> LinkSet {
    let route = try route(for: values).storage
    return try LinkWriter.with(route: route, storage: values.storage) {
      writer throws(LinkError) in
      try linkSet(route: route, writer: writer)
    }
  }

  /// Builds the link set from values keyed by parameter name.
  ///
  /// ```swift
  /// try table.links(for: "photo", values: ["albumname": .string("Vacation"), "index": .int(1)])
  /// ```
  public func links(for routeName: String, values: [String: LinkValue]) throws(LinkError)
    -> LinkSet
  {
    var routeValues = try self.values(for: routeName)
    for (name, value) in values.sorted(by: { $0.key < $1.key }) {
      try routeValues.set(value, for: name)
    }
    return try links(for: routeValues)
  }

  /// Builds the link set from values given as text, as on a command line: `"42"`, `"true"`,
  /// a UUID in either case, any text for strings (taken literally, not percent-decoded).
  public func links(for routeName: String, arguments: [String: String]) throws(LinkError)
    -> LinkSet
  {
    try links(for: values(for: routeName, arguments: arguments))
  }

  /// Values for the named route from text, as on a command line (see
  /// ``links(for:arguments:)``).
  public func values(for routeName: String, arguments: [String: String]) throws(LinkError)
    -> RouteValues
  {
    var routeValues = try values(for: routeName)
    for (name, text) in arguments.sorted(by: { $0.key < $1.key }) {
      try routeValues.set(text: text, for: name)
    }
    return routeValues
  }

  /// Builds one link of a typed route: the custom-scheme link or the universal link.
  @inlinable
  public func link(_ kind: LinkKind, for route: some LinkRoute) throws(LinkError) -> String {
    try link(kind, routeIndex: routeIndex(named: type(of: route).routeName)) {
      slots throws(LinkError) in try route.encode(to: &slots)
    }
  }

  /// Builds one link from values: the custom-scheme link or the universal link.
  public func link(_ kind: LinkKind, for values: RouteValues) throws(LinkError) -> String {
    let route = try route(for: values).storage
    return try LinkWriter.with(route: route, storage: values.storage) {
      writer throws(LinkError) in
      switch kind {
      case .scheme: try schemeLink(route: route, writer: writer)
      case .universal: try universalLink(route: route, writer: writer)
      }
    }
  }

  /// The values of a typed route, checked against the table.
  public func values(of route: some LinkRoute) throws(LinkError) -> RouteValues {
    var values = try values(for: type(of: route).routeName)
    try route.encode(to: &values)
    return values
  }

  private func route(for values: RouteValues) throws(LinkError) -> Route {
    // Values made by this table carry one of its routes (every link built starts here).
    if let index = identityIndex(of: values.route.storage) { return storage.routes[index] }
    let route = try requireRoute(values.routeName)
    guard route.storage === values.route.storage || route == values.route else {
      throw LinkError(
        .unknownRoute,
        "the values are for a route '\(values.routeName)' of another route table",
        route: values.routeName
      )
    }
    return route
  }

  // MARK: Rendering

  /// Writes the universal pattern's path and query once, then assembles every link from it
  /// and the table's precomputed prefixes:
  ///
  /// - universal = `https://<domain>` + tail; web = web base + tail (or the universal link)
  /// - Play Store = prefix + `https://<domain>` and tail, each encoded twice
  /// - intent = `intent` + the scheme link after its scheme + `#Intent;…fallback_url=` +
  ///   the web link, encoded + `;end`
  func linkSet(route: RouteStorage, writer: LinkWriter) throws(LinkError) -> LinkSet {
    let prefixes = storage.prefixes
    let pattern = route.universal
    let tailCount = writer.length(of: pattern)
    try Self.checkLength(prefixes.universal.count + tailCount, .universal, route)
    let scheme = try schemeLink(route: route, writer: writer)
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: tailCount) { buffer in
      let tail = UnsafeBufferPointer(
        start: buffer.baseAddress,
        count: buffer.baseAddress.map { writer.write(pattern, into: $0) } ?? 0
      )
      // Both encodings of the tail grow by the same bytes: count them once.
      let reserved = PercentEncoding.reservedCount(tail)
      let universal = join(prefixes.universal, tail)
      let web = prefixes.web.map { join($0, tail) } ?? universal
      return LinkSet(
        scheme: scheme,
        universal: universal,
        appStore: prefixes.appStore,
        appStoreApp: prefixes.appStoreApp,
        playStore: prefixes.playStore.map { playStoreLink($0, tail: tail, reserved: reserved) },
        androidIntent: prefixes.intentMiddle.map {
          intentLink($0, scheme: scheme, tail: tail, reserved: reserved)
        },
        web: web
      )
    }
  }

  func schemeLink(route: RouteStorage, writer: LinkWriter) throws(LinkError) -> String {
    try link(route.scheme.head, route.scheme, writer, .scheme, route)
  }

  func universalLink(route: RouteStorage, writer: LinkWriter) throws(LinkError) -> String {
    try link(storage.universalHead, route.universal, writer, .universal, route)
  }

  func link(
    _ head: UnsafeBufferPointer<UInt8>,
    _ pattern: CompiledPattern,
    _ writer: LinkWriter,
    _ kind: LinkKind,
    _ route: RouteStorage
  ) throws(LinkError) -> String {
    let length = head.count + writer.length(of: pattern)
    try Self.checkLength(length, kind, route)
    return makeString(capacity: length) { output in
      let count = copy(head, into: output)
      return count + writer.write(pattern, into: output + count)
    }
  }

  /// The builder writes no link the parser would refuse for its length.
  @inline(__always)
  static func checkLength(_ length: Int, _ kind: LinkKind, _ route: RouteStorage)
    throws(LinkError)
  {
    guard length > maximumURLLength else { return }
    throw LinkError(
      .tooLong,
      "the \(kind.rawValue) link to route '\(route.name)' would be \(length) bytes; links are "
        + "at most \(maximumURLLength) bytes, the most the parser reads",
      route: route.name
    )
  }

  private func join(_ head: [UInt8], _ tail: UnsafeBufferPointer<UInt8>) -> String {
    makeString(capacity: head.count + tail.count) { output in
      let count = copy(head, into: output)
      return count + copy(tail, into: output + count)
    }
  }

  /// `…details?id=<package>&referrer=deep_link%3D<universal link, encoded twice>`: the Play
  /// Store decodes the referrer once and hands the app `deep_link=<encoded link>`.
  private func playStoreLink(_ prefix: [UInt8], tail: UnsafeBufferPointer<UInt8>, reserved: Int)
    -> String
  {
    let link = storage.prefixes.universalEncodedTwice
    let capacity = prefix.count + link.count + tail.count + 4 * reserved
    return makeString(capacity: capacity) { output in
      var count = copy(prefix, into: output)
      count += copy(link, into: output + count)
      return count + PercentEncoding.encodeTwice(tail, into: output + count)
    }
  }

  /// `intent<the scheme link after its scheme>#Intent;scheme=…;package=…;
  /// S.browser_fallback_url=<web link, encoded>;end`.
  private func intentLink(
    _ middle: [UInt8],
    scheme: String,
    tail: UnsafeBufferPointer<UInt8>,
    reserved: Int
  ) -> String {
    var scheme = scheme
    let prefixes = storage.prefixes
    return scheme.withUTF8 { link in
      let data = UnsafeBufferPointer(rebasing: link[prefixes.schemeLength...])
      let capacity =
        Self.intent.count + data.count + middle.count + prefixes.webEncoded.count
        + tail.count + 2 * reserved + Self.end.count
      return makeString(capacity: capacity) { output in
        var count = copy(Self.intent, into: output)
        count += copy(data, into: output + count)
        count += copy(middle, into: output + count)
        count += copy(prefixes.webEncoded, into: output + count)
        count += PercentEncoding.encode(tail, into: output + count)
        return count + copy(Self.end, into: output + count)
      }
    }
  }

  private static var intent: UnsafeBufferPointer<UInt8> { bytes("intent") }
  private static var end: UnsafeBufferPointer<UInt8> { bytes(";end") }

  private static func bytes(_ text: StaticString) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
  }
}
