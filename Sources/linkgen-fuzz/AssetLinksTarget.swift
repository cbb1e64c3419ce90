import LinkAssociation

/// The assetlinks.json reader.
enum AssetLinksTarget {
  static let target = FuzzTarget(
    name: "assetlinks",
    summary: "the assetlinks.json reader: no trap; the same bytes give the same findings and "
      + "statements; findings move with the lines",
    check: check
  )

  static func check(_ bytes: [UInt8]) {
    let file = AssetLinksFile(bytes)
    let again = AssetLinksFile(bytes)
    Invariant.require(
      file.findings == again.findings && file.statements == again.statements
        && file.isRejected == again.isRejected && file.byteCount == bytes.count,
      "reading the same bytes twice gave different results"
    )
    FindingChecks.lines(file.findings, in: bytes)
    if file.findings.contains(where: { [.invalidJSON, .tooDeep].contains($0.code) }) {
      Invariant.require(file.isRejected, "a file with \(file.findings.errors) is not rejected")
    }
    if file.isRejected {
      Invariant.require(!file.findings.errors.isEmpty, "a rejected file without an error")
    }
    if bytes.count < AssetLinksFile.maximumSize, !bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      FindingChecks.shifted(file.findings, AssetLinksFile([0x0A] + bytes).findings)
    }
  }
}
