import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
        throw CommandError(.unreadableInput, "cannot read \(path): \(reason.lowercased())")
      }
      handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
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
