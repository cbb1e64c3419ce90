/// A route table, validated: what ``TableCompiler`` makes of a ``TableDocument``.
struct CompiledTable: Sendable {
  let app: AppIdentity
  let routes: [Route]
  let pages: PageSettings?
  let association: AssociationSettings
}

/// Validates a decoded route table and compiles it into the public model. Every problem is
/// collected, so one run of `linkgen validate` shows them all, each at its line and column.
struct TableCompiler {
  private(set) var problems: [RouteTableError.Problem] = []

  static func compile(
    _ document: TableDocument,
    source: String?,
    positions: [String: (line: Int, column: Int)]
  ) throws(RouteTableError) -> CompiledTable {
    var compiler = TableCompiler()
    let app = compiler.app(document.app)
    let pages = document.pages.map { compiler.pages($0) }
    guard document.routes.count <= RouteTable.maximumRoutes else {
      // Before the routes are compiled and compared pairwise.
      throw RouteTableError(
        .tooLarge,
        file: source,
        problems: [
          .init(
            field: "routes",
            message: "the table has \(document.routes.count) routes; linkgen reads at most "
              + "\(RouteTable.maximumRoutes)"
          )
        ]
      )
    }
    let routes = compiler.routes(document.routes, appScheme: app.scheme)
    let association = AssociationRules.compile(document.association, ios: app.ios) {
      compiler.problem(field: $0, $1)
    }
    if compiler.problems.isEmpty {
      compiler.problems += Overlap.problems(in: routes)
    }
    guard compiler.problems.isEmpty else {
      throw RouteTableError(
        .invalidTable,
        file: source,
        problems: compiler.problems.map { $0.located(in: positions) }
      )
    }
    return CompiledTable(app: app, routes: routes, pages: pages, association: association)
  }

  mutating func problem(route: String? = nil, field: String, _ message: String) {
    problems.append(.init(route: route, field: field, message: message))
  }

  // MARK: App

  private mutating func app(_ file: TableDocument.App) -> AppIdentity {
    let scheme = file.scheme
    if let message = Identifiers.schemeProblem(scheme) {
      problem(field: "app.scheme", message)
    }
    if file.domains.isEmpty {
      problem(field: "app.domains", "list at least one domain; the first is canonical")
    }
    for (index, domain) in file.domains.enumerated() {
      if let message = Identifiers.domainProblem(domain) {
        problem(field: "app.domains[\(index)]", message)
      } else if file.domains[..<index].contains(domain) {
        problem(field: "app.domains[\(index)]", "'\(domain)' is listed twice")
      }
    }
    if let name = file.name, let message = Identifiers.displayTextProblem(name) {
      problem(field: "app.name", message)
    }
    var webBase: String?
    if let web = file.web {
      if let message = Identifiers.webBaseProblem(web) {
        problem(field: "app.web", message)
      }
      webBase = web.hasSuffix("/") ? String(web.dropLast()) : web
    }
    return AppIdentity(
      name: file.name,
      scheme: scheme,
      domains: file.domains.isEmpty ? [""] : file.domains,
      ios: file.ios.map { ios($0) },
      android: file.android.map { android($0) },
      webBase: webBase
    )
  }

  private mutating func ios(_ file: TableDocument.IOS) -> IOSApp {
    if let message = Identifiers.teamIDProblem(file.teamID) {
      problem(field: "app.ios.teamID", message)
    }
    if let message = Identifiers.bundleIDProblem(file.bundleID) {
      problem(field: "app.ios.bundleID", message)
    }
    if let id = file.appStoreID, let message = Identifiers.appStoreIDProblem(id) {
      problem(field: "app.ios.appStoreID", message)
    }
    return IOSApp(teamID: file.teamID, bundleID: file.bundleID, appStoreID: file.appStoreID)
  }

  private mutating func android(_ file: TableDocument.Android) -> AndroidApp {
    if let message = Identifiers.packageProblem(file.package) {
      problem(field: "app.android.package", message)
    }
    if file.sha256CertFingerprints.isEmpty {
      problem(
        field: "app.android.sha256CertFingerprints",
        "list the SHA-256 fingerprint of at least one signing certificate"
      )
    }
    for (index, fingerprint) in file.sha256CertFingerprints.enumerated() {
      if let message = Identifiers.fingerprintProblem(fingerprint) {
        problem(field: "app.android.sha256CertFingerprints[\(index)]", message)
      }
    }
    return AndroidApp(package: file.package, sha256CertFingerprints: file.sha256CertFingerprints)
  }

  // MARK: Routes

  private mutating func routes(_ files: [TableDocument.Route], appScheme: String) -> [Route] {
    if files.isEmpty {
      problem(field: "routes", "the table has no routes")
    }
    var routes: [Route] = []
    var seen: [String: Int] = [:]
    for (index, file) in files.enumerated() {
      let field = "routes[\(index)]"
      if let earlier = seen[file.name] {
        problem(
          route: file.name,
          field: "\(field).name",
          "the name '\(file.name)' is already used by routes[\(earlier)]"
        )
      }
      seen[file.name] = seen[file.name] ?? index
      if let route = route(file, field: field, appScheme: appScheme) {
        routes.append(route)
      }
    }
    return routes
  }

