import LinkPages
package import LinkQR

/// The desktop landing page's QR code, drawn straight into the page from the code's matrix by
/// LinkQR (`QRCode.appendInlineSVG`): the same markup as `QRCode.svg()` with the default
/// options, as the page inlines it (no XML declaration, no final line feed), without making,
/// checking and copying SVG text per page.
package struct QRDrawing: PageDrawing {
  let code: QRCode

  package init(code: QRCode) { self.code = code }

  package var estimatedSize: Int { 300 + (code.size + 1) * (code.size + 1) * 3 }

  package func draw(into out: inout [UInt8]) {
    code.appendInlineSVG(to: &out)
  }
}
