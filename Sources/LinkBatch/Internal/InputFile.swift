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
package struct InputFile {
  package let descriptor: Int32
  /// The size of a regular file, for the progress bar.
  package let size: Int64?
  /// Whether the input is a regular file (which can be opened again and read from the start).
  package let isRegularFile: Bool
  private let owned: Bool

  package init(_ input: BatchInput) throws(BatchError) {
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
    isRegularFile = status.st_mode & S_IFMT == S_IFREG
    size = isRegularFile ? Int64(status.st_size) : nil
  }

  package func close() {
    if owned { _ = systemClose(descriptor) }
  }
}
