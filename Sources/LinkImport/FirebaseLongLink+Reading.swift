import LinkKit

/// Splits a whole long link into its query, after checking its scheme, host and path.
enum LongLinkURL {
  static func query(of url: String, domains: [String]) throws(FirebaseLongLinkError) -> String {
    let refuse = FirebaseLongLinkError(
      .notALongLink,
      "a long link is https://<a domain of the table>/?link=…; this link is not"
    )
    guard let host = FirebaseSocialCard.httpsHost(of: url),
      domains.contains(where: { $0.lowercased() == host })
    else { throw refuse }
    let afterScheme = url.utf8.dropFirst("https://".utf8.count + host.utf8.count)
    var rest = Substring(afterScheme)
    if rest.hasPrefix("/") { rest = rest.dropFirst() }
    guard rest.hasPrefix("?"), !rest.contains("#") else { throw refuse }
    return String(rest.dropFirst())
  }
}

/// Decodes a query as `URLSearchParams` does (`+` is a space), strictly.
enum LongLinkQuery {
  static func decode(_ query: String) throws(FirebaseLongLinkError) -> [ParsedLink.QueryItem] {
    guard query.utf8.count <= RouteTable.maximumURLLength else {
      throw malformed("the query is longer than \(RouteTable.maximumURLLength) bytes")
    }
    var items: [ParsedLink.QueryItem] = []
    for piece in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
      guard items.count < FirebaseLongLink.maximumParameters else {
        throw malformed("the query has more than \(FirebaseLongLink.maximumParameters) items")
      }
      let equals = piece.firstIndex(of: UInt8(ascii: "="))
      let name = try decodeComponent(piece[..<(equals ?? piece.endIndex)])
      let value = try equals.map { index throws(FirebaseLongLinkError) in
        try decodeComponent(piece[piece.index(after: index)...])
      }
      items.append(ParsedLink.QueryItem(name: name, value: value ?? ""))
    }
    return items
  }

  static func decodeComponent(_ raw: Substring.UTF8View.SubSequence) throws(FirebaseLongLinkError)
    -> String
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.count)
    var index = raw.startIndex
    while index < raw.endIndex {
      let byte = raw[index]
      guard byte > 0x20, byte < 0x7F else {
        throw malformed("the query holds a byte that must be percent-encoded")
      }
      if byte == UInt8(ascii: "%") {
        let first = raw.index(after: index)
        guard first < raw.endIndex, raw.index(after: first) < raw.endIndex,
          let high = hexValue(raw[first]), let low = hexValue(raw[raw.index(after: first)])
        else { throw malformed("a '%' in the query is not followed by two hex digits") }
        bytes.append(high << 4 | low)
        index = raw.index(first, offsetBy: 2)
        continue
      }
      bytes.append(byte == UInt8(ascii: "+") ? 0x20 : byte)
      index = raw.index(after: index)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.utf8.elementsEqual(bytes) else {
      throw malformed("a percent-encoded value in the query is not UTF-8")
    }
    guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      throw malformed("a value in the query holds a control character")
    }
    return text
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  static func malformed(_ message: String) -> FirebaseLongLinkError {
    FirebaseLongLinkError(.malformedQuery, message)
  }
}

/// The parameters sorted into FDL's known ones (each at most once) and ignored ones.
struct SortedParameters {
  var known: [FirebaseParameter: String] = [:]
  var ignored: [IgnoredParameter] = []

  init(_ items: [ParsedLink.QueryItem]) throws(FirebaseLongLinkError) {
    var seen: Set<FirebaseParameter> = []
    for item in items {
      guard let parameter = FirebaseParameter(rawValue: item.name) else {
        ignored.append(IgnoredParameter(name: item.name, value: item.value, reason: .unknown))
        continue
      }
      guard seen.insert(parameter).inserted else {
        throw FirebaseLongLinkError(
          .duplicateParameter,
          "the parameter '\(item.name)' appears more than once",
          parameter: item.name
        )
      }
      if item.value.isEmpty { continue }
      if FirebaseParameter.fallbacks.contains(parameter) {
        ignored.append(
          IgnoredParameter(name: item.name, value: item.value, reason: .fallbackNotFollowed)
        )
      } else if parameter == .efr || parameter == .d {
        ignored.append(IgnoredParameter(name: item.name, value: item.value, reason: .noMeaningHere))
      }
      known[parameter] = item.value
    }
  }
}

/// Checks the app identifiers of a long link against the table's app.
enum AppParameterCheck {
  static let appParameters: [FirebaseParameter] = [.apn, .amv, .ibi, .ipbi, .isi, .ius, .imv]

  static func check(
    _ known: [FirebaseParameter: String],
    app: AppIdentity
  ) throws(FirebaseLongLinkError) -> [FirebaseParameter: String] {
    if let apn = known[.apn], apn != app.android?.package {
      throw mismatch(.unknownAndroidPackage, "apn", "the table's Android package")
    }
    for parameter in [FirebaseParameter.ibi, .ipbi] {
      if let value = known[parameter], value != app.ios?.bundleID {
        throw mismatch(.unknownBundleID, parameter.rawValue, "the table's iOS bundle ID")
      }
    }
    if let isi = known[.isi], isi != app.ios?.appStoreID {
      throw mismatch(.unknownAppStoreID, "isi", "the table's App Store ID")
    }
    if let ius = known[.ius], ius.lowercased() != app.scheme.lowercased() {
      throw mismatch(.unknownScheme, "ius", "the table's custom scheme")
    }
    return known.filter { appParameters.contains($0.key) }
  }

  static func mismatch(
    _ code: FirebaseLongLinkError.Code,
    _ parameter: String,
    _ what: String
  ) -> FirebaseLongLinkError {
    FirebaseLongLinkError(
      code,
      "the parameter '\(parameter)' is not \(what): the long link is for another app",
      parameter: parameter
    )
  }
}
