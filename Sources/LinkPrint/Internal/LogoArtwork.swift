import CCairo
import CGLib
import CRsvg
import LinkQR

/// A logo ready to draw with cairo: a PNG decoded into an image surface, or an SVG drawn by
/// librsvg into a recording surface (so it stays vector in a PDF, and a sheet embeds it once
/// however many cards show it).
///
/// cairo and librsvg objects belong to one thread: each thread that draws makes its own from
/// the ``QRLogo``'s bytes.
final class LogoArtwork {
  /// The surface to paint, `width` × `height` units from its origin.
  let surface: OpaquePointer
  let width: Double
  let height: Double

  init(_ logo: QRLogo) throws(PrintError) {
    switch logo.format {
    case .png: (surface, width, height) = try Self.png(logo.bytes)
    case .svg: (surface, width, height) = try Self.svg(logo.bytes)
    }
  }

  deinit {
    cairo_surface_destroy(surface)
  }

  /// Checks that the logo can be drawn, without keeping it.
  static func validate(_ logo: QRLogo) throws(PrintError) {
    _ = try LogoArtwork(logo)
  }

  /// Paints the logo centred in the square `x`, `y`, `side`, scaled to fit with its aspect
  /// ratio kept.
  func draw(on context: OpaquePointer, x: Double, y: Double, side: Double) {
    let scale = min(side / width, side / height)
    cairo_save(context)
    cairo_translate(context, x + (side - width * scale) / 2, y + (side - height * scale) / 2)
    cairo_scale(context, scale, scale)
    cairo_set_source_surface(context, surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
    cairo_rectangle(context, 0, 0, width, height)
    cairo_fill(context)
    cairo_restore(context)
  }

  // MARK: Loading

  /// Reads a PNG through cairo (which runs libpng behind its own error handling).
  private static func png(_ bytes: [UInt8]) throws(PrintError) -> (OpaquePointer, Double, Double) {
    final class Reader {
      let bytes: [UInt8]
      var offset = 0
      init(_ bytes: [UInt8]) { self.bytes = bytes }
    }
    let reader = Reader(bytes)
    let read: cairo_read_func_t = { closure, data, length in
      guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
      let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
      let count = Int(length)
      guard reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
      reader.bytes.withUnsafeBufferPointer { source in
        data.update(from: source.baseAddress.unsafelyUnwrapped + reader.offset, count: count)
      }
      reader.offset += count
      return CAIRO_STATUS_SUCCESS
    }
    let surface = withExtendedLifetime(reader) {
      cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(reader).toOpaque())
    }
    guard let surface else { throw PrintError(.library, "cairo could not read the PNG logo") }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw PrintError(
        .invalidLogo,
        "the PNG logo cannot be read: \(String(cString: cairo_status_to_string(status)))"
      )
    }
    let width = Double(cairo_image_surface_get_width(surface))
    let height = Double(cairo_image_surface_get_height(surface))
    guard width >= 1, height >= 1 else {
      cairo_surface_destroy(surface)
      throw PrintError(.invalidLogo, "the PNG logo is empty")
    }
    return (surface, width, height)
  }

  /// Parses an SVG with librsvg and draws it into a recording surface at its intrinsic size
  /// (or its viewBox's aspect ratio, 1000 units wide, when it gives no size).
  private static func svg(_ bytes: [UInt8]) throws(PrintError) -> (OpaquePointer, Double, Double) {
    var error: UnsafeMutablePointer<GError>?
    // No base file: librsvg loads no external resources for the document.
    let handle = bytes.withUnsafeBufferPointer { bytes in
      rsvg_handle_new_from_data(bytes.baseAddress, UInt(bytes.count), &error)
    }
    guard let handle else {
      throw PrintError(.invalidLogo, "the SVG logo cannot be read: \(Cairo.message(error))")
    }
    defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
    var width = 0.0
    var height = 0.0
    if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 || width <= 0
      || height <= 0
    {
      var hasViewBox: gboolean = 0
      var viewBox = RsvgRectangle()
      rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
      guard hasViewBox != 0, viewBox.width > 0, viewBox.height > 0 else {
        throw PrintError(
          .invalidLogo,
          "the SVG logo has neither a width and height nor a viewBox, so its shape is unknown"
        )
      }
      (width, height) = (1000, 1000 * viewBox.height / viewBox.width)
    }
    var extents = cairo_rectangle_t(x: 0, y: 0, width: width, height: height)
    guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents) else {
      throw PrintError(.library, "cairo could not create a surface for the logo")
    }
    guard let context = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      throw PrintError(.library, "cairo could not create a drawing context")
    }
    defer { cairo_destroy(context) }
    var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
    guard rsvg_handle_render_document(handle, context, &viewport, &error) != 0 else {
      cairo_surface_destroy(surface)
      throw PrintError(.invalidLogo, "the SVG logo cannot be drawn: \(Cairo.message(error))")
    }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw Cairo.error(status, "draw the SVG logo")
    }
    return (surface, width, height)
  }
}
