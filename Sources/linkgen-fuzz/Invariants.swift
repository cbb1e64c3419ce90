import Foundation
import LinkKit

/// What must hold for every input, checked with `precondition` so that a violation is a crash
/// the fuzzer reports:
///
/// - parsing never traps (any input gets a route or a `LinkError`);
/// - a parsed link re-builds to a link that parses to the same route and values, and the
///   re-built link is a fixed point;
/// - no parsed text value holds a control or bidirectional-formatting character;
/// - loading a route table never traps, and a table that loads builds and parses its own
///   links for default-ish values.
enum Invariants {
  static let mode = ProcessInfo.processInfo.environment["LINKGEN_FUZZ"] ?? "links"

  static let tables: [RouteTable] = {
    let json = [openlist, photos]
    return json.compactMap { try? RouteTable(json: Data($0.utf8)) }
  }()

  static func check(_ data: Data) {
    if mode == "table" {
      checkTable(data)
    } else {
      checkLink(String(decoding: data, as: UTF8.self))
    }
  }

  static func checkLink(_ link: String) {
    for table in tables {
      guard let parsed = try? table.parse(link) else { continue }
      for (_, value) in parsed.values.all {
        guard case .string(let text)? = value else { continue }
        precondition(
          !text.unicodeScalars.contains {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
              || (0x202A...0x202E).contains($0.value)
          },
          "a parsed value holds a control character: \(text.debugDescription)"
        )
      }
      let rebuilt: String
      do {
        rebuilt = try table.link(parsed.kind, for: parsed.values)
      } catch {
        preconditionFailure("parsed \(link.debugDescription) but cannot rebuild it: \(error)")
      }
      do {
        let again = try table.parse(rebuilt)
        precondition(again.route.name == parsed.route.name && again.values == parsed.values)
        let fixedPoint = try table.link(parsed.kind, for: again.values)
        precondition(fixedPoint == rebuilt, "\(rebuilt) re-builds as \(fixedPoint)")
      } catch {
        preconditionFailure("the rebuilt link \(rebuilt.debugDescription) does not parse: \(error)")
      }
    }
  }

  static func checkTable(_ data: Data) {
    guard let table = try? RouteTable(json: data) else { return }
    for route in table.routes {
      guard let values = try? table.values(for: route.name) else { continue }
      // Routes whose parameters all have defaults or are optional build with no values.
      guard let links = try? table.links(for: values) else { continue }
      checkLink(links.scheme)
      checkLink(links.universal)
      precondition((try? table.parse(links.universal))?.route.name == route.name)
      precondition((try? table.parse(links.scheme))?.route.name == route.name)
    }
  }

  static let openlist = """
    {"app": {"scheme": "openlist", "domains": ["openlist.example.com", "www.openlist.example.com"]},
     "routes": [
      {"name": "shared-checklist", "parameters": [{"name": "id", "type": "uuid"}],
       "scheme": "openlist://shared-checklists?shared-checklistId={id}", "universal": "/shared-checklists/{id}"},
      {"name": "checklist-item", "parameters": [{"name": "list", "type": "uuid"}, {"name": "item", "type": "int", "min": 1, "max": 10000}],
       "scheme": "openlist://checklists/{list}/items/{item}", "universal": "/checklists/{list}/items/{item}"},
      {"name": "checklist", "parameters": [{"name": "list", "type": "uuid"},
        {"name": "layout", "type": "enum", "values": ["list", "board"], "default": "list"},
        {"name": "showDone", "type": "bool", "default": false},
        {"name": "page", "type": "int", "min": 1, "max": 1000, "default": 1}],
       "scheme": "openlist://checklists/{list}?layout={layout}&done={showDone}&page={page}",
       "universal": "/checklists/{list}?layout={layout}&done={showDone}&page={page}"},
      {"name": "invite", "parameters": [{"name": "code", "type": "string", "minLength": 6, "maxLength": 12, "allowedCharacters": "A-Z0-9"},
        {"name": "role", "type": "enum", "values": ["viewer", "editor"], "default": "viewer"}],
       "scheme": "openlist://invite?code={code}&role={role}", "universal": "/invite/{code}?role={role}"},
      {"name": "search", "parameters": [{"name": "query", "type": "string", "maxLength": 200},
        {"name": "from", "type": "string", "optional": true, "maxLength": 40}],
       "scheme": "openlist://search?q={query}&from={from}", "universal": "/search?q={query}&from={from}"},
      {"name": "home", "scheme": "openlist://home", "universal": "/"}
     ]}
    """

  static let photos = """
    {"app": {"scheme": "myphotoapp", "domains": ["myphotoapp.example.com"]},
     "routes": [
      {"name": "album-photo", "parameters": [{"name": "albumname", "type": "string", "maxLength": 100}, {"name": "index", "type": "int", "min": 0}],
       "scheme": "myphotoapp:{albumname}?index={index}", "universal": "/albums?albumname={albumname}&index={index}"},
      {"name": "shared-album", "parameters": [{"name": "token", "type": "string", "minLength": 16, "maxLength": 64, "allowedCharacters": "A-Za-z0-9_-"}],
       "scheme": "myphotoapp:shared/{token}", "universal": "/shared/{token}"}
     ]}
    """
}
