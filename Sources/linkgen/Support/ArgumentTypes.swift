// A conformance of a public type is public, so this file imports the modules publicly (the
// executable exports nothing).
public import ArgumentParser
import Foundation
public import LinkBatch
package import LinkCodegen
public import LinkKit
public import LinkPages
public import LinkQR

// Command-line spellings of the library types the commands take. The conformances live here,
// in the executable, so that the libraries do not depend on the argument parser.

extension LinkSet.Key: ExpressibleByArgument {}

extension SwiftGeneratorOptions.Access: ExpressibleByArgument {}

extension Platform: ExpressibleByArgument {}

extension ManifestFormat: ExpressibleByArgument {
  /// `json` or `csv`, in either case.
  public init?(argument: String) {
    self.init(rawValue: argument.lowercased())
  }
}

extension QRErrorCorrection: ExpressibleByArgument {
  /// `L`, `M`, `Q` or `H`, in either case.
  public init?(argument: String) {
    self.init(name: argument)
  }

  /// The letters, for the help and the error message.
  public static var allValueStrings: [String] { allCases.map(\.name) }

  /// None: the option's help describes the levels.
  public static var allValueDescriptions: [String: String] { [:] }
}

extension QRColor: ExpressibleByArgument {
  /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
  public init?(argument: String) {
    guard let color = try? QRColor(parsing: argument) else { return nil }
    self = color
  }
}

extension QRLength: ExpressibleByArgument {
  /// A number and a unit: `30mm`, `3cm`, `1.2in`, `400px`.
  public init?(argument: String) {
    guard let length = try? QRLength(parsing: argument) else { return nil }
    self = length
  }
}

/// The output format of a command.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case text
  case json
}

/// `--format png,svg`: image formats, comma-separated.
struct ImageFormats: ExpressibleByArgument, Hashable {
  var formats: [QRImageFormat]

  init(_ formats: [QRImageFormat]) {
    self.formats = formats
  }

  init?(argument: String) {
    var formats: [QRImageFormat] = []
    for name in argument.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = name.trimmingCharacters(in: .whitespaces)
      guard let format = QRImageFormat(rawValue: trimmed.lowercased()) else { return nil }
      if !formats.contains(format) { formats.append(format) }
    }
    self.formats = formats
  }

  var defaultValueDescription: String { formats.map(\.rawValue).joined(separator: ",") }

  static var allValueStrings: [String] { ["png", "svg", "png,svg"] }
}

/// `name=value`: a display field (`--field inviter=Ada`) or a route parameter given by name
/// (`--param format=square`, for a parameter whose name one of the command's own options
/// takes). The value may be empty and may hold `=`.
struct NameValue: ExpressibleByArgument, Hashable {
  var name: String
  var value: String

  init?(argument: String) {
    guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
      return nil
    }
    name = String(argument[..<equals])
    value = String(argument[argument.index(after: equals)...])
  }
}
