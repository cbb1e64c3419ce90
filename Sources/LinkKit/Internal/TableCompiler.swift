/// A route table, validated: what ``TableCompiler`` makes of a ``TableDocument``.
struct CompiledTable: Sendable {
  let app: AppIdentity
  let routes: [Route]
  let pages: PageSettings?
  let association: AssociationSettings
}

/// Validates a decoded route table and compiles it into the public model. Every problem is
/// collected, so one run of `linkgen validate` shows them all.
struct TableCompiler {
  private(set) var problems: [RouteTableError.Problem] = []

  static func compile(
    _ document: TableDocument,
    source: String?,
    unknownKeys: [RouteTableError.Problem]
  ) throws(RouteTableError) -> CompiledTable {
    var compiler = TableCompiler()
    compiler.problems = unknownKeys
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
    var routes: [Route] = []
    var seen: [String: Int] = [:]
    if document.routes.isEmpty {
      compiler.problem(field: "routes", "the table has no routes")
    }
    for (index, file) in document.routes.enumerated() {
      let field = "routes[\(index)]"
      if let earlier = seen[file.name] {
        compiler.problem(
          route: file.name,
          field: "\(field).name",
          "the name '\(file.name)' is already used by routes[\(earlier)]"
        )
      }
      seen[file.name] = seen[file.name] ?? index
      if let route = compiler.route(file, field: field, appScheme: app.scheme) {
        routes.append(route)
      }
    }
    let association = AssociationRules.compile(document.association, ios: app.ios) {
      compiler.problem(field: $0, $1)
    }
    if compiler.problems.isEmpty {
      for problem in Overlap.problems(in: routes) { compiler.problems.append(problem) }
    }
    guard compiler.problems.isEmpty else {
      throw RouteTableError(.invalidTable, file: source, problems: compiler.problems)
    }
    return CompiledTable(app: app, routes: routes, pages: pages, association: association)
  }

  private mutating func problem(route: String? = nil, field: String, _ message: String) {
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
    var ios: IOSApp?
    if let file = file.ios {
      if let message = Identifiers.teamIDProblem(file.teamID) {
        problem(field: "app.ios.teamID", message)
      }
      if let message = Identifiers.bundleIDProblem(file.bundleID) {
        problem(field: "app.ios.bundleID", message)
      }
      if let id = file.appStoreID, let message = Identifiers.appStoreIDProblem(id) {
        problem(field: "app.ios.appStoreID", message)
      }
      ios = IOSApp(teamID: file.teamID, bundleID: file.bundleID, appStoreID: file.appStoreID)
    }
    var android: AndroidApp?
    if let file = file.android {
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
      android = AndroidApp(
        package: file.package,
        sha256CertFingerprints: file.sha256CertFingerprints
      )
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
      ios: ios,
      android: android,
      webBase: webBase
    )
  }

  // MARK: Routes

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

  // MARK: Parameters

