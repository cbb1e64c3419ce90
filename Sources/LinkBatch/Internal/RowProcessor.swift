import LinkKit
import LinkQR

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One data row, read and named on the reading thread.
struct RowJob: Sendable {
  var line: Int
  var row: Int
  /// The fields, or why the row cannot be used (malformed, wrong field count, bad name).
  var fields: Result<[String], CSVRecordError>
  /// The file name without extension.
  var name: String
}

/// What became of a row.
struct RowResult: Sendable {
  enum Outcome: Sendable, Hashable {
    case written(files: Int)
    case existing
    case failed(String)
  }

  var line: Int
  var outcome: Outcome
  /// The row's manifest entry.
  var entry: String
}

/// Builds a row's links, renders its images and writes them; runs on worker threads.
struct RowProcessor: Sendable {
  let table: RouteTable
  let options: BatchOptions
  /// The output directory's path, without a trailing `/`.
  let directory: String
  /// The CSV's columns and the route.
  let rows: RouteRows

  func process(_ job: RowJob) -> RowResult {
    let fields: [String]
    switch job.fields {
    case .failure(let error): return failed(job, error.message)
    case .success(let values): fields = values
    }
    let values: RouteValues
    let links: LinkSet
    do throws(LinkError) {
      values = try rows.values(fields, table: table)
      links = try table.links(for: values)
    } catch {
      return failed(job, error.message)
    }
    guard let text = links[options.link] else {
      return failed(job, "the route table configures no \(options.link.rawValue) link")
    }
    var code: QRCode?
    var files: [(QRImageFormat, String)] = []
    var written = 0
    for format in options.formats {
      let name = job.name + "." + format.fileExtension
      files.append((format, name))
      let path = directory + "/" + name
      if options.resume, access(path, F_OK) == 0 { continue }
      do throws(QRError) {
        if code == nil {
          if let logo = options.logoDrawing?.logo {
            // As `linkgen qr --logo`: level H, a version without a central alignment pattern,
            // and a logo the code can take (else the row fails).
            let encoded = try QRCode(encodingForLogo: text, minimumVersion: options.minimumVersion)
            _ = try encoded.logoArea(fraction: logo.size)
            code = encoded
          } else {
            code = try QRCode(
              encoding: text,
              errorCorrection: options.errorCorrection,
              minimumVersion: options.minimumVersion,
              exactErrorCorrection: options.exactErrorCorrection
            )
          }
        }
        guard let code else { continue }
        if !options.allowsSmallModules {
          try options.rendering.checkModuleSize(of: code, format: format)
        }
        let bytes: [UInt8]
        if let logo = options.logoDrawing {
          switch format {
          case .svg: bytes = Array(try code.svg(options.rendering, logo: logo.logo).utf8)
          case .png:
            do throws(BatchLogoError) {
              bytes = try logo.png(code, options.rendering, logo.logo)
            } catch {
              return failed(job, error.message, values: values, links: links)
            }
          }
        } else {
          bytes = try format.render(code, options.rendering)
        }
        do throws(AtomicFileError) {
          try AtomicFile.write(bytes, to: path)
        } catch {
          return failed(job, error.description, values: values, links: links)
        }
        written += 1
      } catch {
        return failed(job, error.message, values: values, links: links)
      }
    }
    let outcome = written > 0 ? RowResult.Outcome.written(files: written) : .existing
    return RowResult(
      line: job.line,
      outcome: outcome,
      entry: entry(job, status: written > 0 ? "written" : "existing", values, links, files, nil)
    )
  }

  private func failed(
    _ job: RowJob,
    _ message: String,
    values: RouteValues? = nil,
    links: LinkSet? = nil
  ) -> RowResult {
    RowResult(
      line: job.line,
      outcome: .failed(message),
      entry: entry(job, status: "failed", values, links, [], message)
    )
  }

  private func entry(
    _ job: RowJob,
    status: String,
    _ values: RouteValues?,
    _ links: LinkSet?,
    _ files: [(QRImageFormat, String)],
    _ error: String?
  ) -> String {
    ManifestWriter.entry(
      format: options.manifest,
      line: job.line,
      row: job.row,
      status: status,
      values: values,
      links: links,
      files: files,
      allFormats: options.formats,
      error: error
    )
  }
}
