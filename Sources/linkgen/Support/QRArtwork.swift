import LinkKit
import LinkQR

/// The QR code a landing page shows desktop visitors: the universal link, as SVG.
enum QRArtwork {
  static func svg(for table: RouteTable, values: RouteValues) throws(Failure) -> String {
    let link: String
    do throws(LinkError) {
      link = try table.link(.universal, for: values)
    } catch {
      throw Failure(error)
    }
    do throws(QRError) {
      return try QRCode(encoding: link).svg()
    } catch {
      throw Failure(error.message)
    }
  }
}
