import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that a reader, or a rerun after a crash, sees either the whole new file or
/// none of it: the bytes go to a temporary file in the same directory, which is then renamed
/// over the destination.
///
/// Temporary files are named `.<name>.<pid>-<n>.linkgen-tmp`. One left behind by a killed
/// process is never mistaken for output, and ``removeStaleTemporaryFiles(in:)`` deletes it
/// on the next run.
///
/// ```swift
/// try AtomicFile.write(png, to: "invites/AB12CD34.png")
/// ```
///
/// The rename makes the file whole against a crash or a kill. Batches skip `fsync` for speed
/// (a power failure can lose recently written images, which `--resume` rewrites); single files
/// pass `durable: true` to sync the data before the rename.
public enum AtomicFile {
  /// The suffix of temporary files.
  public static let temporarySuffix = ".linkgen-tmp"

  /// Writes `bytes` to `path` atomically, replacing any file there.
  ///
  /// - Parameter durable: Also `fsync` the data before the rename, so that the new file
  ///   survives a power failure once this returns.
  /// - Throws: ``AtomicFileError`` naming the path and the reason; no temporary file is left.
  public static func write(_ bytes: [UInt8], to path: String, durable: Bool = false)
    throws(AtomicFileError)
  {
    let temporary = temporaryPath(for: path)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw AtomicFileError(path: path, code: errno) }
    var code = bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    if durable, code == 0, fsync(descriptor) != 0 { code = errno }
    if close(descriptor) != 0, code == 0 { code = errno }
    guard code == 0 else {
      unlink(temporary)
      throw AtomicFileError(path: path, code: code)
    }
    try commit(temporary, to: path)
  }

  /// Deletes the temporary files that processes no longer running left in `directory`, and
  /// returns how many it deleted. Files of a live process (another run) are kept.
  @discardableResult
  public static func removeStaleTemporaryFiles(in directory: String) -> Int {
    guard let stream = opendir(directory) else { return 0 }
    defer { closedir(stream) }
    var removed = 0
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.hasPrefix("."), name.hasSuffix(temporarySuffix),
        let owner = owner(ofTemporaryName: name)
      else { continue }
      if owner != getpid(), kill(owner, 0) != 0, errno == ESRCH {
        if unlink(directory + "/" + name) == 0 { removed += 1 }
      }
    }
    return removed
  }

  // MARK: Internals shared with the streaming writer

  private static let counter = Atomic<Int>(0)

  static func temporaryPath(for path: String) -> String {
    let number = counter.wrappingAdd(1, ordering: .relaxed).oldValue
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return "\(directory).\(name).\(getpid())-\(number)\(temporarySuffix)"
  }

  static func owner(ofTemporaryName name: String) -> pid_t? {
    let stem = name.dropLast(temporarySuffix.count)
    guard let dot = stem.lastIndex(of: "."),
      let dash = stem[dot...].lastIndex(of: "-")
    else { return nil }
    return pid_t(stem[stem.index(after: dot)..<dash])
  }

  /// Writes all of `buffer`; returns 0, or the `errno` of the failure.
  static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
    var offset = 0
    while offset < buffer.count {
      let written = systemWrite(
        descriptor,
        buffer.baseAddress.unsafelyUnwrapped + offset,
        buffer.count - offset
      )
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return 0
  }

  static func commit(_ temporary: String, to path: String) throws(AtomicFileError) {
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw AtomicFileError(path: path, code: code)
    }
  }
}

/// A file could not be written.
public struct AtomicFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The destination path.
  public let path: String
  /// The `errno` value.
  public let code: Int32

  /// An error for `path` with the `errno` value `code`.
  public init(path: String, code: Int32) {
    self.path = path
    self.code = code
  }

  /// `cannot write <path> (<reason>)`.
  public var description: String { "cannot write \(path) (\(errorText(code)))" }
}
