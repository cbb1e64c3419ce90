import Foundation
import LinkgenTestSupport
import Testing

/// A test CA and, signed by it, a certificate for openlist.example.com (90 days), one with
/// 10 days left, and an expired one (January 2020, made with `openssl ca -startdate/-enddate`: no faketime).
enum Certificates {
  static func make(in directory: TemporaryDirectory, openssl: URL) throws {
    let path = { (name: String) in directory.file(name).path }
    let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    try run(
      openssl,
      ["req", "-x509"] + ec + [
        "-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2",
        "-subj", "/CN=linkgen doctor test CA",
        "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign",
      ]
    )
    try run(
      openssl,
      ["req", "-new"] + ec + [
        "-keyout", path("site.key"), "-out", path("site.csr"),
        "-subj", "/CN=\(DoctorLab.domain)",
      ]
    )
    try Data(
      """
      subjectAltName=DNS:openlist.example.com,DNS:www.openlist.example.com
      basicConstraints=CA:FALSE
      keyUsage=critical,digitalSignature
      extendedKeyUsage=serverAuth

      """.utf8
    ).write(to: directory.file("site.ext"))
    for (name, days) in [("site.pem", 90), ("soon.pem", 10)] {
      try run(
        openssl,
        [
          "x509", "-req", "-in", path("site.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
          "-CAcreateserial", "-out", path(name), "-days", "\(days)", "-extfile", path("site.ext"),
        ]
      )
    }
    try makeExpired(in: directory, openssl: openssl)
  }

  /// `expired.pem`: the same key and names, valid only in January 2020.
  private static func makeExpired(in directory: TemporaryDirectory, openssl: URL) throws {
    let path = { (name: String) in directory.file(name).path }
    try FileManager.default.createDirectory(
      at: directory.file("ca-issued"),
      withIntermediateDirectories: true
    )
    try Data().write(to: directory.file("ca-index.txt"))
    try Data("1000\n".utf8).write(to: directory.file("ca-serial"))
    try Data(
      """
      [ ca ]
      default_ca = test
      [ test ]
      database = \(path("ca-index.txt"))
      new_certs_dir = \(path("ca-issued"))
      serial = \(path("ca-serial"))
      default_md = sha256
      policy = anything
      unique_subject = no
      [ anything ]
      commonName = supplied

      """.utf8
    ).write(to: directory.file("ca.cnf"))
    try run(
      openssl,
      [
        "ca", "-batch", "-config", path("ca.cnf"), "-cert", path("ca.pem"),
        "-keyfile", path("ca.key"), "-in", path("site.csr"), "-out", path("expired.pem"),
        "-startdate", "20200101000000Z", "-enddate", "20200201000000Z",
        "-extfile", path("site.ext"), "-notext",
      ]
    )
    for file in ["site.pem", "site.key", "expired.pem", "soon.pem", "ca.pem"] {
      chmod(path(file), 0o644)
    }
  }

  private static func run(_ openssl: URL, _ arguments: [String]) throws {
    let result = try ProcessRunner.run(openssl, arguments, timeout: 60)
    guard result.status == 0 else {
      throw LabError(description: "openssl \(arguments[0]) failed: \(result.error)")
    }
  }
}
