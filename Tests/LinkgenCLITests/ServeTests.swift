import Foundation
import LinkKit
import LinkgenTestSupport
import Testing

/// User agents of the clients a link domain sees, as they send them.
enum UserAgent {
  static let iPhoneSafari =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1"
  static let androidChrome =
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36"
  static let desktopChrome =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36"
  static let instagramIOS =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 385.0.0.47.74 (iPhone16,2; iOS 18_6; en_US; en; scale=3.00; 1290x2796; 758947185; IABMV/1)"
  static let facebookIOS =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/520.0.0.38.101;FBDV/iPhone16,2;FBMD/iPhone;FBSN/iOS;FBSV/18.6;FBSS/3;FBID/phone;FBLC/en_US;FBOP/80]"
  static let tiktokIOS =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_40.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US"
  static let lineIOS =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.10.0"
  static let kakaoTalkAndroid =
    "Mozilla/5.0 (Linux; Android 14; SM-S921N Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36;KAKAOTALK 2410600"
  static let gmailIOS =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/380.0.800712233 Mobile/15E148 Safari/604.1"
  static let facebookCrawler =
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"
  static let slackCrawler = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"
  static let aasaBot = "AASA-Bot/1.0.0"
  static let swcd = "swcd (unknown version) CFNetwork/1568.100.1 Darwin/24.0.0"
  static let googleAssetLinks = "Google-Digital-Asset-Links/1.0"
}

/// `linkgen serve` as a process on a free loopback port, spoken to over raw HTTP/1.1.
@Suite(.blockingWork, .serialized)
struct ServeTests {
  static let id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
  static let page = "/shared-checklists/\(id)"
  static let link = "https://openlist.example.com/shared-checklists/\(id)"
  static let aasaPaths = ["/.well-known/apple-app-site-association", "/apple-app-site-association"]

  @Test func associationFilesAreExactlyWhatTheGeneratorMakesForEveryFetcher() throws {
    let server = try ServerProcess()
    let aasa = try Linkgen.run(["aasa"] + Linkgen.openlist)
    let assetlinks = try Linkgen.run(["assetlinks"] + Linkgen.openlist)
    let agents: [String?] = [
      nil, UserAgent.aasaBot, UserAgent.swcd, UserAgent.googleAssetLinks,
      UserAgent.iPhoneSafari, UserAgent.facebookCrawler, "curl/8.5.0",
    ]
    for agent in agents {
      let headers = agent.map { [("User-Agent", $0)] } ?? []
      for (path, expected) in Self.aasaPaths.map({ ($0, aasa.output) })
        + [("/.well-known/assetlinks.json", assetlinks.output)]
      {
        let response = try server.get(path, headers: headers)
        #expect(response.status == 200, "\(path) for \(agent ?? "no agent")")
        #expect(response.headers("Content-Type") == ["application/json"])
        #expect(response.header("Location") == nil)
        #expect(response.header("Cache-Control") == "public, max-age=3600")
        #expect(response.header("ETag")?.hasPrefix("\"") == true)
        #expect(response.text == expected, "\(path) differs from the generator's output")
      }
    }
    #expect(server.stop() == 0)
  }

