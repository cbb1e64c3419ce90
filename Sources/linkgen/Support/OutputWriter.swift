import Foundation
import LinkBatch

/// Writes an output file atomically and durably (through a temporary file, synced, then
/// renamed), so that a reader sees the old file or the new one, never half of one, and a
/// failure leaves nothing behind. See `LinkBatch.AtomicFile`.
enum OutputWriter {
  static func write(_ data: Data, to path: String) throws(Failure) {
    do {
      try AtomicFile.write([UInt8](data), to: path, durable: true)
    } catch {
      throw Failure(error.description, status: Failure.cannotCreate)
    }
  }
}
