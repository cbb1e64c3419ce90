import Foundation

/// Writes and checks generated files.
package enum GeneratedFile {
  /// Writes `content` to `path` atomically (a temporary file beside it, then a rename), and
  /// leaves the file alone when it already holds exactly that content.
  ///
  /// - Throws: ``CodegenError`` with ``CodegenError/Code/cannotWrite``.
  package static func write(_ content: String, to path: String) throws(CodegenError) {
    let data = Data(content.utf8)
    if FileManager.default.contents(atPath: path) == data { return }
    do {
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw CodegenError(.cannotWrite, "cannot write \(path): \(error.localizedDescription)")
    }
  }

  /// Checks that the file at `path` holds exactly `content`.
  ///
  /// - Throws: ``CodegenError`` with ``CodegenError/Code/staleOutput`` naming the first line
  ///   that differs, or ``CodegenError/Code/cannotWrite`` when the file does not exist.
  package static func check(_ content: String, at path: String) throws(CodegenError) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CodegenError(.staleOutput, "\(path) does not exist; generate it")
    }
    guard data != Data(content.utf8) else { return }
    let old = String(decoding: data, as: UTF8.self).split(
      separator: "\n",
      omittingEmptySubsequences: false
    )
    let new = content.split(separator: "\n", omittingEmptySubsequences: false)
    let line =
      zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? Swift.min(old.count, new.count)
    throw CodegenError(
      .staleOutput,
      "\(path) is out of date with its route table (first difference at line \(line + 1)); "
        + "generate it again"
    )
  }
}