  @Test func entityTagsAnswer304AndHEADSendsNoBody() throws {
    let server = try ServerProcess()
    for path in Self.aasaPaths + ["/.well-known/assetlinks.json", "\(Self.page)?qr=png"] {
      let first = try server.get(path)
      let etag = try #require(first.header("ETag"))
      for condition in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
        let again = try server.get(path, headers: [("If-None-Match", condition)])
        #expect(again.status == 304, "\(path) with If-None-Match: \(condition)")
        #expect(again.body.isEmpty)
        #expect(again.header("ETag") == etag)
        #expect(again.header("X-Content-Type-Options") == "nosniff")
      }
      #expect(try server.get(path, headers: [("If-None-Match", "\"other\"")]).status == 200)
    }
    // HEAD: the same head, no body; the next response on the connection proves no body bytes
    // followed.
    let connection = try HTTPConnection(port: server.port)
    for path in [
      Self.aasaPaths[0], Self.page, "\(Self.page)?qr=svg", "/healthz", "/metrics", "/nowhere",
    ] {
      let get = try connection.exchange("GET", path)
      let head = try connection.exchange("HEAD", path)
      #expect(head.status == get.status, "HEAD \(path)")
      #expect(head.body.isEmpty)
      if path != "/metrics" {
        #expect(head.header("Content-Length") == String(get.body.count), "HEAD \(path)")
      }
      #expect(head.header("Content-Type") == get.header("Content-Type"))
    }
    #expect(try connection.exchange("GET", "/healthz").text == "ok\n")
    #expect(server.stop() == 0)
  }

  /// One page per client class, told apart by what only that page has.
  @Test func eachClientGetsItsPage() throws {
    let server = try ServerProcess()
    func page(_ agent: String) throws -> String {
      let response = try server.get(Self.page, headers: [("User-Agent", agent)])
      #expect(response.status == 200, "\(agent)")
      #expect(response.header("Content-Type") == "text/html; charset=utf-8")
      #expect(response.header("Vary") == "User-Agent, Accept-Language")
      #expect(response.header("Cache-Control") == "private, no-cache")
      #expect(response.header("Location") == nil)
      #expect(!response.text.contains("http-equiv=\"refresh\""))
      return response.text
    }
    let scheme = "openlist://shared-checklists?shared-checklistId=\(Self.id)"
    let iPhone = try page(UserAgent.iPhoneSafari)
    #expect(iPhone.contains("id=\"open\" href=\"\(scheme)\""))
    #expect(iPhone.contains("id=\"app-store\"") && !iPhone.contains("id=\"play-store\""))
    #expect(!iPhone.contains("id=\"qr\"") && !iPhone.contains("id=\"in-app\""))

    let android = try page(UserAgent.androidChrome)
    #expect(android.contains("id=\"open\" href=\"intent://shared-checklists?"))
    #expect(android.contains("id=\"play-store\"") && !android.contains("id=\"app-store\""))

    let desktop = try page(UserAgent.desktopChrome)
    #expect(desktop.contains("id=\"qr\"") && desktop.contains("<svg"))
    #expect(desktop.contains("id=\"app-store\"") && desktop.contains("id=\"play-store\""))

    let card = try page(UserAgent.facebookCrawler)
    #expect(card.contains("<meta property=\"og:url\" content=\"\(Self.link)\">"))
    #expect(card.contains("<meta property=\"og:title\""))
    #expect(!card.contains("id=\"open\"") && !card.contains("<style") && !card.contains("<svg"))
    #expect(try page(UserAgent.slackCrawler) == card)

    let instagram = try page(UserAgent.instagramIOS)
    #expect(instagram.contains("id=\"in-app\"") && instagram.contains("Instagram"))
    #expect(
      instagram.contains(
        "id=\"escape\" href=\"instagram://extbrowser/?url=\(PercentEncoding.encode(Self.link))\""
      )
    )
    #expect(instagram.contains("id=\"copy-link\" readonly value=\"\(Self.link)\""))

    let escapes = [
      (
        UserAgent.facebookIOS, "Facebook",
        "x-safari-https://openlist.example.com/shared-checklists/"
      ),
      (UserAgent.lineIOS, "LINE", "\(Self.link)?openExternalBrowser=1"),
      (UserAgent.kakaoTalkAndroid, "KakaoTalk", "kakaotalk://web/openExternal?url="),
    ]
    for (agent, name, escape) in escapes {
      let html = try page(agent)
      #expect(html.contains("id=\"in-app\"") && html.contains("\(name)’s browser"), "\(name)")
      #expect(html.contains("id=\"escape\" href=\"\(escape)"), "\(name)")
    }
    for (agent, name) in [(UserAgent.tiktokIOS, "TikTok"), (UserAgent.gmailIOS, "Gmail")] {
      let html = try page(agent)
      #expect(html.contains("\(name)’s browser") && html.contains("id=\"copy-link\""), "\(name)")
      #expect(!html.contains("id=\"escape\""), "\(name) has no known escape on iOS")
    }
    let pages = [iPhone, android, desktop, card, instagram]
    #expect(Set(pages).count == pages.count)
    #expect(server.stop() == 0)
  }

  @Test func acceptLanguagePicksTheLocale() throws {
    let server = try ServerProcess()
    let cases: [(String?, String)] = [
      (nil, "en"), ("ko-KR,ko;q=0.9,en-US;q=0.8", "ko"), ("fr-FR, fr;q=0.9", "en"),
      ("en;q=0.1, ko;q=0.9", "ko"), ("ko;q=0, en", "en"), ("*", "en"), ("KO", "ko"),
      ("x;;;=,,,;q=abc", "en"),
    ]
    for (header, locale) in cases {
      let headers =
        [("User-Agent", UserAgent.iPhoneSafari)] + (header.map { [("Accept-Language", $0)] } ?? [])
      let response = try server.get(Self.page, headers: headers)
      #expect(response.text.contains("<html lang=\"\(locale)\">"), "\(header ?? "none")")
      #expect(response.header("Content-Language") == locale)
      let missing = try server.get("/nowhere", headers: headers)
      #expect(missing.text.contains("<html lang=\"\(locale)\">"), "404 for \(header ?? "none")")
    }
    let korean = try server.get(Self.page, headers: [("Accept-Language", "ko")])
    #expect(korean.text.contains("휴대전화에서 열기"))
    #expect(server.stop() == 0)
  }

  /// Paths the parser rejects (its own rejection cases as request targets, and hostile HTTP
  /// forms) all get the one 404 page: byte for byte the same, so nothing is reflected; no
  /// redirect.
  @Test func hostilePathsGetTheSame404Page() throws {
    let server = try ServerProcess()
    let table = try RouteTable(
      contentsOf: Linkgen.packageRoot.appendingPathComponent("Examples/openlist/linkgen.json")
    )
    let id = Self.id
    let rejected = [
      "/shared-checklists/../home", "/shared-checklists/%2E%2E", "/./shared-checklists/\(id)",
      "//shared-checklists/\(id)", "/shared-checklists//\(id)", "/shared-checklists%2F\(id)",
      "/shared-checklists/\(id)//", "/shared-checklists/not-a-uuid", "/shared-checklists",
      "/Shared-Checklists/\(id)", "/shared-checklists/\(id)/extra",
      "/checklists/\(id)/items/0", "/checklists/\(id)/items/10001",
      "/checklists/\(id)/items/99999999999999999999999", "/checklists/\(id)?done=1",
      "/checklists/\(id)?layout=Board", "/invite/abc%20def", "/search?q=%", "/search?q=%GG",
      "/search?q=%FF%FE", "/search?q=%00", "/search?q=a%0D%0ASet-Cookie:x",
      "/search?q=%E2%80%AEexe.txt", "/search?q=%3Cscript%3E&q=x",
      "/search?q=x&q=y", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "//evil.example/x",
      "/@evil.example", "/%0d%0aLocation:%20https://evil.example", "/.well-known/../healthz",
      "/.well-known/apple-app-site-association.json", "/.WELL-KNOWN/assetlinks.json",
      "/index.php?x=<script>", "/wp-admin", "/%F0%9F%98%80",
      "/\(String(repeating: "a", count: 4000))",
    ]
    let reference = try server.get("/nowhere")
    #expect(reference.status == 404)
    #expect(reference.text.contains("This link doesn’t lead anywhere"))
    for path in rejected {
      if let parsed = try? table.parse("https://openlist.example.com" + path) {
        Issue.record("the parser accepts \(path) as \(parsed.route.name)")
      }
      let response = try server.get(path, headers: [("User-Agent", UserAgent.iPhoneSafari)])
      #expect(response.status == 404, "\(path)")
      #expect(response.body == reference.body, "the 404 page for \(path) differs")
      #expect(response.header("Location") == nil)
      #expect(response.header("Cache-Control") == "no-store")
    }
    // Request targets HTTP parsers refuse, or that are not a path: 400 or 404, never a page.
    for target in ["*", "shared-checklists/\(id)", "/a\u{7F}b", "/a b"] {
      let response = try server.get(target)
      #expect([400, 404].contains(response.status), "\(target): \(response.status)")
      #expect(response.header("Location") == nil)
    }
    // The absolute form (RFC 9112 §3.2.2) is read as its path, whatever its host: no proxying,
    // no redirect.
    let absolute = try server.get("http://evil.example/")
    let home = try server.get("/")
    #expect(absolute.status == 200 && absolute.body == home.body)
    #expect(server.stop() == 0)
  }

  @Test func qrCodesDecodeToTheCanonicalLink() throws {
    let server = try ServerProcess()
    let scratch = try TemporaryDirectory()
    let folder = scratch.url
    let png = try server.get("\(Self.page)?qr=png&utm_source=mail")
    #expect(png.status == 200)
    #expect(png.header("Content-Type") == "image/png")
    #expect(png.header("Cache-Control") == "public, max-age=2592000")
    #expect(Array(png.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let big = try server.get(
      "\(Self.page.uppercased().replacingOccurrences(of: "/SHARED-CHECKLISTS", with: "/shared-checklists"))?qr=png&qr-size=600&qr-margin=2&qr-ecc=H&qr-fg=%231a237e&qr-bg=fff"
    )
    #expect(big.status == 200)
    #expect(Self.pngWidth(big.body) <= 600 && Self.pngWidth(big.body) > Self.pngWidth(png.body))
    let svg = try server.get("\(Self.page)?qr=svg&qr-size=256")
    #expect(svg.header("Content-Type") == "image/svg+xml")
    #expect(svg.text.contains("width=\"256px\""))
    if Scanner.canDecodePNG {
      for (name, response) in [("a.png", png), ("b.png", big)] {
        let file = folder.appendingPathComponent(name)
        try Data(response.body).write(to: file)
        #expect(try Scanner.decode(png: file) == Self.link)
      }
    }
    if Scanner.canDecodeSVG {
      let file = folder.appendingPathComponent("c.svg")
      try Data(svg.body).write(to: file)
      let raster = folder.appendingPathComponent("c.png")
      try Scanner.rasterize(svg: file, to: raster)
      #expect(try Scanner.decode(png: raster) == Self.link)
    }
    for bad in [
      "qr=gif", "qr=png&qr-size=10", "qr=png&qr-size=99999", "qr=png&qr-fg=%23eee",
      "qr=png&qr-fg=white&qr-bg=black", "qr=png&qr-margin=40", "qr=png&qr-ecc=X",
      "qr=png&qr=svg", "qr=png&qr-fg=%3Cscript%3E", "qr=",
      // In range, but under 2 pixels a module for this link's code: it would not scan.
      "qr=png&qr-size=64", "qr=svg&qr-size=64",
    ] {
      let response = try server.get("\(Self.page)?\(bad)")
      #expect(response.status == 400, "\(bad)")
      #expect(response.text.hasPrefix("Bad QR code options."))
      #expect(!response.text.contains("script") && !response.text.contains("99999"))
    }
    #expect(try server.get("/shared-checklists/not-a-uuid?qr=png").status == 404)
    #expect(try server.get("/nowhere?qr=png").status == 404)
    #expect(server.stop() == 0)
  }

  @Test func everyResponseCarriesTheSecurityHeaders() throws {
    let server = try ServerProcess()
    var responses: [(String, WireResponse)] = []
    for path in [
      Self.aasaPaths[0], "/.well-known/assetlinks.json", Self.page, "\(Self.page)?qr=png",
      "\(Self.page)?qr=svg", "\(Self.page)?qr=gif", "/nowhere", "/healthz", "/metrics",
    ] {
      responses.append((path, try server.get(path)))
    }
    responses.append(("POST", try server.get("/", method: "POST")))
    responses.append(("OPTIONS", try server.get("/", method: "OPTIONS")))
    responses.append(
      ("over-long", try server.get("/" + String(repeating: "x", count: 9000)))
    )
    let connection = try HTTPConnection(port: server.port)
    try connection.send("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
    responses.append(("body", try connection.readResponse()))
    for (name, response) in responses {
      #expect(response.header("X-Content-Type-Options") == "nosniff", "\(name)")
      #expect(response.header("X-Frame-Options") == "DENY", "\(name)")
      #expect(response.header("Referrer-Policy") == "strict-origin-when-cross-origin", "\(name)")
      let policy = try #require(response.header("Content-Security-Policy"), "\(name)")
      #expect(policy.contains("frame-ancestors 'none'"), "\(name)")
      #expect(response.header("Strict-Transport-Security") == nil, "no TLS here: \(name)")
    }
    // A page's header policy is its <meta> policy plus frame-ancestors.
    let page = try server.get(Self.page, headers: [("User-Agent", UserAgent.instagramIOS)])
    let meta = try #require(Self.metaPolicy(page.text))
    #expect(page.header("Content-Security-Policy") == meta + "; frame-ancestors 'none'")
    #expect(meta.contains("script-src 'sha256-"))
    #expect(server.stop() == 0)
  }

  @Test func requestsOutsideTheLimitsAreRefused() throws {
    let server = try ServerProcess(
      Linkgen.openlist + ["--header-timeout", "1", "--idle-timeout", "2"]
    )
    let post = try server.get("/", method: "POST")
    #expect(post.status == 405 && post.header("Allow") == "GET, HEAD, OPTIONS")
    let delete = try server.get(Self.aasaPaths[0], method: "DELETE")
    #expect(delete.status == 405)

    // A body: 413 and the connection closes (the body is not read).
    let withBody = try HTTPConnection(port: server.port)
    try withBody.send("GET \(Self.page) HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nabc")
    #expect(try withBody.readResponse().status == 413)
    #expect(withBody.isClosedByPeer())
    let chunked = try HTTPConnection(port: server.port)
    try chunked.send(
      "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
    )
    #expect(try chunked.readResponse().status == 413)

    // A request line over 8 KiB, or headers over 32 KiB: 400 and closed.
    let long = try HTTPConnection(port: server.port)
    try long.send("GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try long.readResponse().status == 400)
    #expect(long.isClosedByPeer())
    let headers = (0..<40).map { "X-Filler-\($0): \(String(repeating: "b", count: 1000))\r\n" }
      .joined()
    let big = try HTTPConnection(port: server.port)
    try big.send("GET / HTTP/1.1\r\nHost: x\r\n\(headers)\r\n")
    #expect(try big.readResponse().status == 400)

    // A client that sends half a request head is disconnected after --header-timeout.
    let slow = try HTTPConnection(port: server.port, timeout: 5)
    try slow.send("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    let started = Date()
    #expect(slow.isClosedByPeer())
    #expect(Date().timeIntervalSince(started) < 4.5)
    // A connection with no request in progress is closed after --idle-timeout.
    let idle = try HTTPConnection(port: server.port, timeout: 6)
    #expect(try idle.exchange("GET", "/healthz").status == 200)
    #expect(idle.isClosedByPeer())
    // A slow but steady client still gets its answer.
    let steady = try HTTPConnection(port: server.port)
    for piece in ["GET /hea", "lthz HTTP/1.1\r\n", "Host: x\r\n", "\r\n"] {
      try steady.send(piece)
      Thread.sleep(forTimeInterval: 0.1)
    }
    #expect(try steady.readResponse().text == "ok\n")
    #expect(server.stop() == 0)
  }

  @Test func metricsCountRequestsByRouteAndStatus() throws {
    let server = try ServerProcess()
    for _ in 0..<3 { _ = try server.get(Self.aasaPaths[0]) }
    _ = try server.get(Self.page)
    _ = try server.get("/nowhere")
    let metrics = try server.get("/metrics")
    #expect(metrics.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
    let text = metrics.text
    for line in [
      "linkgen_http_requests_total{endpoint=\"aasa\",route=\"\",status=\"200\"} 3",
      "linkgen_http_requests_total{endpoint=\"page\",route=\"shared-checklist\",status=\"200\"} 1",
      "linkgen_http_requests_total{endpoint=\"not_found\",route=\"\",status=\"404\"} 1",
      "linkgen_http_request_duration_seconds_count{endpoint=\"aasa\"} 3",
      "# TYPE linkgen_http_request_duration_seconds histogram",
      "linkgen_cache_lookups_total{cache=\"page\",result=\"miss\"} 1",
    ] {
      #expect(text.contains(line), "missing \(line)")
    }
    #expect(
      text.contains("linkgen_http_request_duration_seconds_bucket{endpoint=\"page\",le=\"0.001\"}")
    )
    #expect(text.contains("process_resident_memory_bytes "))
    #expect(try server.get("/healthz").text == "ok\n")
    #expect(server.stop() == 0)
    let off = try ServerProcess(Linkgen.openlist + ["--no-metrics"])
    #expect(try off.get("/metrics").status == 404)
    #expect(off.stop() == 0)
  }

  @Test func theAccessLogHasOneLinePerRequestWithoutQueryValues() throws {
    let server = try ServerProcess(Linkgen.openlist + ["--log-format", "json"])
    _ = try server.get(
      "/search?q=secret-grocery-list&from=zq-ada-lovelace-7",
      headers: [("X-Request-Id", "abc-123")]
    )
    _ = try server.get("/nowhere%0Ainjected")
    #expect(server.stop() == 0)
    let lines = server.log.split(separator: "\n").map(String.init)
    let requests = try lines.compactMap { line -> [String: String]? in
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String],
        "not a JSON object: \(line)"
      )
      return object["message"] == "request" ? object : nil
    }
    #expect(requests.count == 2)
    #expect(requests.first?["path"] == "/search?q&from")
    #expect(requests.first?["status"] == "200" && requests.first?["method"] == "GET")
    #expect(requests.first?["request_id"] == "abc-123")
    #expect(requests.first?["duration_ms"].flatMap(Double.init) != nil)
    #expect(requests.last?["path"] == "/nowhere%0Ainjected" && requests.last?["status"] == "404")
    #expect(requests.last?["request_id"]?.isEmpty == false)
    #expect(
      !server.log.contains("secret-grocery-list") && !server.log.contains("zq-ada-lovelace-7")
    )
    let quiet = try ServerProcess(Linkgen.openlist + ["--log-level", "notice"])
    _ = try quiet.get("/healthz")
    #expect(quiet.stop() == 0)
    #expect(!quiet.log.contains("path=/healthz"), "no access log at notice")
  }

  /// The default text log keeps swift-log's `StreamLogHandler` format, one whole line per
  /// request, with the local time and its offset.
  @Test func theTextAccessLogKeepsStreamLogHandlersFormat() throws {
    let server = try ServerProcess()
    _ = try server.get("/search?q=secret&from=ada", headers: [("X-Request-Id", "abc-123")])
    #expect(server.stop() == 0)
    let line = try #require(
      server.log.split(separator: "\n").first { $0.contains("] request") },
      "no access log line in: \(server.log)"
    )
    let pattern = try Regex(
      #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} info linkgen\.serve: duration_ms=\d+\.\d+ "#
        + #"method=GET path=/search\?q&from request_id=abc-123 status=200 \[LinkServer\] request$"#
    )
    #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
  }

  /// Requests in progress when SIGTERM (or SIGINT, Ctrl-C) arrives finish. A client pipelines
  /// 8 requests for a 10 KB page and reads nothing until after the signal, through a small
  /// receive buffer, so the server is blocked mid-response when it comes: all 8 responses must
  /// arrive whole. And clients that keep sending while the signal comes get whole responses or
  /// a connection closed before any byte of one (which HTTP clients retry), never a truncated
  /// one.
  @Test(arguments: [SIGTERM, SIGINT])
  func sigtermLetsRequestsInProgressFinish(signal: Int32) throws {
    let server = try ServerProcess()
    let slow = try HTTPConnection(port: server.port, timeout: 20, receiveBuffer: 2048)
    let request = HTTPConnection.request(
      "GET",
      Self.page,
      headers: [("User-Agent", UserAgent.desktopChrome)]
    )
    try slow.send(String(repeating: request, count: 8))

    final class Tally: @unchecked Sendable {
      let lock = NSLock()
      var complete = 0
      var broken: [String] = []
    }
    let tally = Tally()
    let port = server.port
    let group = DispatchGroup()
    let stopAt = Date().addingTimeInterval(1.5)
    for _ in 0..<4 {
      group.enter()
      Thread {
        defer { group.leave() }
        while Date() < stopAt {
          guard let connection = try? HTTPConnection(port: port, timeout: 10) else {
            continue  // refused: the server no longer accepts
          }
          do {
            for _ in 0..<5 {
              // A send that fails (ECONNRESET): the server closed the connection between
              // requests, so this request never reached it; only a started answer must finish.
              guard
                (try? connection.send(HTTPConnection.request("GET", Self.aasaPaths[0])))
                  != nil
              else { break }
              // nil: closed between requests, before any byte of a response.
              guard let response = try connection.readResponseIfAny() else { break }
              tally.lock.withLock {
                if response.status == 200 && response.body.count > 1000 {
                  tally.complete += 1
                } else {
                  tally.broken.append("status \(response.status), \(response.body.count) bytes")
                }
              }
            }
          } catch {
            tally.lock.withLock { tally.broken.append("\(error)") }
          }
        }
      }.start()
    }
    Thread.sleep(forTimeInterval: 0.5)
    kill(server.process.processIdentifier, signal)
    Thread.sleep(forTimeInterval: 0.5)
    var pages = 0
    while let response = try slow.readResponseIfAny() {
      #expect(response.status == 200)
      #expect(response.text.hasSuffix("</html>\n"), "a page arrived cut short")
      pages += 1
    }
    group.wait()
    #expect(pages == 8, "the server had received 8 requests; \(pages) were answered")
    #expect(tally.broken.isEmpty, "\(tally.broken.prefix(5))")
    #expect(tally.complete > 0)
    #expect(server.stop() == 0, "\(server.log.suffix(30000))")
    #expect(server.log.contains("shutting down"))
  }

  @Test func refusesToStartWithAClearErrorAndStatus() throws {
    let scratch = try TemporaryDirectory()
    let folder = scratch.url
    // An AASA over 128 KB: many long excludes.
    let source = Linkgen.packageRoot.appendingPathComponent("Examples/openlist/linkgen.json")
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any]
    )
    var association = object["association"] as? [String: Any] ?? [:]
    association["excludes"] = (0..<1500).map {
      "/private/area-\($0)/" + String(repeating: "x", count: 60) + "/*"
    }
    object["association"] = association
    object["pages"] = nil
    let big = folder.appendingPathComponent("big.json")
    try JSONSerialization.data(withJSONObject: object).write(to: big)
    let tooLarge = try Linkgen.run([
      "serve", "--config", big.path, "--port", "0", "--no-database",
    ])
    #expect(tooLarge.status == 65)
    #expect(tooLarge.error.contains("128 KB"), "\(tooLarge.error)")

    let missing = try Linkgen.run([
      "serve", "--config", folder.appendingPathComponent("none.json").path,
    ])
    #expect(missing.status == 66)
    let badPort = try Linkgen.run(["serve", "--port", "70000"])
    #expect(badPort.status == 64)

    let server = try ServerProcess()
    let busy = try Linkgen.run(
      ["serve", "--port", String(server.port), "--no-database"] + Linkgen.openlist
    )
    #expect(busy.status == 69)
    #expect(busy.error.contains("in use"), "\(busy.error)")
    #expect(server.stop() == 0)
  }

  static func metaPolicy(_ html: String) -> String? {
    guard let start = html.range(of: "<meta http-equiv=\"Content-Security-Policy\" content=\""),
      let end = html[start.upperBound...].firstIndex(of: "\"")
    else { return nil }
    return html[start.upperBound..<end].replacingOccurrences(of: "&#39;", with: "'")
  }

  /// The width in a PNG's IHDR chunk.
  static func pngWidth(_ bytes: [UInt8]) -> Int {
    guard bytes.count >= 24 else { return 0 }
    return bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
  }
}
