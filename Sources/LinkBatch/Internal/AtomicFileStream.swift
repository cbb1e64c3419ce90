#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written piece by piece into a temporary file, then renamed into place by
/// ``commit(durable:)`` (see ``AtomicFile``). Until then nothing exists under the final name;
/// ``discard()`` (or releasing the stream) removes the temporary file.
package final class AtomicFileStream {
  package let path: String
  private let temporary: String
  private var descriptor: Int32
  private var buffer: [UInt8] = []

  package init(path: String) throws(AtomicFileError) {
    self.path = path
    temporary = AtomicFile.temporaryPath(for: path)
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw AtomicFileError(path: path, code: errno) }
    buffer.reserveCapacity(1 << 16)
  }

  package func write(_ text: String) throws(AtomicFileError) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Appends bytes; returns the `errno` of a failed write (the stream is then discarded), or 0.
  package func write(_ bytes: UnsafeRawBufferPointer) -> Int32 {
    guard descriptor >= 0 else { return EBADF }
    buffer.append(contentsOf: bytes)
    guard buffer.count >= 1 << 16 else { return 0 }
    do {
      try flush()
      return 0
    } catch {
      return error.errno
    }
  }

  /// Writes what is buffered and renames the file into place.
  ///
  /// - Parameter durable: `fsync` the data before the rename, so that the file survives a
  ///   power failure once this returns.
  package func commit(durable: Bool = false) throws(AtomicFileError) {
    try flush()
    if durable, fsync(descriptor) != 0 {
      let code = errno
      discard()
      throw AtomicFileError(path: path, code: code)
    }
    let result = close(descriptor)
    descriptor = -1
    guard result == 0 else {
      let code = errno
      unlink(temporary)
      throw AtomicFileError(path: path, code: code)
    }
    try AtomicFile.commit(temporary, to: path)
  }

  package func discard() {
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
