import Foundation

/// A page variant compiled once: static UTF-8 bytes and typed holes, tidied, with its
/// Content-Security-Policy (the hashes of its `<style>` elements) computed at compile time.
/// ``fill(_:)`` writes a page for one link's values into one buffer.
struct PagePlan: Sendable {
  let ops: [PlanOp]
  let bytes: [UInt8]
  /// The policy the page carries, for the header.
  let policy: String
  /// A page whose ends depend on its values (a template that starts or ends with a value):
  /// tidied again after filling.
  let needsFullTidy: Bool

  /// Finishes compiled ops: tidies the static text as rendering then tidying did, checks the
  /// policy meta, hashes the `<style>` elements and writes the policy into the page.
  init(
    ops: [PlanOp],
    bytes: [UInt8],
    policy: ContentSecurityPolicy,
    origin: String
  ) throws(PageError) {
    var tidier = PlanTidier(ops: ops, bytes: bytes)
    tidier.run()
    let depths = Self.depths(tidier.ops)
    let segments = tidier.ops.indices.compactMap { index -> (Range<Int>, Int)? in
      guard case .bytes(let range, _) = tidier.ops[index] else { return nil }
      return (range, depths[index])
    }
    let top = segments.filter { $0.1 == 0 }.map { tidier.bytes[$0.0] }
    let placeholder = Array(policy.placeholder.utf8)
    guard top.contains(where: { $0.firstOccurrence(of: placeholder) != nil }),
      segments.contains(where: {
        String(decoding: tidier.bytes[$0.0], as: UTF8.self).lowercased()
          .contains("http-equiv=\"content-security-policy\"")
      })
    else {
      throw PageError(
        .missingContentSecurityPolicy,
        "the landing page from \(origin) has no <meta http-equiv=\"Content-Security-Policy\" "
          + "content=\"{{csp}}\">; every landing page carries the policy"
      )
    }
    var sources: [String] = []
    for (range, depth) in segments {
      let found = try Self.styleSources(tidier.bytes[range], origin: origin)
      if !found.isEmpty, depth > 0 {
        throw PageError(
          .templateSyntax,
          "\(origin): a <style> element inside a section on a per-link value; the policy "
            + "hashes each page's styles once, so keep <style> elements outside such sections"
        )
      }
      sources += found
    }
    let value = sources.isEmpty ? "'none'" : sources.joined(separator: " ")
    let (ops, bytes) = Self.replacing(
      placeholder,
      with: Array(HTML.escape(value).utf8),
      ops: tidier.ops,
      bytes: tidier.bytes
    )
    self.ops = ops
    self.bytes = bytes
    self.policy = policy.templateValue.replacingOccurrences(of: policy.placeholder, with: value)
    needsFullTidy = tidier.needsFullTidy
  }

  /// A plan without a policy (a text template: a page title or description).
  init(text ops: [PlanOp], bytes: [UInt8]) {
    self.ops = ops
    self.bytes = bytes
    policy = ""
    needsFullTidy = false
  }

  /// The text when the plan has no holes.
  var constant: String? {
    var text: [UInt8] = []
    for op in ops {
      guard case .bytes(let range, _) = op else { return nil }
      text.append(contentsOf: bytes[range])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The page for one link's values.
  func fill(_ values: PageValues, capacity: Int = 0) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + capacity)
    write(values, into: &out)
    if needsFullTidy {
      return Array(PageRenderer.tidy(String(decoding: out, as: UTF8.self)).utf8)
    }
    return out
  }

