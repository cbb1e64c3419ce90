import Foundation

/// Writes a file all at once: into a temporary file beside it, then renamed over it, so a
/// reader sees the old file or the new one, never half of one.
enum AtomicFile {
  static func write(_ data: Data, to path: String) throws(Failure) {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    var template = Array((directory + "/.\(url.lastPathComponent).XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { throw cannotCreate(path, errno) }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
      as: UTF8.self
    )
    var failure = writeAll(data, to: descriptor)
    let mask = umask(0)
    umask(mask)
    if failure == nil && fchmod(descriptor, 0o666 & ~mask) != 0 { failure = errno }
    if failure == nil && fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0 && failure == nil { failure = errno }
    if failure == nil && rename(temporary, path) != 0 { failure = errno }
    if let failure {
      unlink(temporary)
      throw cannotCreate(path, failure)
    }
  }

  /// Writes every byte; returns the `errno` of a failed write.
  private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
    data.withUnsafeBytes { buffer -> Int32? in
      guard let base = buffer.baseAddress else { return nil }
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
  }

  private static func cannotCreate(_ path: String, _ code: Int32) -> Failure {
    Failure(
      "cannot write \(path) (\(String(cString: strerror(code))))",
      status: Failure.cannotCreate
    )
  }
}
