import Foundation
import LinkBatch

/// Writes an output file atomically and durably (through a temporary file, synced, then
/// renamed), so that a reader sees the old file or the new one, never half of one, and a
/// failure leaves nothing behind. Missing folders above the file are created first, the same
/// way for every command's `--out`.
enum OutputWriter {
  static func write(_ data: Data, to path: String) throws(AtomicFileError) {
    try AtomicFile.write([UInt8](data), to: path, durable: true, creatingParents: true)
  }
}
