#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The batch's input: a file opened for reading, or standard input.
struct InputFile {
  let descriptor: Int32
  /// The size of a regular file, for the progress bar.
  let size: Int64?
  private let owned: Bool

  init(_ input: BatchInput) throws(BatchError) {
    switch input {
    case .standardInput:
      descriptor = 0
      owned = false
    case .file(let url):
      descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw BatchError(.unreadableInput, "cannot read \(input) (\(errorText(errno)))")
      }
      owned = true
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw BatchError(.unreadableInput, "cannot read \(input) (\(errorText(errno)))")
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      if owned { _ = systemClose(descriptor) }
      throw BatchError(.unreadableInput, "cannot read \(input): it is a directory")
    }
    size = status.st_mode & S_IFMT == S_IFREG ? Int64(status.st_size) : nil
  }

  func close() {
    if owned { _ = systemClose(descriptor) }
  }
}
