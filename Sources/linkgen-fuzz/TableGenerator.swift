/// Route tables written from fuzz choices: valid in form (names, types, templates that use
/// every parameter once), varied in what matters to association files (literal and parameter
/// segments, query items, optional parameters, string rules, excludes). Many still fail to load
/// (routes that overlap), which the target skips.
enum TableGenerator {
  static let domains = ["fuzz.example.com", "www.fuzz.example.com", "go.fuzz.example.org"]
  static let literals = ["a", "items", "shared", "new", "v1", "x.y", "~u", "caf", "A", "id"]
  static let excludes = [
    "/account/*", "/a/*", "/items/x*", "/oauth/callback", "/shared/????", "/new", "/v1/*/edit",
    "/A*", "/x.y/?*",
  ]
  static let fragments = ["no_universal_links", "nul*", "x?"]
  static let allowed = ["A-Z0-9", "a-z", "A-Za-z0-9_-", "a-z0-9.~", "0-9"]

  static func json(_ input: inout FuzzInput) -> String {
    let domainCount = input.int(in: 1...3)
    var routes: [String] = []
    for index in 0..<input.int(in: 1...5) {
      routes.append(route(index, &input))
    }
    var association: [String] = []
    let chosen = (0..<input.int(in: 0...2)).map { _ in input.pick(excludes) }
    if !chosen.isEmpty { association.append("\"excludes\": \(list(unique(chosen)))") }
    if input.int(in: 0...2) == 0 {
      association.append("\"excludeFragments\": [\"\(input.pick(fragments))\"]")
    }
    return """
      {"app": {"name": "Fuzz", "scheme": "fuzzapp", "domains": \(list(Array(domains.prefix(domainCount)))),
        "ios": {"teamID": "ABCDE12345", "bundleID": "com.example.fuzz"},
        "android": {"package": "com.example.fuzz", "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}},
       "routes": [\(routes.joined(separator: ",\n"))],
       "association": {\(association.joined(separator: ", "))}}
      """
  }

  static func route(_ index: Int, _ input: inout FuzzInput) -> String {
    let name = "route-" + String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index)))
    var parameters: [(json: String, name: String, optional: Bool)] = []
    for position in 0..<input.int(in: 0...4) {
      parameters.append(parameter("p\(position)", &input))
    }
    var path: [String] = []
    if input.int(in: 0...3) != 0 { path.append(name) }
    var query: [String] = []
    for parameter in parameters {
      if !parameter.optional && input.bool() {
        if input.bool() { path.append(input.pick(literals)) }
        path.append("{\(parameter.name)}")
      } else {
        query.append("\(parameter.name)={\(parameter.name)}")
      }
    }
    if input.int(in: 0...3) == 0 { path.append(input.pick(literals)) }
    if input.int(in: 0...4) == 0 { query.append("v=\(input.pick(literals))") }
    let queryText = query.isEmpty ? "" : "?" + query.joined(separator: "&")
    let schemePath = path.filter { $0.hasPrefix("{") }.map { "/" + $0 }.joined()
    return """
      {"name": "\(name)", "parameters": [\(parameters.map(\.json).joined(separator: ", "))],
        "scheme": "fuzzapp://\(name)\(schemePath)\(queryText)",
        "universal": "/\(path.joined(separator: "/"))\(queryText)"}
      """
  }

  static func parameter(_ name: String, _ input: inout FuzzInput) -> (String, String, Bool) {
    var keys = ["\"name\": \"\(name)\""]
    var optional = input.int(in: 0...3) == 0
    switch input.int(in: 0...4) {
    case 0:
      keys.append("\"type\": \"uuid\"")
      if input.int(in: 0...3) == 0 { keys.append("\"allowNil\": true") }
    case 1:
      keys.append("\"type\": \"int\"")
      let bounds = [-5, 0, 1, 7, 100, 10000]
      let low = input.bool() ? input.pick(bounds) : nil
      let high = input.bool() ? input.pick(bounds) : nil
      if let low { keys.append("\"min\": \(low)") }
      if let high, high >= (low ?? .min) { keys.append("\"max\": \(high)") }
      if optional && input.bool() {
        keys.append("\"default\": \(max(low ?? 0, min(high ?? 0, 0)))")
      }
    case 2:
      keys.append("\"type\": \"string\"")
      let minimum = input.pick([0, 1, 2, 3])
      keys.append("\"minLength\": \(minimum)")
      keys.append("\"maxLength\": \(max(minimum, 1) + input.pick([0, 7, 39, 255]))")
      if input.bool() { keys.append("\"allowedCharacters\": \"\(input.pick(allowed))\"") }
    case 3:
      keys.append("\"type\": \"enum\"")
      let values = unique(
        (0..<input.int(in: 1...3)).map { _ in input.pick(["list", "board", "x", "1", "new"]) }
      )
      keys.append("\"values\": \(list(values))")
      if optional && input.bool() { keys.append("\"default\": \"\(values[0])\"") }
    default:
      keys.append("\"type\": \"bool\"")
      if optional && input.bool() { keys.append("\"default\": \(input.bool())") }
    }
    if optional && !keys.contains(where: { $0.hasPrefix("\"default\"") }) {
      keys.append("\"optional\": true")
    }
    optional = optional || keys.contains { $0.hasPrefix("\"default\"") }
    return ("{" + keys.joined(separator: ", ") + "}", name, optional)
  }

  static func list(_ items: [String]) -> String {
    "[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
  }

  static func unique(_ items: [String]) -> [String] {
    var seen = Set<String>()
    return items.filter { seen.insert($0).inserted }
  }
}
