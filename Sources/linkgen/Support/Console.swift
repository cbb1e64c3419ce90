import Foundation
import LinkKit

/// Writes to standard output and standard error, in the tool's format:
/// `linkgen: error: <message>` and `linkgen: warning: <message>`.
enum Console {
  static func print(_ text: String) {
    Swift.print(text)
  }

  /// Writes text to standard output as it is, without a newline of its own.
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Reports an error: one `linkgen: error:` line per problem of a route table, otherwise
  /// the error's description (whose further lines, such as a link with a caret under the
  /// faulty part, follow as they are).
  static func error(_ error: any Error) {
    if let error = error as? RouteTableError {
      for line in error.description.split(separator: "\n", omittingEmptySubsequences: false) {
        self.error(message: String(line))
      }
    } else {
      self.error(message: "\(error)")
    }
  }

  static func error(message: String) {
    var standardError = StandardError()
    Swift.print("linkgen: error: \(message)", to: &standardError)
  }

  /// Reports a warning: a typed warning of a library or a sentence of the command.
  static func warning(_ warning: some CustomStringConvertible) {
    var standardError = StandardError()
    Swift.print("linkgen: warning: \(warning)", to: &standardError)
  }

  private struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
      FileHandle.standardError.write(Data(string.utf8))
    }
  }
}
