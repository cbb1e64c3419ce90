import Foundation

/// The route tables the targets check against, embedded so that the harness runs from any
/// directory.
enum Tables {
  static let nilUUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

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

  /// A parameter that accepts the nil UUID beside one that does not.
  static let nilAllowed = """
    {"app": {"scheme": "nils", "domains": ["nils.example.com"]},
     "routes": [
      {"name": "any-session", "parameters": [{"name": "session", "type": "uuid", "allowNil": true}],
       "scheme": "nils://sessions/{session}", "universal": "/sessions/{session}"},
      {"name": "user", "parameters": [{"name": "id", "type": "uuid"}, {"name": "ref", "type": "uuid", "optional": true}],
       "scheme": "nils://users/{id}?ref={ref}", "universal": "/users/{id}?ref={ref}"}
     ]}
    """

  /// Examples/openlist/linkgen.json without its `pages` section (built-in templates only).
  static let openlistFull = """
    {
     "app": {
      "name": "OpenList",
      "scheme": "openlist",
      "domains": [
       "openlist.example.com",
       "www.openlist.example.com"
      ],
      "ios": {
       "teamID": "ABCDE12345",
       "bundleID": "com.example.openlist",
       "appStoreID": "1234567890"
      },
      "android": {
       "package": "com.example.openlist",
       "sha256CertFingerprints": [
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
       ]
      }
     },
     "routes": [
      {
       "name": "shared-checklist",
       "summary": "Open a checklist someone shared with you",
       "parameters": [
        {
         "name": "id",
         "type": "uuid"
        }
       ],
       "scheme": "openlist://shared-checklists?shared-checklistId={id}",
       "universal": "/shared-checklists/{id}"
      },
      {
       "name": "checklist-item",
       "summary": "Jump to one item of a checklist",
       "parameters": [
        {
         "name": "list",
         "type": "uuid"
        },
        {
         "name": "item",
         "type": "int",
         "min": 1,
         "max": 10000
        }
       ],
       "scheme": "openlist://checklists/{list}/items/{item}",
       "universal": "/checklists/{list}/items/{item}"
      },
      {
       "name": "checklist",
       "summary": "Open a checklist in a chosen layout",
       "parameters": [
        {
         "name": "list",
         "type": "uuid"
        },
        {
         "name": "layout",
         "type": "enum",
         "values": [
          "list",
          "board"
         ],
         "default": "list"
        },
        {
         "name": "showDone",
         "type": "bool",
         "default": false
        },
        {
         "name": "page",
         "type": "int",
         "min": 1,
         "max": 1000,
         "default": 1
        }
       ],
       "scheme": "openlist://checklists/{list}?layout={layout}&done={showDone}&page={page}",
       "universal": "/checklists/{list}?layout={layout}&done={showDone}&page={page}"
      },
      {
       "name": "invite",
       "summary": "Accept an invitation to collaborate",
       "parameters": [
        {
         "name": "code",
         "type": "string",
         "minLength": 6,
         "maxLength": 12,
         "allowedCharacters": "A-Z0-9"
        },
        {
         "name": "role",
         "type": "enum",
         "values": [
          "viewer",
          "editor"
         ],
         "default": "viewer"
        }
       ],
       "scheme": "openlist://invite?code={code}&role={role}",
       "universal": "/invite/{code}?role={role}"
      },
      {
       "name": "search",
       "summary": "Search checklists",
       "parameters": [
        {
         "name": "query",
         "type": "string",
         "maxLength": 200
        },
        {
         "name": "from",
         "type": "string",
         "optional": true,
         "maxLength": 40
        }
       ],
       "scheme": "openlist://search?q={query}&from={from}",
       "universal": "/search?q={query}&from={from}"
      },
      {
       "name": "home",
       "summary": "Open the app's home screen",
       "scheme": "openlist://home",
       "universal": "/"
      }
     ],
     "association": {
      "excludes": [
       "/account/*",
       "/oauth/callback"
      ],
      "excludeFragments": [
       "no_universal_links"
      ],
      "webCredentials": true,
      "appClipBundleID": "com.example.openlist.Clip"
     }
    }
    """
}
