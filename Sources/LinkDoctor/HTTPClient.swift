import CCurl
import Foundation

/// One GET over libcurl, as the platforms make it: no redirect followed (each hop is the
/// caller's to check), bounded in time and size, with the name of the URL kept for the Host
/// header, TLS's SNI and the certificate check even when `--connect-to` sends the connection
/// elsewhere, and the certificate chain TLS saw.
package struct HTTPClient: Sendable {
  /// curl's `--connect-to` entries: `HOST1:PORT1:HOST2:PORT2`.
  package var connectTo: [String]
  /// A PEM file of CAs trusted besides the system's.
  package var caFile: String?
  /// The longest a fetch may take, in seconds (connecting included).
  package var timeout: Int

  package init(connectTo: [String] = [], caFile: String? = nil, timeout: Int = 15) {
    self.connectTo = connectTo
    self.caFile = caFile
    self.timeout = timeout
  }

  /// Fetches `url` with `GET`. `maxBytes` bounds the body: a longer one stops the transfer and
  /// comes back as its first `maxBytes` bytes with ``HTTPResponse/tooLarge`` set. With
  /// `verify: false` the certificate is not checked (only to show what TLS saw after a check
  /// failed).
  package func get(
    _ url: String,
    userAgent: String,
    maxBytes: Int,
    verify: Bool = true
  ) -> Result<HTTPResponse, FetchFailure> {
    guard CurlGlobal.ready, let handle = curl_easy_init() else {
      return .failure(FetchFailure(.other, "libcurl could not be initialised"))
    }
    defer { curl_easy_cleanup(handle) }
    let transfer = Transfer(limit: maxBytes)
    let context = Unmanaged.passUnretained(transfer).toOpaque()
    var connectList: UnsafeMutablePointer<curl_slist>?
    for entry in connectTo { connectList = curl_slist_append(connectList, entry) }
    defer { curl_slist_free_all(connectList) }
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    defer { errorBuffer.deallocate() }
    configure(handle, url: url, userAgent: userAgent, verify: verify)
    _ = linkgen_curl_set_list(handle, CURLOPT_CONNECT_TO, connectList)
    _ = linkgen_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    _ = linkgen_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
    _ = linkgen_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
    _ = linkgen_curl_set_callback(handle, CURLOPT_WRITEFUNCTION, Transfer.receiveBody)
    _ = linkgen_curl_set_callback(handle, CURLOPT_HEADERFUNCTION, Transfer.receiveHeader)
    let code = withExtendedLifetime(transfer) { curl_easy_perform(handle) }
    let chain = CertificateInfo.chain(of: handle)
    if code != CURLE_OK && !(code == CURLE_WRITE_ERROR && transfer.tooLarge) {
      let detail = String(cString: errorBuffer)
      let message = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
      return .failure(FetchFailure(FetchFailure.Kind(code), message, chain: chain))
    }
    var status = 0
    _ = linkgen_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
    return .success(
      HTTPResponse(
        url: url,
        status: status,
        headers: transfer.headers,
        body: transfer.body,
        tooLarge: transfer.tooLarge,
        chain: chain
      )
    )
  }

  /// The options every fetch shares.
  private func configure(
    _ handle: UnsafeMutableRawPointer,
    url: String,
    userAgent: String,
    verify: Bool
  ) {
    _ = linkgen_curl_set_string(handle, CURLOPT_URL, url)
    _ = linkgen_curl_set_string(handle, CURLOPT_USERAGENT, userAgent)
    _ = linkgen_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
    _ = linkgen_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
    _ = linkgen_curl_set_long(handle, CURLOPT_TIMEOUT, timeout)
    _ = linkgen_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, min(timeout, 10))
    _ = linkgen_curl_set_long(handle, CURLOPT_CERTINFO, 1)
    _ = linkgen_curl_set_long(handle, CURLOPT_FORBID_REUSE, 1)
    // Only http and https, also for anything a server could send.
    _ = linkgen_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
    _ = linkgen_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
    _ = linkgen_curl_set_long(handle, CURLOPT_SSL_VERIFYPEER, verify ? 1 : 0)
    _ = linkgen_curl_set_long(handle, CURLOPT_SSL_VERIFYHOST, verify ? 2 : 0)
    if let caFile {
      _ = linkgen_curl_set_string(handle, CURLOPT_CAINFO, caFile)
      // The system's CAs stay trusted: setting CAINFO replaces the default bundle, so the
      // system's directory of CAs is named as CAPATH.
      if let directory = CurlGlobal.systemCADirectory {
        _ = linkgen_curl_set_string(handle, CURLOPT_CAPATH, directory)
      }
    }
  }
}

