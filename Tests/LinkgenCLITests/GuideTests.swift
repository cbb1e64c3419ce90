import Foundation
import LinkgenTestSupport
import Testing

/// The guides stay true to the code: every Swift block in them is copied from a file the build
/// compiles (Examples/, Sources/, Tests/), and every block shown as a command's output is what
/// the command prints now.
struct GuideTests {
  static let guides = ["docs/ios.md", "docs/android.md", "docs/backend.md", "docs/generate.md"]

  /// A fenced block, with the HTML comment on the line before it, if any.
  struct Block {
    let language: String
    let text: String
    let note: String?
    let line: Int
  }

  static func blocks(in guide: String) throws -> [Block] {
    let text = try String(
      contentsOf: Linkgen.packageRoot.appendingPathComponent(guide),
      encoding: .utf8
    )
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("```") else {
        index += 1
        continue
      }
      let start = index
      let language = String(lines[index].dropFirst(3))
      var body: [String] = []
      index += 1
      while index < lines.count && lines[index] != "```" {
        body.append(lines[index])
        index += 1
      }
      let previous = start > 0 ? lines[start - 1] : ""
      blocks.append(
        Block(
          language: language,
          text: body.joined(separator: "\n") + "\n",
          note: previous.hasPrefix("<!--") ? previous : nil,
          line: start + 1
        )
      )
      index += 1
    }
    return blocks
  }

  /// Every Swift file the packages of this repository compile, one after another.
  static let sources: String = {
    var text = ""
    for folder in ["Examples", "Sources", "Tests"] {
      let root = Linkgen.packageRoot.appendingPathComponent(folder)
      guard
        let walker = FileManager.default.enumerator(
          at: root,
          includingPropertiesForKeys: nil,
          options: [.skipsHiddenFiles]
        )
      else { continue }
      for case let url as URL in walker where url.pathExtension == "swift" {
        text += (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        text += "\n"
      }
    }
    return text
  }()

  @Test(arguments: guides)
  func swiftBlocksAreCopiedFromCompiledCode(guide: String) throws {
    let swift = try Self.blocks(in: guide).filter { $0.language == "swift" }
    for block in swift {
      if let note = block.note, note.hasPrefix("<!-- not compiled: ") {
        #expect(
          guide == "docs/generate.md",
          "\(guide):\(block.line) only the reference may show code that is not compiled"
        )
        continue
      }
      let found = Self.sources.contains(block.text)
      #expect(
        found,
        "\(guide):\(block.line): this Swift block is in no compiled file:\n\(block.text)"
      )
    }
  }

  @Test(arguments: guides)
  func outputBlocksAreWhatTheCommandsPrint(guide: String) throws {
    for block in try Self.blocks(in: guide) {
      guard let note = block.note, note.hasPrefix("<!-- output: linkgen ") else { continue }
      let command = note.dropFirst("<!-- output: linkgen ".count).dropLast(" -->".count)
      let result = try Linkgen.run(command.split(separator: " ").map(String.init))
      #expect(result.status == 0, "\(guide):\(block.line): \(result.error)")
      #expect(
        result.output == block.text,
        "\(guide):\(block.line): linkgen \(command) prints otherwise"
      )
    }
  }
}
