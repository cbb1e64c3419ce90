// The server target needs LinkServer, which the package links only with the FuzzServer trait
// (on by default; CI's fuzz smoke run builds without it: docs/fuzzing.md).
#if FuzzServer
  import Foundation
  import LinkKit
  import LinkServer
  import Logging
  import Synchronization

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// The server's request path: `linkgen serve` for the OpenList table, started once in this
  /// process on a loopback port, gets one request per input over a real connection, built from
  /// the input (a method, an arbitrary target, headers) or taken as raw bytes.
  ///
  /// Invariants: the server never crashes (the sanitizers watch it, in this process); every
  /// request gets an answer within the header timeout; the status is 200, 204 (`OPTIONS`), 304
  /// or a 4xx, never a 5xx or a redirect; no `Location` header unless it is a link the table builds; every
  /// answer carries the security headers.
  enum ServerTarget {
    static let target = FuzzTarget(
      name: "server",
      summary: "the server's request path: arbitrary targets and headers get 200, 204, 304 or 4xx "
        + "with the security headers, never a crash, a 5xx or a redirect the table did not build",
      check: check
    )

    static let methods = ["GET", "HEAD", "GET", "GET", "OPTIONS", "POST", "PUT", "DELETE", "BREW"]
    static let headerNames = [
      "User-Agent", "Accept-Language", "If-None-Match", "Accept", "Referer", "X-Forwarded-For",
      "Content-Length", "Transfer-Encoding", "Connection", "Host", "Cookie", "Range",
    ]
    static let targets = [
      "/", "/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301",
      "/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301?qr=png",
      "/invite/ABC123?role=editor", "/search?q=milk", "/.well-known/apple-app-site-association",
      "/.well-known/assetlinks.json", "/healthz", "/metrics", "/nowhere", "//evil.example/",
      "https://evil.example/", "*",
    ]
    static let userAgents = [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1",
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36",
      "facebookexternalhit/1.1", "Twitterbot/1.0", "swcd (unknown version) CFNetwork/1568",
      "Instagram 300.0 (iPhone)", "",
    ]

    static func check(_ bytes: [UInt8]) {
      var input = FuzzInput(bytes)
      let request: [UInt8]
      if input.int(in: 0...7) == 0 {
        // Raw bytes, ended so that the server sees the end of the head.
        request = input.rest() + Array("\r\n\r\n".utf8)
      } else {
        var head = input.pick(methods) + " "
        head += input.bool() ? input.pick(targets) : "/" + input.text(upTo: 300)
        if input.bool() { head += "?" + input.text(upTo: 200) }
        head += " HTTP/1.1\r\nHost: openlist.example.com\r\n"
        if input.bool() { head += "User-Agent: \(input.pick(userAgents))\r\n" }
        for _ in 0..<input.int(in: 0...4) {
          head += input.pick(headerNames) + ": " + input.text(upTo: 120) + "\r\n"
        }
        request = Array((head + "\r\n").utf8)
      }
      guard let response = Server.shared.exchange(request) else {
        Invariant.fail("no answer to \(String(decoding: request, as: UTF8.self).debugDescription)")
      }
      let shown = String(decoding: request.prefix(300), as: UTF8.self).debugDescription
      guard let status = response.status else {
        // A connection closed without an answer is what the server does with bytes that are not
        // HTTP at all only; a request it parsed always gets one.
        Invariant.require(
          request.starts(with: Array("\r\n".utf8)) || response.raw.isEmpty,
          "a malformed answer to \(shown): \(String(decoding: response.raw.prefix(200), as: UTF8.self))"
        )
        return
      }
      Invariant.require(
        [200, 204, 304].contains(status) || (400..<500).contains(status),
        "status \(status) for \(shown)"
      )
      if let location = response.header("location") {
        let built = (try? Server.shared.table.parse(location)).flatMap {
          try? Server.shared.table.link($0.kind, for: $0.values)
        }
        Invariant.require(built == location, "a redirect to \(location) for \(shown)")
      }
      for (name, value) in [("x-content-type-options", "nosniff"), ("x-frame-options", "DENY")] {
        Invariant.require(
          response.header(name) == value,
          "\(name) is \(response.header(name) ?? "missing") for \(shown)"
        )
      }
      Invariant.require(
        response.header("content-security-policy") != nil,
        "no Content-Security-Policy for \(shown)"
      )
    }

    /// The server, started on first use, and a client for it.
    final class Server: Sendable {
      static let shared = Server()

      let table: RouteTable
      let port: Int

      private init() {
        // The server may close a connection before reading all of a request.
        signal(SIGPIPE, SIG_IGN)
        do {
          table = try RouteTable(json: Data(Tables.openlistFull.utf8))
        } catch {
          Invariant.fail("the OpenList table does not load: \(error)")
        }
        let listening = Mutex<Int?>(nil)
        var configuration = LinkServer.Configuration()
        configuration.port = 0
        configuration.headerTimeout = .seconds(2)
        configuration.idleTimeout = .seconds(4)
        configuration.onListening = { _, port in listening.withLock { $0 = port } }
        var logger = Logger(label: "linkgen-fuzz.server")
        logger.logLevel = .critical
        let server: LinkServer
        do {
          server = try LinkServer(table: table, configuration: configuration, logger: logger)
        } catch {
          Invariant.fail("the server does not start: \(error)")
        }
        Task.detached {
          do {
            try await server.run()
          } catch {
            Invariant.fail("the server stopped: \(error)")
          }
        }
        let deadline = Date().addingTimeInterval(30)
        while listening.withLock({ $0 }) == nil {
          guard Date() < deadline else { Invariant.fail("the server did not start listening") }
          usleep(1000)
        }
        port = listening.withLock { $0 } ?? 0
      }

      struct Response {
        let raw: [UInt8]
        /// The status of the first response, `nil` when there is none.
        let status: Int?
        let headers: [(String, String)]

        func header(_ name: String) -> String? {
          headers.first { $0.0 == name }?.1
        }

        init(_ raw: [UInt8]) {
          self.raw = raw
          let text = String(decoding: raw, as: UTF8.self)
          guard let end = text.range(of: "\r\n\r\n") else {
            status = nil
            headers = []
            return
          }
          var lines = text[..<end.lowerBound].split(separator: "\r\n").map(String.init)
          let statusLine = lines.isEmpty ? "" : lines.removeFirst()
          let parts = statusLine.split(separator: " ")
          status = parts.count >= 2 && parts[0].hasPrefix("HTTP/1.") ? Int(parts[1]) : nil
          headers = lines.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (
              line[..<colon].lowercased(),
              line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
          }
        }
      }

      /// Sends the bytes on a new connection, half-closes it, and reads until the server closes
      /// it (or 5 seconds pass: `nil`).
      func exchange(_ request: [UInt8]) -> Response? {
        #if canImport(Glibc)
          let stream = Int32(SOCK_STREAM.rawValue)
        #else
          let stream = SOCK_STREAM
        #endif
        let connection = socket(AF_INET, stream, 0)
        guard connection >= 0 else { Invariant.fail("socket: \(errno)") }
        defer { close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(
          connection,
          SOL_SOCKET,
          SO_RCVTIMEO,
          &timeout,
          socklen_t(MemoryLayout<timeval>.size)
        )
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
          }
        }
        guard connected == 0 else { Invariant.fail("cannot connect to the server: \(errno)") }
        var offset = 0
        while offset < request.count {
          let sent = request[offset...].withUnsafeBytes {
            send(connection, $0.baseAddress, $0.count, 0)
          }
          // The server may answer and close before reading everything (413, 400).
          guard sent > 0 else { break }
          offset += sent
        }
        shutdown(connection, Int32(SHUT_WR))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
          let count = buffer.withUnsafeMutableBytes {
            recv(connection, $0.baseAddress, $0.count, 0)
          }
          if count > 0 {
            received += buffer[..<count]
            continue
          }
          if count == 0 || errno == ECONNRESET { return Response(received) }
          if errno == EINTR { continue }
          return nil  // the 5-second timeout
        }
      }
    }
  }
#endif