  private mutating func route(_ file: TableDocument.Route, field: String, appScheme: String)
    -> Route?
  {
    let name = file.name
    let before = problems.count
    if let message = Identifiers.routeNameProblem(name) {
      problem(route: name, field: "\(field).name", message)
    }
    if let summary = file.summary, let message = Identifiers.displayTextProblem(summary) {
      problem(route: name, field: "\(field).summary", message)
    }
    var parameters: [Parameter] = []
    for (index, parameterFile) in (file.parameters ?? []).enumerated() {
      let parameterField = "\(field).parameters[\(index)]"
      if parameters.contains(where: { $0.name == parameterFile.name }) {
        problem(
          route: name,
          field: "\(parameterField).name",
          "the parameter '\(parameterFile.name)' is declared twice"
        )
        continue
      }
      if let parameter = self.parameter(parameterFile, route: name, field: parameterField) {
        parameters.append(parameter)
      }
    }
    guard problems.count == before else { return nil }

    var patterns: [LinkPattern] = []
    for (kind, template) in [(LinkKind.scheme, file.scheme), (.universal, file.universal)] {
      let templateField = "\(field).\(kind.rawValue)"
      do {
        let pattern = try TemplateParser.parse(
          template,
          kind: kind,
          appScheme: appScheme,
          parameters: parameters
        )
        checkUsage(of: parameters, in: pattern, route: name, field: templateField)
        checkSize(of: pattern, route: name, field: templateField)
        patterns.append(pattern)
      } catch {
        problem(route: name, field: templateField, error.message)
      }
    }
    guard problems.count == before, patterns.count == 2 else { return nil }
    return Route(
      name: name,
      summary: file.summary,
      parameters: parameters,
      schemePattern: patterns[0],
      universalPattern: patterns[1],
      appScheme: appScheme
    )
  }

  /// No more path segments or query items than the parser reads: a link it could not parse
  /// back would be useless.
  private mutating func checkSize(of pattern: LinkPattern, route: String, field: String) {
    if pattern.path.count > RouteTable.maximumPathSegments {
      problem(
        route: route,
        field: field,
        "the template has \(pattern.path.count) path segments; links have at most "
          + "\(RouteTable.maximumPathSegments)"
      )
    }
    if pattern.query.count > RouteTable.maximumQueryItems {
      problem(
        route: route,
        field: field,
        "the template has \(pattern.query.count) query items; links have at most "
          + "\(RouteTable.maximumQueryItems)"
      )
    }
  }

  /// Every declared parameter appears exactly once in the template; optional ones only in the
  /// query.
  private mutating func checkUsage(
    of parameters: [Parameter],
    in pattern: LinkPattern,
    route: String,
    field: String
  ) {
    var pathUses = Array(repeating: 0, count: parameters.count)
    var queryUses = Array(repeating: 0, count: parameters.count)
    for case .parameter(let index) in pattern.path { pathUses[index] += 1 }
    for item in pattern.query {
      if case .parameter(let index) = item.value { queryUses[index] += 1 }
    }
    for (index, parameter) in parameters.enumerated() {
      let uses = pathUses[index] + queryUses[index]
      if uses == 0 {
        problem(
          route: route,
          field: field,
          "the template leaves out the parameter {\(parameter.name)}; "
            + "every declared parameter must appear in both templates"
        )
      } else if uses > 1 {
        problem(route: route, field: field, "the template uses {\(parameter.name)} \(uses) times")
      } else if pathUses[index] > 0 && parameter.isOptional {
        problem(
          route: route,
          field: field,
          "the optional parameter {\(parameter.name)} sits in the path; "
            + "optional parameters belong in the query"
        )
      } else if pathUses[index] > 0, case .string(let rules) = parameter.type, rules.minLength < 1 {
        // An empty value would leave an empty segment ("//"), which no parser reads back.
        problem(
          route: route,
          field: field,
          "{\(parameter.name)} sits in a path segment, which cannot be empty; "
            + "its minLength must be at least 1"
        )
      }
    }
  }

  // MARK: Pages

  private mutating func pages(_ file: TableDocument.Pages) -> PageSettings {
    let checks: [(String, String?, (String) -> String?)] = [
      ("templates", file.templates, PageRules.templatesProblem),
      ("image", file.image, PageRules.httpsURLProblem),
      ("imageAlt", file.imageAlt, PageRules.altTextProblem),
      ("twitterSite", file.twitterSite, PageRules.twitterSiteProblem),
      ("themeColor", file.themeColor, PageRules.themeColorProblem),
    ]
    for (key, value, rule) in checks {
      if let value, let message = rule(value) { problem(field: "pages.\(key)", message) }
    }
    if file.imageAlt != nil && file.image == nil {
      problem(field: "pages.imageAlt", "imageAlt describes the image; set pages.image too")
    }
    return PageSettings(
      templates: file.templates,
      image: file.image,
      imageAlt: file.imageAlt,
      twitterSite: file.twitterSite,
      themeColor: file.themeColor
    )
  }
}

extension RouteTableError.Problem {
  /// The problem at the line and column of its field, or of the nearest enclosing field the
  /// file has (a missing key is reported at its object).
  func located(in positions: [String: (line: Int, column: Int)]) -> Self {
    guard line == nil else { return self }
    var path = Substring(field)
    while true {
      if let position = positions[String(path)] {
        return Self(
          route: route,
          field: field,
          message: message,
          line: position.line,
          column: position.column
        )
      }
      guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return self }
      path = path[..<cut]
    }
  }
}