  private mutating func parameter(_ file: TableDocument.Parameter, route: String, field: String)
    -> Parameter?
  {
    let before = problems.count
    if let message = Identifiers.parameterNameProblem(file.name) {
      problem(route: route, field: "\(field).name", message)
    }
    let keys: [(String, Bool)] = [
      ("min", file.min != nil), ("max", file.max != nil),
      ("minLength", file.minLength != nil), ("maxLength", file.maxLength != nil),
      ("allowedCharacters", file.allowedCharacters != nil), ("values", file.values != nil),
      ("allowNil", file.allowNil != nil),
    ]
    let applicable: [String: [String]] = [
      "uuid": ["allowNil"],
      "int": ["min", "max"],
      "string": ["minLength", "maxLength", "allowedCharacters"],
      "enum": ["values"],
    ]
    guard ["uuid", "int", "string", "enum", "bool"].contains(file.type) else {
      problem(
        route: route,
        field: "\(field).type",
        "unknown type '\(file.type)'; the types are uuid, int, string, enum and bool"
      )
      return nil
    }
    for (key, present) in keys where present && !(applicable[file.type] ?? []).contains(key) {
      problem(
        route: route,
        field: "\(field).\(key)",
        "'\(key)' does not apply to a parameter of type \(file.type)"
      )
    }
    let type: ParameterType
    switch file.type {
    case "uuid": type = .uuid
    case "bool": type = .bool
    case "int":
      if let min = file.min, let max = file.max, min > max {
        problem(route: route, field: "\(field).max", "max (\(max)) is below min (\(min))")
      }
      type = .int(min: file.min, max: file.max)
    case "enum":
      let values = file.values ?? []
      if values.isEmpty {
        problem(route: route, field: "\(field).values", "an enum parameter lists its values")
      }
      for (index, value) in values.enumerated() {
        let rules = StringRules()
        var text = value
        if let trouble = text.withUTF8({ ValueRules.checkString($0, rules: rules) }) {
          problem(
            route: route,
            field: "\(field).values[\(index)]",
            "the value \(trouble.sentence(text: value))"
          )
        } else if values[..<index].contains(value) {
          problem(route: route, field: "\(field).values[\(index)]", "'\(value)' is listed twice")
        }
      }
      type = .enumeration(values)
    default:
      let minLength = file.minLength ?? 1
      let maxLength = file.maxLength ?? StringRules.defaultMaxLength
      if minLength < 0 {
        problem(route: route, field: "\(field).minLength", "minLength cannot be negative")
      }
      if maxLength < max(minLength, 1) {
        problem(
          route: route,
          field: "\(field).maxLength",
          "maxLength (\(maxLength)) must be at least 1 and at least minLength (\(minLength))"
        )
      }
      if maxLength > RouteTable.maximumURLLength {
        problem(
          route: route,
          field: "\(field).maxLength",
          "maxLength (\(maxLength)) exceeds the longest link the parser reads "
            + "(\(RouteTable.maximumURLLength) bytes)"
        )
      }
      var allowed: AllowedCharacters?
      if let pattern = file.allowedCharacters {
        do {
          allowed = try AllowedCharacters(pattern)
        } catch {
          problem(route: route, field: "\(field).allowedCharacters", error.message)
        }
      }
      type = .string(
        StringRules(minLength: minLength, maxLength: maxLength, allowedCharacters: allowed)
      )
    }
    if file.optional == false && file.default != nil {
      problem(
        route: route,
        field: "\(field).optional",
        "a parameter with a default is optional; remove \"optional\": false or the default"
      )
    }
    var defaultValue: LinkValue?
    if let scalar = file.default {
      defaultValue = Self.value(scalar, for: type)
      if let value = defaultValue {
        if let trouble = ValueRules.problem(
          with: value,
          for: type,
          allowsNilUUID: file.allowNil ?? false
        ) {
          problem(
            route: route,
            field: "\(field).default",
            "the default \(trouble.sentence(text: value.description))"
          )
        }
      } else {
        problem(
          route: route,
          field: "\(field).default",
          "the default \(scalar) is not a value of type \(file.type)"
        )
      }
    }
    guard problems.count == before else { return nil }
    return Parameter(
      name: file.name,
      type: type,
      isOptional: file.optional ?? false,
      defaultValue: defaultValue,
      allowsNilUUID: file.allowNil ?? false
    )
  }

  private static func value(_ scalar: TableDocument.Scalar, for type: ParameterType) -> LinkValue? {
    switch (type, scalar) {
    case (.uuid, .string(let text)):
      var text = text
      return text.withUTF8 { UUIDText.parse($0) }.map(LinkValue.uuid)
    case (.int, .int(let int)): return .int(int)
    case (.bool, .bool(let bool)): return .bool(bool)
    case (.string, .string(let text)), (.enumeration, .string(let text)): return .string(text)
    default: return nil
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
