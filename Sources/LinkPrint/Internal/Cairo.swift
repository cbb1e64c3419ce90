import CCairo
import CGLib
import LinkBatch
import LinkQR

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// cairo's status checks: every surface and context operation leaves its status on the object
/// (cairo never calls back into Swift with an error, and never longjmps); these turn a status
/// other than success into a ``PrintError``.
enum Cairo {
  /// Millimetres per point.
  static let millimetre = PrintLength.pointsPerMillimetre

  /// Fails unless `surface` is in a good state.
  static func check(surface: OpaquePointer, _ what: @autoclosure () -> String) throws(PrintError) {
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else { throw error(status, what()) }
  }

  /// Fails unless `context` (and so its target) is in a good state.
  static func check(context: OpaquePointer, _ what: @autoclosure () -> String) throws(PrintError) {
    let status = cairo_status(context)
    guard status == CAIRO_STATUS_SUCCESS else { throw error(status, what()) }
  }

  /// Makes `colour` (its alpha too) the source of what `context` draws next.
  static func setSource(_ context: OpaquePointer, _ colour: QRColor) {
    cairo_set_source_rgba(
      context,
      Double(colour.red) / 255,
      Double(colour.green) / 255,
      Double(colour.blue) / 255,
      Double(colour.alpha) / 255
    )
  }

  /// The image `surface` holds, encoded as PNG by cairo.
  static func pngBytes(of surface: OpaquePointer) throws(PrintError) -> [UInt8] {
    final class Output {
      var bytes: [UInt8] = []
    }
    let output = Output()
    let write: cairo_write_func_t = { closure, data, length in
      guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
      let output = Unmanaged<Output>.fromOpaque(closure).takeUnretainedValue()
      output.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
      return CAIRO_STATUS_SUCCESS
    }
    let status = withExtendedLifetime(output) {
      cairo_surface_write_to_png_stream(surface, write, Unmanaged.passUnretained(output).toOpaque())
    }
    guard status == CAIRO_STATUS_SUCCESS else { throw error(status, "encode the PNG") }
    return output.bytes
  }

  static func error(_ status: cairo_status_t, _ what: String) -> PrintError {
    let reason = String(cString: cairo_status_to_string(status))
    let code: PrintError.Code = status == CAIRO_STATUS_WRITE_ERROR ? .outputIOFailed : .library
    return PrintError(code, "cairo could not \(what): \(reason)")
  }

  /// The message of a GLib error, which is freed.
  static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return "unknown error" }
    defer { g_error_free(error) }
    return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
  }
}

/// Where cairo's PDF surface writes: a temporary file renamed into place when the document is
/// finished (``AtomicFileStream``). A failed write (a full disk) is remembered with its `errno`
/// and reported to cairo, which then stops writing and puts the surface in an error state.
final class PDFSink {
  let stream: AtomicFileStream
  private(set) var failure: Int32 = 0

  init(path: String) throws(PrintError) {
    do {
      stream = try AtomicFileStream(path: path)
    } catch {
      throw PrintError(error)
    }
  }

  /// cairo's write callback: a C function with the sink as its closure.
  static let write: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<PDFSink>.fromOpaque(closure).takeUnretainedValue()
    guard sink.failure == 0 else { return CAIRO_STATUS_WRITE_ERROR }
    let code = sink.stream.write(UnsafeRawBufferPointer(start: data, count: Int(length)))
    if code != 0 {
      sink.failure = code
      return CAIRO_STATUS_WRITE_ERROR
    }
    return CAIRO_STATUS_SUCCESS
  }

  /// The error for a write that failed, naming the file and the reason.
  func writeError() -> PrintError {
    PrintError(AtomicFileError(path: stream.path, code: failure == 0 ? EIO : failure))
  }
}

extension PrintError {
  /// A file that could not be written: ``Code/outputIOFailed`` when the storage failed (a full
  /// disk, a quota, an I/O error), ``Code/cannotCreateOutput`` otherwise.
  init(_ error: AtomicFileError) {
    switch error.code {
    case .ioFailure: self.init(.outputIOFailed, error.description)
    case .cannotCreate: self.init(.cannotCreateOutput, error.description)
    }
  }
}
