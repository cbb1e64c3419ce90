import ArgumentParser
import Foundation
import LinkAssociation

/// `--out FILE`: where a generator writes; standard output when absent.
struct OutputFileOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write to this file (atomically: nothing is left half-written) instead of standard output.",
      valueName: "file"
    ),
    completion: .file()
  )
  var out: String?

  /// Prints `text` (which ends with a newline) or writes it to the file.
  func emit(_ text: String) throws(Failure) {
    guard let out else {
      print(text, terminator: "")
      return
    }
    try AtomicFile.save(text, to: out)
  }
}

/// Writes a file through a temporary file in the same directory and a rename, so readers see
/// either the old file or the whole new one, and a failure leaves nothing behind.
enum AtomicFile {
  static func save(_ text: String, to path: String) throws(Failure) {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    let name = url.lastPathComponent
    func failure(_ what: String) -> Failure {
      Failure(
        "cannot write \(path): \(what) (\(String(cString: strerror(errno))))",
        status: Failure.cannotCreate
      )
    }
    var template = Array((directory + "/." + name + ".linkgen-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { throw failure("cannot create a file in \(directory)") }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
      as: UTF8.self
    )
    var succeeded = false
    defer {
      if !succeeded { unlink(temporary) }
    }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        close(descriptor)
        throw failure("write failed")
      }
      written += count
    }
    let mask = umask(0)
    umask(mask)
    fchmod(descriptor, 0o666 & ~mask)
    guard fsync(descriptor) == 0 else {
      close(descriptor)
      throw failure("sync failed")
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else { throw failure("cannot replace the file") }
    succeeded = true
  }
}

extension Failure {
  /// Runs a generator, turning its ``AssociationError`` into a failure (exit status 65).
  static func generating(_ body: () throws(AssociationError) -> String) throws(Failure) -> String {
    do {
      return try body()
    } catch {
      throw Failure(error.message)
    }
  }
}
