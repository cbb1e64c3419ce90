import Foundation
import LinkgenTestSupport
import Testing

/// deploy/nginx/linkgen.conf as committed, with only what differs on loopback replaced: the
/// ports, the certificate paths, the ACME folder, linkgen's address and the domain (which the
/// file asks its users to replace). Each replacement must find its text, so a change to the
/// file cannot quietly leave the test running something else.
enum DeploySite {
  static let file = PackagePaths.root.appendingPathComponent("deploy/nginx/linkgen.conf")

  static func templated(https: Int, http: Int, serve: Int, directory: URL) throws -> String {
    var site = try String(contentsOf: file, encoding: .utf8)
    let replacements: [(String, String)] = [
      (
        "/etc/letsencrypt/live/links.example.com/fullchain.pem",
        directory.appendingPathComponent("site.pem").path
      ),
      (
        "/etc/letsencrypt/live/links.example.com/privkey.pem",
        directory.appendingPathComponent("site.key").path
      ),
      ("/var/www/letsencrypt", directory.appendingPathComponent("acme").path),
      ("listen 443 ssl", "listen 127.0.0.1:\(https) ssl"),
      ("listen 80;", "listen 127.0.0.1:\(http);"),
      ("http://127.0.0.1:8080", "http://127.0.0.1:\(serve)"),
      ("links.example.com", DoctorLab.domain),
    ]
    for (text, replacement) in replacements {
      #expect(site.contains(text), "deploy/nginx/linkgen.conf no longer contains \(text)")
      site = site.replacingOccurrences(of: text, with: replacement)
    }
    return site
  }
}

extension DeploySite {
  static let caddyfile = PackagePaths.root.appendingPathComponent("deploy/Caddyfile")

  /// deploy/Caddyfile as committed, with the domain and linkgen's address replaced, the test
  /// certificate in place of Caddy's automatic one, global options for loopback ports and a
  /// folder of its own, and the CDN stand-in as a second site.
  static func caddyfile(lab: DoctorLab) throws -> String {
    let directory = lab.scratch.url.path
    let ports = lab.ports[.deploy] ?? (0, 0)
    var site = try String(contentsOf: caddyfile, encoding: .utf8)
    let replacements: [(String, String)] = [
      ("reverse_proxy 127.0.0.1:8080", "reverse_proxy 127.0.0.1:\(lab.servePort)"),
      (
        "links.example.com {",
        "\(DoctorLab.domain) {\n\ttls \(directory)/site.pem \(directory)/site.key"
      ),
    ]
    for (text, replacement) in replacements {
      #expect(site.contains(text), "deploy/Caddyfile no longer contains \(text)")
      site = site.replacingOccurrences(of: text, with: replacement)
    }
    return """
      {
      \tadmin off
      \thttp_port \(ports.http)
      \thttps_port \(ports.https)
      \tstorage file_system \(directory)/caddy
      \tskip_install_trust
      }

      \(site)

      http://127.0.0.1:\(lab.cdnPort) {
      \troot * \(directory)
      \trewrite /same/a/v1/\(DoctorLab.domain) /aasa.json
      \tfile_server
      }

      """
  }
}

/// The nginx configuration the lab runs: unprivileged-friendly paths in the lab's directory,
/// the committed site for `.deploy`, a small server pair per fault, and the CDN stand-in.
enum NginxConfig {
  static func main(lab: DoctorLab) -> String {
    let directory = lab.scratch.url.path
    var servers = ""
    for testCase in DoctorCase.allCases where testCase != .deploy {
      servers += faultServers(testCase, lab: lab)
    }
    return """
      pid \(directory)/nginx/nginx.pid;
      error_log \(directory)/nginx/error.log warn;
      worker_processes 1;
      events { worker_connections 256; }
      http {
        access_log off;
        client_body_temp_path \(directory)/nginx/body;
        proxy_temp_path \(directory)/nginx/proxy;
        fastcgi_temp_path \(directory)/nginx/fastcgi;
        uwsgi_temp_path \(directory)/nginx/uwsgi;
        scgi_temp_path \(directory)/nginx/scgi;
        include \(directory)/deploy-site.conf;
      \(servers)
        # Apple's CDN, stand-in: the origin's file, or the stale one without the invite route.
        server {
          listen 127.0.0.1:\(lab.cdnPort);
          default_type application/json;
          location = /same/a/v1/\(DoctorLab.domain) { alias \(directory)/aasa.json; }
          location = /stale/a/v1/\(DoctorLab.domain) { alias \(directory)/aasa-without-invite.json; }
        }
      }

      """
  }

  private static func faultServers(_ testCase: DoctorCase, lab: DoctorLab) -> String {
    let directory = lab.scratch.url.path
    let ports = lab.ports[testCase] ?? (0, 0)
    return """
        # \(testCase)
        server {
          listen 127.0.0.1:\(ports.https) ssl;
          server_name \(DoctorLab.domain);
          ssl_certificate \(directory)/\(testCase.certificate);
          ssl_certificate_key \(directory)/site.key;
          proxy_set_header Host $host;
          location / { proxy_pass http://127.0.0.1:\(lab.servePort); }
          \(testCase.httpsLines.replacingOccurrences(of: "FILES", with: directory))
        }
        server {
          listen 127.0.0.1:\(ports.http);
          \(testCase.httpLines)
        }

      """
  }
}