  func write(_ values: PageValues, into out: inout [UInt8]) {
    // Through buffer pointers: no slice of `bytes` (and its retain and release) per segment.
    ops.withUnsafeBufferPointer { ops in
      bytes.withUnsafeBufferPointer { bytes in
        var index = 0
        while index < ops.count {
          switch ops[index] {
          case .bytes(let range, let trims):
            if trims {
              while let last = out.last, last == 0x20 || last == 0x09 { out.removeLast() }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
          case .hole(let hole, let escaped):
            values.write(hole, escaped: escaped, into: &out)
          case .section(let hole, let inverted, let length):
            if values.has(hole) == inverted { index += length }
          }
          index += 1
        }
      }
    }
  }

  /// How many sections each op is inside.
  private static func depths(_ ops: [PlanOp]) -> [Int] {
    var depths: [Int] = []
    var ends: [Int] = []
    for (index, op) in ops.enumerated() {
      while let end = ends.last, index > end { ends.removeLast() }
      depths.append(ends.count)
      if case .section(_, _, let length) = op, length > 0 { ends.append(index + length) }
    }
    return depths
  }

  /// `'sha256-…'` of each `<style>` element of a static text; an error for one that is not
  /// whole in it (a value inside a style element would change its hash per link).
  static func styleSources(_ text: ArraySlice<UInt8>, origin: String) throws(PageError) -> [String]
  {
    let lowered = text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    var sources: [String] = []
    var rest = lowered[...]
    while let open = rest.firstOccurrence(of: Array("<style".utf8)) {
      let after = lowered[open.upperBound...]
      guard let next = after.first else {
        throw Self.brokenStyle(origin)
      }
      guard next == 0x3E || next == 0x2F || next == 0x20 || (0x09...0x0D).contains(next) else {
        rest = after
        continue
      }
      guard let tagEnd = after.firstIndex(of: 0x3E),
        let close = lowered[(tagEnd + 1)...].firstOccurrence(of: Array("</style".utf8))
      else { throw Self.brokenStyle(origin) }
      let offset = text.startIndex - lowered.startIndex
      let body = text[(tagEnd + 1 + offset)..<(close.lowerBound + offset)]
      sources.append(CSPHash.source(of: body))
      rest = lowered[close.upperBound...]
    }
    return sources
  }

  private static func brokenStyle(_ origin: String) -> PageError {
    PageError(
      .templateSyntax,
      "\(origin): a <style> element holds a per-link value or is not closed; the policy hashes "
        + "each page's styles once, so a <style> element may print only values that are the "
        + "same for every link (page.colors…)"
    )
  }

  /// The ops and bytes with every occurrence of `token` in the static bytes replaced.
  private static func replacing(
    _ token: [UInt8],
    with replacement: [UInt8],
    ops: [PlanOp],
    bytes: [UInt8]
  ) -> ([PlanOp], [UInt8]) {
    var newBytes: [UInt8] = []
    newBytes.reserveCapacity(bytes.count)
    let newOps = ops.map { op -> PlanOp in
      guard case .bytes(let range, let trims) = op else { return op }
      let start = newBytes.count
      var rest = bytes[range]
      while let found = rest.firstOccurrence(of: token) {
        newBytes.append(contentsOf: rest[..<found.lowerBound])
        newBytes.append(contentsOf: replacement)
        rest = rest[found.upperBound...]
      }
      newBytes.append(contentsOf: rest)
      return .bytes(start..<newBytes.count, trimsBefore: trims)
    }
    return (newOps, newBytes)
  }
}

/// Tidies a plan's static text as ``PageRenderer/tidy(_:finalNewline:)`` tidied a rendered
/// page: the blanks before each line end are removed (at run time too where the line's end
/// follows a value: ``PlanOp/bytes(_:trimsBefore:)``), and blank lines at the ends go.
struct PlanTidier {
  var ops: [PlanOp]
  var bytes: [UInt8]
  var needsFullTidy = false

  mutating func run() {
    var newBytes: [UInt8] = []
    newBytes.reserveCapacity(bytes.count)
    for (index, op) in ops.enumerated() {
      guard case .bytes(let range, _) = op else { continue }
      let segment = bytes[range]
      if segment.contains(0x0D) { needsFullTidy = true }
      let start = newBytes.count
      var lineStart = start
      var trims = false
      for byte in segment {
        if byte == 0x0A {
          var end = newBytes.count
          while end > lineStart, newBytes[end - 1] == 0x20 || newBytes[end - 1] == 0x09 { end -= 1 }
          if end == start, index > 0 { trims = true }
          newBytes.removeSubrange(end...)
          lineStart = newBytes.count + 1
        }
        newBytes.append(byte)
      }
      ops[index] = .bytes(start..<newBytes.count, trimsBefore: trims)
    }
    bytes = newBytes
    trimEnds()
  }

  /// Blank lines at the start and the end removed, one final line feed; when a value decides
  /// what is at an end, the page is tidied again after filling.
  private mutating func trimEnds() {
    guard case .bytes(let first, _)? = ops.first, case .bytes(let last, _)? = ops.last else {
      needsFullTidy = true
      return
    }
    var head = first.lowerBound
    var scan = head
    while scan < first.upperBound, bytes[scan] == 0x20 || bytes[scan] == 0x09 || bytes[scan] == 0x0A
    {
      if bytes[scan] == 0x0A { head = scan + 1 }
      scan += 1
    }
    if scan == first.upperBound { needsFullTidy = true }
    ops[0] = .bytes(head..<first.upperBound, trimsBefore: false)
    let lastIndex = ops.count - 1
    let lower = lastIndex == 0 ? head : last.lowerBound
    var tail = last.upperBound
    while tail > lower, [0x20, 0x09, 0x0A].contains(bytes[tail - 1]) { tail -= 1 }
    if tail == lower { needsFullTidy = true }
    bytes.insert(0x0A, at: tail)
    if case .bytes(_, let trims) = ops[lastIndex] {
      ops[lastIndex] = .bytes(lower..<(tail + 1), trimsBefore: trims)
    }
  }
}
