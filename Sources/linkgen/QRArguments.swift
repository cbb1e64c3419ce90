import ArgumentParser
import Foundation
import LinkBatch
import LinkKit
import LinkQR

// Command-line spellings of the library types the QR commands take.

extension QRError {
  /// The failure the commands report for this error, with its exit status.
  var failure: Failure {
    switch code {
    case .empty, .tooLong: Failure(message, status: Failure.dataError)
    case .invalidOption, .invalidColor, .imageTooLarge, .logoTooLarge, .logoNeedsHighCorrection,
      .logoOverAlignmentPattern:
      Failure(message, status: Failure.usage)
    case .invalidLogo: Failure(message, status: Failure.noInput)
    case .library: Failure(message, status: Failure.software)
    }
  }
}

extension BatchError {
  /// The failure the `batch` command reports for this error, with its exit status.
  var failure: Failure {
    switch code {
    case .usage: Failure(message, status: Failure.usage)
    case .data: Failure(message, status: Failure.dataError)
    case .noInput: Failure(message, status: Failure.noInput)
    case .cannotCreate: Failure(message, status: Failure.cannotCreate)
    }
  }
}

/// Parsers for option values, with the library's messages.
enum QRArgument {
  @Sendable static func errorCorrection(_ text: String) throws -> QRErrorCorrection {
    guard let level = QRErrorCorrection(name: text) else {
      throw ValidationError("'\(text)' is not an error-correction level; give L, M, Q or H")
    }
    return level
  }

  @Sendable static func link(_ text: String) throws -> LinkSet.Key {
    guard let key = LinkSet.Key(rawValue: text) else {
      let names = LinkSet.Key.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValidationError("'\(text)' is not a link; give one of \(names)")
    }
    return key
  }

  @Sendable static func manifest(_ text: String) throws -> ManifestFormat {
    guard let format = ManifestFormat(rawValue: text.lowercased()) else {
      throw ValidationError("'\(text)' is not a manifest format; give json or csv")
    }
    return format
  }

  @Sendable static func color(_ text: String) throws -> QRColor {
    try QRColor(parsing: text)
  }

  @Sendable static func length(_ text: String) throws -> QRLength {
    try QRLength(parsing: text)
  }

  @Sendable static func formats(_ text: String) throws -> [QRImageFormat] {
    let formats = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    return try formats.map { name in
      guard let format = QRImageFormat(rawValue: name.lowercased()) else {
        throw ValidationError("'\(name)' is not an image format; give png, svg or png,svg")
      }
      return format
    }
  }
}
