import CCurl
package import Foundation

/// One certificate of the chain a server presented, as libcurl's certificate info shows it.
package struct TLSCertificate: Sendable, Hashable {
  /// The subject: `CN=openlist.example.com`.
  package let subject: String
  /// The issuer.
  package let issuer: String
  /// The start of its validity.
  package let notBefore: Date?
  /// The end of its validity.
  package let notAfter: Date?
  /// The DNS names of its subject alternative names.
  package let names: [String]

  /// Whether one of ``names`` covers `host` (a `*.` wildcard covers one label).
  package func covers(_ host: String) -> Bool {
    let host = host.lowercased()
    return names.contains { name in
      let name = name.lowercased()
      if name == host { return true }
      guard name.hasPrefix("*."), let dot = host.firstIndex(of: ".") else { return false }
      return host[dot...] == name.dropFirst()
    }
  }
}

/// Reads `CURLINFO_CERTINFO` (the OpenSSL back end's fields: `Subject:`, `Issuer:`,
/// `Start date:`, `Expire date:`, `X509v3 Subject Alternative Name:`).
enum CertificateInfo {
  static func chain(of handle: UnsafeMutableRawPointer) -> [TLSCertificate] {
    var info: UnsafeMutablePointer<curl_certinfo>?
    guard linkgen_curl_get_certinfo(handle, &info) == CURLE_OK, let info,
      let lists = info.pointee.certinfo
    else { return [] }
    return (0..<Int(info.pointee.num_of_certs)).map { certificate(fields(lists[$0])) }
  }

  private static func fields(_ list: UnsafeMutablePointer<curl_slist>?) -> [String: String] {
    var fields: [String: String] = [:]
    var node = list
    while let current = node {
      if let data = current.pointee.data {
        let entry = String(cString: data)
        if let colon = entry.firstIndex(of: ":") {
          fields[String(entry[..<colon])] = String(entry[entry.index(after: colon)...])
        }
      }
      node = current.pointee.next
    }
    return fields
  }

  private static func certificate(_ fields: [String: String]) -> TLSCertificate {
    let names = (fields["X509v3 Subject Alternative Name"] ?? "")
      .split(separator: ",")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("DNS:") }
      .map { String($0.dropFirst(4)) }
    return TLSCertificate(
      subject: fields["Subject"] ?? "",
      issuer: fields["Issuer"] ?? "",
      notBefore: fields["Start date"].flatMap(date),
      notAfter: fields["Expire date"].flatMap(date),
      names: names
    )
  }

  /// OpenSSL's `Nov 26 00:00:00 2027 GMT` (the day padded with a space).
  static func date(_ text: String) -> Date? {
    let parts = text.split(separator: " ")
    guard parts.count == 5, parts[4] == "GMT",
      let month = months.firstIndex(of: String(parts[0])),
      let day = Int(parts[1]), let year = Int(parts[3])
    else { return nil }
    let time = parts[2].split(separator: ":").compactMap { Int($0) }
    guard time.count == 3 else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    return calendar.date(
      from: DateComponents(
        year: year,
        month: month + 1,
        day: day,
        hour: time[0],
        minute: time[1],
        second: time[2]
      )
    )
  }

  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
}
