import Foundation
import LinkCodegen

/// Where a `generate` command's file goes: standard output, or `--out` (written atomically and
/// only when it changes), or, with `--check`, compared with `--out`'s file.
enum GeneratedOutput {
  static func deliver(_ content: String, to out: String?, check: Bool) throws {
    guard let out else {
      Console.write(content)
      return
    }
    if check {
      try GeneratedFile.check(content, at: out)
    } else if FileManager.default.contents(atPath: out) != Data(content.utf8) {
      try OutputWriter.write(Data(content.utf8), to: out)
    }
  }
}
