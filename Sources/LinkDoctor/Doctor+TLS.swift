import Foundation
import LinkKit

extension Doctor {
  /// `tls.certificate`: the certificate is trusted, names the domain and is not near expiry.
  /// Returns `false` when nothing answers over HTTPS at all.
  mutating func checkTLS() -> Bool {
    let url = https("/")
    switch client.get(url, userAgent: UserAgent.doctor.value, maxBytes: 64 * 1024) {
    case .success(let response):
      judgeCertificate(response.chain)
      return true
    case .failure(let failure) where failure.kind == .unreachable:
      add(
        "tls.certificate",
        .fail,
        "cannot connect to \(url): \(failure.message)",
        fix: "point the domain's DNS (A/AAAA) at the server and open port 443; "
          + "for a staging server, pass --connect-to \(domain):443:HOST:PORT"
      )
      return false
    case .failure(let failure):
      tlsFailure = failure.message
      refused(failure)
      return true
    }
  }

  /// A verified certificate: only its expiry and names are left to judge.
  private mutating func judgeCertificate(_ chain: [TLSCertificate]) {
    guard let certificate = chain.first, let notAfter = certificate.notAfter else {
      add("tls.certificate", .pass, "the certificate is trusted and names \(domain)")
      return
    }
    let days = Int(notAfter.timeIntervalSince(options.now) / 86_400)
    let seen = describe(chain)
    if days < options.expiryWarningDays {
      add(
        "tls.certificate",
        .warn,
        "\(seen); it expires in \(days) day\(days == 1 ? "" : "s")",
        fix: "renew it now (certbot renew, or check why Caddy's or your load balancer's "
          + "automatic renewal has not run)"
      )
    } else {
      add("tls.certificate", .pass, "\(seen); \(days) days left")
    }
  }

  /// TLS refused the connection: look again without verifying, to say why.
  private mutating func refused(_ failure: FetchFailure) {
    var chain = failure.chain
    if chain.isEmpty,
      case .success(let response) = client.get(
        https("/"),
        userAgent: UserAgent.doctor.value,
        maxBytes: 1024,
        verify: false
      )
    {
      chain = response.chain
    }
    let certificate = chain.first
    var message = "TLS refused \(https("/")): \(failure.message)"
    if !chain.isEmpty { message += "; the server presents \(describe(chain))" }
    add("tls.certificate", .fail, message, fix: fix(for: certificate))
  }

  private func fix(for certificate: TLSCertificate?) -> String {
    if let notAfter = certificate?.notAfter, notAfter < options.now {
      return "the certificate has expired: renew it (certbot renew && systemctl reload nginx; "
        + "Caddy renews by itself when it can reach its ACME CA) and reload the server"
    }
    if let certificate, !certificate.covers(domain) {
      return "get a certificate whose names include \(domain) (now: "
        + "\(certificate.names.joined(separator: ", ")))"
    }
    return "serve the whole chain (fullchain.pem, not cert.pem) of a certificate from a CA "
      + "that iOS and Android trust; Apple's and Google's fetchers accept no other"
  }

  /// The server's certificate (names, issuer, expiry) and the chain's subjects.
  func describe(_ chain: [TLSCertificate]) -> String {
    guard let certificate = chain.first else { return "no certificate" }
    let names =
      certificate.names.isEmpty ? certificate.subject : certificate.names.joined(separator: ", ")
    var text = "certificate for \(names), issued by \(certificate.issuer)"
    if let notAfter = certificate.notAfter {
      text += ", valid until \(notAfter.formatted(.iso8601))"
    }
    let subjects = chain.map(\.subject)
    return text + "; chain: " + subjects.joined(separator: " ← ")
  }
}
