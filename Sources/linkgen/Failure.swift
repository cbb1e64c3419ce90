import ArgumentParser
import Foundation
import LinkKit

/// A failure the tool reports on standard error before exiting with a sysexits status.
struct Failure: Error {
  /// `EX_USAGE`: the command line does not fit the command.
  static let usage: Int32 = 64
  /// `EX_DATAERR`: the input (a link, a value, the route table) is malformed.
  static let dataError: Int32 = 65
  /// `EX_NOINPUT`: an input file cannot be read.
  static let noInput: Int32 = 66
  /// `EX_UNAVAILABLE`: something the command needs is missing (a font package).
  static let unavailable: Int32 = 69
  /// `EX_SOFTWARE`: a library failed (out of memory, an internal error).
  static let software: Int32 = 70
  /// `EX_CANTCREAT`: an output file cannot be created.
  static let cannotCreate: Int32 = 73
  /// `EX_IOERR`: writing failed part-way (a full disk).
  static let ioError: Int32 = 74

  let message: String
  let status: Int32

  init(_ message: String, status: Int32 = Failure.dataError) {
    self.message = message
    self.status = status
  }

  init(_ error: LinkError) {
    self.init(error.description)
  }

  static func loading(_ path: String) throws(Failure) -> RouteTable {
    guard FileManager.default.fileExists(atPath: path) else {
      let hint =
        path == "linkgen.json"
        ? "; pass --config FILE, or create linkgen.json (see docs/route-table.md)" : ""
      throw Failure("cannot read the route table \(path): no such file\(hint)", status: noInput)
    }
    do {
      return try RouteTable(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let unreadable =
        error.problems.count == 1 && error.problems[0].message.hasPrefix("cannot read")
      // One "linkgen: error:" line per problem.
      let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
      throw Failure(
        lines.joined(separator: "\nlinkgen: error: "),
        status: unreadable ? noInput : dataError
      )
    }
  }
}

extension ParsableCommand {
  /// Runs `body`, turning a ``Failure`` into a message on standard error and its exit status.
  func reportingFailures(_ body: () throws(Failure) -> Void) throws {
    do {
      try body()
    } catch {
      Console.error(error.message)
      throw ExitCode(error.status)
    }
  }
}

/// Writes to standard output and standard error.
enum Console {
  static func print(_ text: String) {
    Swift.print(text)
  }

  static func error(_ message: String) {
    var standardError = StandardError()
    Swift.print("linkgen: error: \(message)", to: &standardError)
  }

  static func warning(_ message: String) {
    var standardError = StandardError()
    Swift.print("linkgen: warning: \(message)", to: &standardError)
  }

  private struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
      FileHandle.standardError.write(Data(string.utf8))
    }
  }
}
