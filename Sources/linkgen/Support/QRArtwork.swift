import LinkKit
import LinkQR

/// The QR code a landing page shows desktop visitors: the universal link, as SVG.
enum QRArtwork {
  static func svg(for table: RouteTable, values: RouteValues) throws -> String {
    try QRCode(encoding: try table.link(.universal, for: values)).svg()
  }
}