/// A response: the status, the headers of the final response (of this one hop), the body.
package struct HTTPResponse: Sendable {
  /// The URL fetched.
  package let url: String
  /// The HTTP status.
  package let status: Int
  /// The headers in order, names as sent.
  package let headers: [HTTPHeader]
  /// The body (decoded from any content encoding), at most the limit asked for.
  package let body: [UInt8]
  /// Whether the body was longer than the limit (and cut there).
  package let tooLarge: Bool
  /// The certificates TLS saw, the server's first; empty for `http://`.
  package let chain: [TLSCertificate]

  /// The value of the first header of that name (case-insensitive).
  package func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// The media type of `Content-Type`, lower-cased, without parameters.
  package var mediaType: String? {
    header("Content-Type").map {
      $0.split(separator: ";").first.map(String.init)?.trimmingCharacters(in: .whitespaces)
        .lowercased() ?? ""
    }
  }

  /// Whether the status is a redirect.
  package var isRedirect: Bool { (300...399).contains(status) }
}

/// One response header.
package struct HTTPHeader: Sendable, Hashable {
  package let name: String
  package let value: String
}

/// Why a fetch got no response.
package struct FetchFailure: Error, Sendable, CustomStringConvertible {
  /// What kind of failure.
  package enum Kind: Sendable, Hashable {
    /// The name did not resolve, the connection was refused or timed out.
    case unreachable
    /// TLS failed: the certificate is not trusted, expired or for another name.
    case tls
    /// Anything else (a broken response, libcurl itself).
    case other

    init(_ code: CURLcode) {
      switch code {
      case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT,
        CURLE_OPERATION_TIMEDOUT:
        self = .unreachable
      case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM,
        CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
        self = .tls
      default:
        self = .other
      }
    }
  }

  package let kind: Kind
  /// libcurl's sentence.
  package let message: String
  /// The certificates seen before the failure, if any.
  package let chain: [TLSCertificate]

  init(_ kind: Kind, _ message: String, chain: [TLSCertificate] = []) {
    self.kind = kind
    self.message = message
    self.chain = chain
  }

  package var description: String { message }
}

/// libcurl's process-wide state, set up once.
private enum CurlGlobal {
  /// `curl_global_init` succeeded.
  static let ready: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

  /// The system's CA directory: libcurl's built-in one, else `/etc/ssl/certs`.
  static let systemCADirectory: String? = {
    if ready, let handle = curl_easy_init() {
      defer { curl_easy_cleanup(handle) }
      var path: UnsafeMutablePointer<CChar>?
      if linkgen_curl_get_string(handle, CURLINFO_CAPATH, &path) == CURLE_OK, let path {
        return String(cString: path)
      }
    }
    var isDirectory: ObjCBool = false
    let fallback = "/etc/ssl/certs"
    return FileManager.default.fileExists(atPath: fallback, isDirectory: &isDirectory)
      && isDirectory.boolValue ? fallback : nil
  }()
}

/// What the callbacks of one transfer collect.
private final class Transfer {
  let limit: Int
  var body: [UInt8] = []
  var headers: [HTTPHeader] = []
  var tooLarge = false

  init(limit: Int) {
    self.limit = limit
  }

  static let receiveBody: linkgen_curl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let room = transfer.limit - transfer.body.count
    let bytes = UnsafeRawBufferPointer(start: data, count: min(length, max(room, 0)))
    transfer.body.append(contentsOf: bytes)
    guard length <= room else {
      transfer.tooLarge = true
      return 0
    }
    return length
  }

  static let receiveHeader: linkgen_curl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    if line.hasPrefix("HTTP/") {
      transfer.headers = []
    } else if let colon = line.firstIndex(of: ":") {
      transfer.headers.append(
        HTTPHeader(
          name: String(line[..<colon]),
          value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        )
      )
    }
    return length
  }
}
