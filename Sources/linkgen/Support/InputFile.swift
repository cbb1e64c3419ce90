import Foundation

/// Reads a file to check, or standard input for `-`, never more than ``limit`` bytes.
enum InputFile {
  static let limit = 8 * 1024 * 1024

  static func read(_ path: String) throws(CommandError) -> [UInt8] {
    let handle: FileHandle
    if path == "-" {
      handle = FileHandle.standardInput
    } else {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        throw CommandError(.unreadableInput, "cannot read \(path): it is a directory")
      }
      guard let opened = FileHandle(forReadingAtPath: path) else {
        let reason =
          FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
        throw CommandError(.unreadableInput, "cannot read \(path): \(reason)")
      }
      handle = opened
    }
    defer { if path != "-" { try? handle.close() } }
    let data: Data
    do {
      data = try handle.read(upToCount: limit + 1) ?? Data()
    } catch {
      throw CommandError(.unreadableInput, "cannot read \(path): \(error.localizedDescription)")
    }
    guard data.count <= limit else {
      throw CommandError(
        .invalidInput,
        "\(path) is larger than \(limit / 1024 / 1024) MB; linkgen reads no more"
      )
    }
    return Array(data)
  }
}
