import Foundation
import Testing

@testable import LinkDoctor

@Suite("doctor options and readers")
struct DoctorOptionTests {
  @Test(arguments: [
    "openlist.example.com:443:127.0.0.1:8443", "a.example:80:[::1]:8080", "::127.0.0.1:",
    "a.example:443:b.example:",
  ])
  func acceptsCurlConnectTo(_ entry: String) {
    #expect(DoctorOptions.isConnectTo(entry))
  }

  @Test(arguments: ["openlist.example.com:443:127.0.0.1", "a:b:c:d", "a:443", "a:70000:b:1"])
  func refusesOtherConnectTo(_ entry: String) {
    #expect(!DoctorOptions.isConnectTo(entry))
  }

  @Test func refusesAURLForTheDomain() {
    #expect(throws: DoctorError.self) {
      try DoctorOptions(domain: "https://links.example.com/").validated()
    }
  }

  @Test func readsMaxAge() {
    #expect(Doctor.maxAge("public, max-age=3600") == 3600)
    #expect(Doctor.maxAge("max-age=60, s-maxage=604800") == 604_800)
    #expect(Doctor.maxAge("no-cache") == nil)
  }

  @Test func readsOpenSSLDates() throws {
    let date = try #require(CertificateInfo.date("Nov  6 01:02:03 2027 GMT"))
    #expect(date.timeIntervalSince1970 == 1_825_462_923)
  }
}

@Suite("doctor redirects")
struct DoctorRedirectTests {
  @Test func resolvesLocations() {
    let base = "https://links.example.com/invite/ABC123"
    #expect(Doctor.resolve("/x?y=1", against: base) == "https://links.example.com/x?y=1")
    #expect(Doctor.resolve("http://other.example/", against: base) == "http://other.example/")
    // Scheme-relative and relative paths are not followed.
    #expect(Doctor.resolve("//other.example/", against: base) == nil)
    #expect(Doctor.resolve("next", against: base) == nil)
  }

  @Test func readsHosts() {
    #expect(Doctor.host(of: "https://Links.Example.com:8443/x") == "links.example.com")
    #expect(Doctor.host(of: "https://links.example.com?x") == "links.example.com")
    #expect(Doctor.host(of: "https://user@evil.example/") == nil)
    #expect(Doctor.host(of: "links.example.com") == nil)
  }
}
