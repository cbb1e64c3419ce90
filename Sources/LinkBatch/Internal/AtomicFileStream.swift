#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written piece by piece into a temporary file, then renamed into place by
/// ``commit()`` (see ``AtomicFile``).
final class AtomicFileStream {
  let path: String
  private let temporary: String
  private var descriptor: Int32
  private var buffer: [UInt8] = []

  init(path: String) throws(AtomicFileError) {
    self.path = path
    temporary = AtomicFile.temporaryPath(for: path)
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw AtomicFileError(path: path, code: errno) }
    buffer.reserveCapacity(1 << 16)
  }

  func write(_ text: String) throws(AtomicFileError) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { try flush() }
  }

  func commit() throws(AtomicFileError) {
    try flush()
    let result = close(descriptor)
    descriptor = -1
    guard result == 0 else {
      let code = errno
      unlink(temporary)
      throw AtomicFileError(path: path, code: code)
    }
    try AtomicFile.commit(temporary, to: path)
  }

  func discard() {
    if descriptor >= 0 {
      close(descriptor)
      descriptor = -1
      unlink(temporary)
    }
  }

  private func flush() throws(AtomicFileError) {
    let code = buffer.withUnsafeBytes { AtomicFile.writeAll(descriptor, $0) }
    guard code == 0 else {
      discard()
      throw AtomicFileError(path: path, code: code)
    }
    buffer.removeAll(keepingCapacity: true)
  }

  deinit {
    discard()
  }
}
