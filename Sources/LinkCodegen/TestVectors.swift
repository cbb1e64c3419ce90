package import Foundation
import LinkKit

/// Shared test vectors for a route table: what LinkKit builds and parses, as JSON that any
/// other implementation (the generated Kotlin, a server in another language) is checked
/// against. docs/generate.md describes the format.
///
/// - `samples`: per route, sample values and the seven links LinkKit builds for them;
/// - `cases`: links with LinkKit's verdict, the route, values, ignored query items and
///   canonical links, or the error code: variants of the samples' links, the parser's
///   hostile-input cases, the WHATWG URL inputs when given, and generated cases (the samples'
///   links and hostile links mutated by a seeded generator).
///
/// The same table and options always give the same file, byte for byte.
package enum TestVectors {
  /// What to put in the vectors beyond the samples and the hostile cases.
  package struct Options: Sendable {
    /// How many generated cases.
    package var generated: Int
    /// The generator's seed.
    package var seed: UInt64
    /// Inputs from the WHATWG URL tests (`urltestdata.json`'s `input`s), each also tried as
    /// an `https:` link when it is an `http:` one.
    package var wptInputs: [String]

    package init(generated: Int = 2000, seed: UInt64 = 1, wptInputs: [String] = []) {
      self.generated = generated
      self.seed = seed
      self.wptInputs = wptInputs
    }
  }

  /// The version of the format; a reader refuses a version it does not know.
  package static let version = 1

  /// The vectors for a route table given as JSON.
  ///
  /// - Throws: ``CodegenError`` with ``CodegenError/Code/invalidTable`` for a table that does
  ///   not load.
  package static func generate(json: Data, file: String, options: Options) throws(CodegenError)
    -> String
  {
    let source = try TableSource(json: json, file: file)
    var generator = VectorGenerator(table: source.table, seed: options.seed)
    let samples = generator.samples()
    var cases: [(source: String, link: String)] = []
    for sample in samples { cases += generator.variants(of: sample).map { ("sample", $0) } }
    cases += generator.hostileLinks().map { ("hostile", $0) }
    for input in options.wptInputs {
      cases.append(("wpt", input))
      if input.lowercased().hasPrefix("http:") {
        cases.append(("wpt", "https:" + input.dropFirst(5)))
      }
    }
    let seeds = cases.map(\.link)
    cases += generator.mutations(of: seeds, count: options.generated).map { ("generated", $0) }
    var lines = [
      "{",
      "  \"format\": \"linkgen-test-vectors\",",
      "  \"version\": \(version),",
      "  \"table\": \(JSONText.string(source.sourceName)),",
      "  \"samples\": [",
    ]
    lines += samples.enumerated().map { index, sample in
      "    " + generator.json(sample) + (index == samples.count - 1 ? "" : ",")
    }
    lines += ["  ],", "  \"cases\": ["]
    lines += cases.enumerated().map { index, item in
      "    " + generator.verdict(item.link, source: item.source)
        + (index == cases.count - 1 ? "" : ",")
    }
    lines += ["  ]", "}"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The vectors for a route table file.
  ///
  /// - Throws: ``CodegenError`` with ``CodegenError/Code/unreadableTable`` when the file
  ///   cannot be read, or as ``generate(json:file:options:)`` does.
  package static func generate(contentsOf path: String, options: Options) throws(CodegenError)
    -> String
  {
    try generate(json: TableSource.read(path), file: path, options: options)
  }

  /// The inputs of a WHATWG `urltestdata.json` file.
  ///
  /// - Throws: ``CodegenError`` with ``CodegenError/Code/unreadableTable`` when the file
  ///   cannot be read or is not the WHATWG format.
  package static func wptInputs(contentsOf path: String) throws(CodegenError) -> [String] {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CodegenError(.unreadableTable, "cannot read the WHATWG URL tests \(path)")
    }
    guard let entries = try? JSONSerialization.jsonObject(with: data) as? [Any] else {
      throw CodegenError(
        .unreadableTable,
        "\(path) is not WHATWG urltestdata.json (a JSON array of test objects)"
      )
    }
    return entries.compactMap { ($0 as? [String: Any])?["input"] as? String }
  }
}

/// JSON text for the vectors, written by hand so that the output is stable and one case a line.
enum JSONText {
  /// A JSON string: `"`, `\` and control characters escaped, everything else as it is
  /// (LinkKit's own quoting, as `linkgen make --format json` writes strings).
  static func string(_ text: String) -> String { JSONValue.quoted(text) }

  /// `{"a": …, "b": …}` from pairs of a key and JSON text, in order.
  static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
  }
}
