import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A response as read off the wire.
struct WireResponse {
  let status: Int
  let reason: String
  /// Header lines in order, names as sent.
  let headers: [(name: String, value: String)]
  let body: [UInt8]

  /// The value of the header (names compared without case), or `nil`.
  func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// All values of the header.
  func headers(_ name: String) -> [String] {
    headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
  }

  var text: String { String(decoding: body, as: UTF8.self) }
}

struct HTTPClientError: Error, CustomStringConvertible {
  let description: String
}

/// A raw HTTP/1.1 client over a TCP socket to 127.0.0.1: the tests write exactly the bytes
/// they mean (hostile request targets included) and read exactly what the server sent.
final class HTTPConnection {
  /// The socket; -1 once closed.
  private(set) var descriptor: Int32
  private var buffer: [UInt8] = []

  /// Connects to 127.0.0.1:`port`; reads time out after `timeout` seconds.
  init(port: Int, timeout: Int = 10, receiveBuffer: Int? = nil) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw HTTPClientError(description: "socket() failed") }
    var time = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    if var size = receiveBuffer.map(Int32.init) {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      let problem = errno
      // Closed here, and marked so: a throwing initializer still runs `deinit`, and a second
      // close could close a descriptor another thread (a NIO channel of another test) got
      // since, which NIO then finds bad and stops the test process.
      close(descriptor)
      descriptor = -1
      throw HTTPClientError(description: "connect to port \(port) failed: errno \(problem)")
    }
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Writes bytes as they are.
  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        socketSend(descriptor, $0.baseAddress, $0.count)
      }
      guard written > 0 else { throw HTTPClientError(description: "send failed: errno \(errno)") }
      offset += written
    }
  }

  func send(_ text: String) throws { try send(Array(text.utf8)) }

  /// The request bytes for a method, a target and headers (Host added).
  static func request(
    _ method: String,
    _ target: String,
    headers: [(String, String)] = [],
    close: Bool = false
  ) -> String {
    var text = "\(method) \(target) HTTP/1.1\r\nHost: openlist.example.com\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if close { text += "Connection: close\r\n" }
    return text + "\r\n"
  }

  /// Sends a request and reads its response.
  func exchange(
    _ method: String = "GET",
    _ target: String,
    headers: [(String, String)] = []
  ) throws -> WireResponse {
    try send(Self.request(method, target, headers: headers))
    return try readResponse(method: method)
  }

  /// Reads one response; `nil` when the connection closed before any byte of it.
  func readResponse(method: String = "GET") throws -> WireResponse {
    guard let response = try readResponseIfAny(method: method) else {
      throw HTTPClientError(description: "the connection closed before a response")
    }
    return response
  }

  func readResponseIfAny(method: String = "GET") throws -> WireResponse? {
    var headEnd = find([13, 10, 13, 10])
    while headEnd == nil {
      guard try fill() else {
        if buffer.isEmpty { return nil }
        throw HTTPClientError(description: "the connection closed inside a response head")
      }
      headEnd = find([13, 10, 13, 10])
    }
    let end = headEnd ?? 0
    let head = String(decoding: buffer[..<end], as: UTF8.self)
    buffer.removeFirst(end + 4)
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
    guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
      throw HTTPClientError(description: "bad status line in \(head)")
    }
    let headers = lines.compactMap { line -> (String, String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (
        String(line[..<colon]),
        String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
      )
    }
    let reason = statusLine.count > 2 ? String(statusLine[2]) : ""
    let partial = WireResponse(status: status, reason: reason, headers: headers, body: [])
    if method == "HEAD" || status == 304 || status == 204 || (100..<200).contains(status) {
      return partial
    }
    if let length = partial.header("Content-Length").flatMap(Int.init) {
      while buffer.count < length {
        guard try fill() else {
          throw HTTPClientError(
            description: "the connection closed after \(buffer.count) of \(length) body bytes"
          )
        }
      }
      let body = Array(buffer[..<length])
      buffer.removeFirst(length)
      return WireResponse(status: status, reason: reason, headers: headers, body: body)
    }
    if partial.header("Transfer-Encoding")?.lowercased() == "chunked" {
      throw HTTPClientError(description: "chunked responses are not expected from linkgen")
    }
    while try fill() {}
    let body = buffer
    buffer = []
    return WireResponse(status: status, reason: reason, headers: headers, body: body)
  }

  /// Whether the server closed the connection (reads end-of-file), within the read timeout.
  func isClosedByPeer() -> Bool {
    (try? fill()) == false
  }

  /// Reads more bytes; `false` at end of file.
  private func fill() throws -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    if count > 0 {
      buffer.append(contentsOf: chunk[..<count])
      return true
    }
    if count == 0 || errno == ECONNRESET { return false }
    throw HTTPClientError(description: "recv failed: errno \(errno)")
  }

  private func find(_ needle: [UInt8]) -> Int? {
    guard buffer.count >= needle.count else { return nil }
    for start in 0...(buffer.count - needle.count)
    where buffer[start] == needle[0] && Array(buffer[start..<start + needle.count]) == needle {
      return start
    }
    return nil
  }
}

extension HTTPConnection {
  /// One request on a fresh connection.
  static func get(
    port: Int,
    _ target: String,
    method: String = "GET",
    headers: [(String, String)] = []
  ) throws -> WireResponse {
    let connection = try HTTPConnection(port: port)
    try connection.send(request(method, target, headers: headers, close: true))
    return try connection.readResponse(method: method)
  }
}

/// `send(2)` without SIGPIPE (outside the class, whose `send` methods hide it).
private func socketSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
}
