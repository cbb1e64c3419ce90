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

/// Why a row's image could not be made or written: the message its report and manifest entry
/// show.
private struct RowFailure: Error {
  let message: String
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
    guard let link = links[options.link] else {
      return failed(job, "the route table configures no \(options.link.rawValue) link")
    }
    let text = options.countsScans ? ScanMarker.adding(to: link) : link
    var code: QRCode?
    var files: [(QRImageFormat, String)] = []
    var written = 0
    do throws(RowFailure) {
      for format in options.formats {
        let name = job.name + "." + format.fileExtension
        files.append((format, name))
        let path = directory + "/" + name
        if options.resume, access(path, F_OK) == 0 { continue }
        let made: QRCode
        if let code { made = code } else { made = try encode(text) }
        code = made
        try write(made, as: format, to: path)
        written += 1
      }
    } catch {
      return failed(job, error.message, values: values, links: links)
    }
    let outcome = written > 0 ? RowResult.Outcome.written(files: written) : .existing
    return RowResult(
      line: job.line,
      outcome: outcome,
      entry: entry(job, status: written > 0 ? "written" : "existing", values, links, files, nil)
    )
  }

  /// The row's code, made once: as `linkgen qr --logo` with a logo (level H, a version
  /// without a central alignment pattern, and a logo the code can take, else the row fails),
  /// else at the options' error correction and version.
  private func encode(_ text: String) throws(RowFailure) -> QRCode {
    do throws(QRError) {
      if let logo = options.logoDrawing?.logo {
        let encoded = try QRCode(encodingForLogo: text, minimumVersion: options.minimumVersion)
        _ = try encoded.logoArea(fraction: logo.size)
        return encoded
      }
      return try QRCode(
        encoding: text,
        errorCorrection: options.errorCorrection,
        minimumVersion: options.minimumVersion,
        exactErrorCorrection: options.exactErrorCorrection
      )
    } catch {
      throw RowFailure(message: error.message)
    }
  }

  /// Checks the module size (unless `--force`), renders `code` as `format` and writes it
  /// atomically to `path`.
  private func write(_ code: QRCode, as format: QRImageFormat, to path: String)
    throws(RowFailure)
  {
    do throws(QRError) {
      if !options.allowsSmallModules {
        try options.rendering.checkModuleSize(of: code, format: format)
      }
    } catch {
      throw RowFailure(message: error.message)
    }
    let bytes = try image(of: code, as: format)
    do throws(AtomicFileError) {
      try AtomicFile.write(bytes, to: path)
    } catch {
      throw RowFailure(message: error.description)
    }
  }

  private func image(of code: QRCode, as format: QRImageFormat) throws(RowFailure) -> [UInt8] {
    if let logo = options.logoDrawing, case .png = format {
      do throws(BatchLogoError) {
        return try logo.png(code, options.rendering, logo.logo)
      } catch {
        throw RowFailure(message: error.message)
      }
    }
    do throws(QRError) {
      if let logo = options.logoDrawing {
        return Array(try code.svg(options.rendering, logo: logo.logo).utf8)
      }
      return try format.render(code, options.rendering)
    } catch {
      throw RowFailure(message: error.message)
    }
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
