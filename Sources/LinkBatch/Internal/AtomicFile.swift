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
package enum AtomicFile {
  /// The suffix of temporary files.
  package static let temporarySuffix = ".linkgen-tmp"

  /// Writes `bytes` to `path` atomically, replacing any file there.
  ///
  /// A symbolic link is written through, never replaced: the file it points to is replaced
  /// (`/dev/stdout` stays a link). A destination that exists and is neither a regular file nor
  /// a folder — a device such as `/dev/full` or a terminal, a pipe — is written in place:
  /// renaming over it would replace the device itself.
  ///
  /// - Parameter durable: Also `fsync` the data before the rename, so that the new file
  ///   survives a power failure once this returns.
  /// - Throws: ``AtomicFileError`` naming the path and the reason; no temporary file is left.
  package static func write(_ bytes: [UInt8], to path: String, durable: Bool = false)
    throws(AtomicFileError)
  {
    var destination = path
    var link = stat()
    if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
      // A link to a pipe or a socket has no path to resolve (/proc/self/fd/1 -> pipe:[…]).
      guard let resolved = realpath(path, nil) else {
        try writeInPlace(bytes, to: path, reported: path)
        return
      }
      destination = String(cString: resolved)
      free(resolved)
    }
    var status = stat()
    if stat(destination, &status) == 0, status.st_mode & S_IFMT != S_IFREG,
      status.st_mode & S_IFMT != S_IFDIR
    {
      try writeInPlace(bytes, to: destination, reported: path)
      return
    }
    try writeReplacing(bytes, to: destination, reported: path, durable: durable)
  }

  /// The temporary file and the rename; errors name `reported` (the path as given).
  private static func writeReplacing(
    _ bytes: [UInt8],
    to path: String,
    reported: String,
    durable: Bool
  ) throws(AtomicFileError) {
    let temporary = temporaryPath(for: path)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw AtomicFileError(path: reported, code: errno) }
    var code = bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    if durable, code == 0, fsync(descriptor) != 0 { code = errno }
    if close(descriptor) != 0, code == 0 { code = errno }
    guard code == 0 else {
      unlink(temporary)
      throw AtomicFileError(path: reported, code: code)
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw AtomicFileError(path: reported, code: code)
    }
  }

  /// Writes to a device or a pipe that exists, without creating or renaming anything.
  private static func writeInPlace(_ bytes: [UInt8], to path: String, reported: String)
    throws(AtomicFileError)
  {
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else { throw AtomicFileError(path: reported, code: errno) }
    var code = bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    if close(descriptor) != 0, code == 0 { code = errno }
    guard code == 0 else { throw AtomicFileError(path: reported, code: code) }
  }

  /// Creates `directory` and any missing parents (as `mkdir -p` does).
  ///
  /// - Throws: ``AtomicFileError`` naming the first folder that could not be created, or the
  ///   path when something other than a directory is in the way.
  package static func createDirectories(_ directory: String) throws(AtomicFileError) {
    var prefix = directory.hasPrefix("/") ? "/" : ""
    for component in directory.split(separator: "/") {
      prefix += component + "/"
      if mkdir(prefix, 0o777) != 0, errno != EEXIST {
        throw AtomicFileError(path: prefix, code: errno, creatingDirectory: true)
      }
    }
    var status = stat()
    guard stat(directory.isEmpty ? "." : directory, &status) == 0,
      status.st_mode & S_IFMT == S_IFDIR
    else {
      throw AtomicFileError(path: directory, code: ENOTDIR, creatingDirectory: true)
    }
  }

  /// Writes `bytes` to `path` atomically, as ``write(_:to:durable:)``, creating the missing
  /// folders above it first.
  package static func write(
    _ bytes: [UInt8],
    to path: String,
    durable: Bool = false,
    creatingParents: Bool
  ) throws(AtomicFileError) {
    if creatingParents, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
      try createDirectories(String(path[..<slash]))
    }
    try write(bytes, to: path, durable: durable)
  }

  /// Deletes the temporary files that processes no longer running left in `directory`, and
  /// returns how many it deleted. Files of a live process (another run) are kept.
  @discardableResult
  package static func removeStaleTemporaryFiles(in directory: String) -> Int {
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

/// A file could not be written, or a folder for it created.
package struct AtomicFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Whether the storage failed or the file could not be created at all.
  package enum Code: String, Sendable, Hashable, CaseIterable {
    /// The file or a folder for it cannot be created there: no permission, a file in the
    /// way, a missing folder.
    case cannotCreate
    /// The storage failed while writing: the disk is full, a quota is exceeded, the file is
    /// too large, an I/O error.
    case ioFailure
  }

  /// The path of the file (or folder) concerned.
  package let path: String
  /// The `errno` value.
  package let errno: Int32
  /// Whether a folder could not be created (rather than the file written).
  package let creatingDirectory: Bool

  /// An error for `path` with the `errno` value `code`.
  package init(path: String, code: Int32, creatingDirectory: Bool = false) {
    self.path = path
    self.errno = code
    self.creatingDirectory = creatingDirectory
  }

  /// ``Code/ioFailure`` for `ENOSPC`, `EDQUOT`, `EFBIG` and `EIO`, ``Code/cannotCreate``
  /// otherwise.
  package var code: Code {
    [ENOSPC, EDQUOT, EFBIG, EIO].contains(errno) ? .ioFailure : .cannotCreate
  }

  /// `cannot write <path> (<reason>)`, or `cannot create the folder <path> (<reason>)`.
  package var description: String {
    if creatingDirectory {
      if errno == ENOTDIR { return "cannot create the folder \(path): a file is in the way" }
      return "cannot create the folder \(path) (\(errorText(errno)))"
    }
    return "cannot write \(path) (\(errorText(errno)))"
  }
}
