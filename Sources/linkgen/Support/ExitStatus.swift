import ArgumentParser
import LinkAssociation
import LinkBatch
import LinkCodegen
import LinkDoctor
import LinkImport
import LinkKit
import LinkPages
import LinkPrint
import LinkQR
import LinkServer
import LinkStore

/// The status `linkgen` exits with, from sysexits(3). Every error maps to one here, by its
/// type and code, so the same failure exits the same way in every command.
///
/// | status | name | when |
/// | --- | --- | --- |
/// | 0 | success | |
/// | 64 | `EX_USAGE` | the command line does not fit the command |
/// | 65 | `EX_DATAERR` | the input is malformed: a link, a value, the route table, a CSV |
/// | 66 | `EX_NOINPUT` | an input file cannot be read |
/// | 69 | `EX_UNAVAILABLE` | a service the command needs is unavailable |
/// | 70 | `EX_SOFTWARE` | an internal error |
/// | 73 | `EX_CANTCREAT` | an output file cannot be created |
/// | 74 | `EX_IOERR` | writing failed part-way (the disk is full…) |
/// | 78 | `EX_CONFIG` | the configuration is wrong |
struct ExitStatus: Hashable, Sendable, CustomStringConvertible {
  /// The number the process exits with.
  let rawValue: Int32

  static let success = ExitStatus(rawValue: 0)
  /// `EX_USAGE`.
  static let usage = ExitStatus(rawValue: 64)
  /// `EX_DATAERR`.
  static let dataError = ExitStatus(rawValue: 65)
  /// `EX_NOINPUT`.
  static let noInput = ExitStatus(rawValue: 66)
  /// `EX_UNAVAILABLE`.
  static let unavailable = ExitStatus(rawValue: 69)
  /// `EX_SOFTWARE`.
  static let software = ExitStatus(rawValue: 70)
  /// `EX_CANTCREAT`.
  static let cannotCreate = ExitStatus(rawValue: 73)
  /// `EX_IOERR`.
  static let ioError = ExitStatus(rawValue: 74)
  /// `EX_CONFIG`.
  static let configuration = ExitStatus(rawValue: 78)

  var description: String { String(rawValue) }

  init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The status for an error thrown by a command. Each `switch` over a code is exhaustive, so
  /// a new code cannot be added to a library without choosing its status here.
  init(for error: any Error) {
    switch error {
    case let error as LinkError: self = Self.status(error.code)
    case let error as RouteTableError: self = Self.status(error.code)
    case let error as AssociationError: self = Self.status(error.code)
    case let error as PageError: self = Self.status(error.code)
    case let error as QRError: self = Self.status(error.code)
    case let error as BatchError: self = Self.status(error.code)
    case let error as PrintError: self = Self.status(error.code)
    case let error as AtomicFileError: self = Self.status(error.code)
    case let error as CommandError: self = Self.status(error.code)
    case let error as ServeError: self = Self.status(error.code)
    case let error as StoreError: self = Self.status(error.code)
    case let error as CodegenError: self = Self.status(error.code)
    case let error as DoctorError: self = Self.status(error.code)
    case let error as ImportError: self = Self.status(error.code)
    case let error as ExitCode: self.init(rawValue: error.rawValue)
    case is ValidationError: self = .usage
    default: self = .software
    }
  }

  private static func status(_ code: LinkError.Code) -> ExitStatus {
    switch code {
    case .tooLong, .tooManyParts, .invalidCharacter, .invalidPercentEncoding, .malformedURL,
      .unknownScheme,
      .hostNotAllowed, .noMatchingRoute, .unknownRoute, .routeMismatch, .unknownParameter,
      .missingParameter, .duplicateParameter, .invalidValue, .linkNotConfigured:
      .dataError
    }
  }

  private static func status(_ code: RouteTableError.Code) -> ExitStatus {
    switch code {
    case .fileNotFound, .unreadableFile: .noInput
    case .malformedJSON, .invalidTable, .tooLarge, .tooDeep: .dataError
    }
  }

  private static func status(_ code: AssociationError.Code) -> ExitStatus {
    switch code {
    case .missingIOSApp, .missingAndroidApp, .missingAppClip, .fileTooLarge: .dataError
    case .invalidQueriedScheme, .tooManyQueriedSchemes, .invalidActivity, .invalidPathPrefix:
      .usage
    }
  }

  private static func status(_ code: PageError.Code) -> ExitStatus {
    switch code {
    case .unreadableTemplates: .noInput
    case .invalidLocale, .invalidField: .usage
    case .templateSyntax, .templateTooLarge, .missingTemplate, .missingContentSecurityPolicy,
      .unsafeURL, .unsafeSVG,
      .missingAppIdentity, .smsTooLong, .link:
      .dataError
    }
  }

  private static func status(_ code: QRError.Code) -> ExitStatus {
    switch code {
    case .empty, .tooLong, .invalidLogo: .dataError
    case .invalidOption, .invalidColor, .imageTooLarge, .moduleTooSmall, .logoTooLarge,
      .logoNeedsHighCorrection,
      .logoOverAlignmentPattern:
      .usage
    case .unreadableLogo: .noInput
    case .library: .software
    }
  }

  private static func status(_ code: StoreError.Code) -> ExitStatus {
    switch code {
    case .invalidDatabaseURL, .misconfigured, .schemaTooNew: .configuration
    case .unavailable: .unavailable
    case .invalidLink, .invalidRequest, .slugTaken, .notFound, .linkNoLongerValid: .dataError
    case .storageFailure: .ioError
    case .internalError: .software
    }
  }

  private static func status(_ code: BatchError.Code) -> ExitStatus {
    switch code {
    case .unknownRoute, .linkNotConfigured, .invalidHeader, .missingColumn, .tooManyRows:
      .dataError
    case .invalidOption, .invalidNamePattern: .usage
    case .unreadableInput: .noInput
    case .cannotCreateOutput: .cannotCreate
    case .outputIOFailed: .ioError
    }
  }

  private static func status(_ code: PrintError.Code) -> ExitStatus {
    switch code {
    case .unknownRoute, .linkNotConfigured, .invalidHeader, .missingColumn, .tooManyRows,
      .invalidTemplate, .invalidLogo:
      .dataError
    case .invalidOption, .logoTooLarge: .usage
    case .unreadableInput: .noInput
    case .missingFont: .unavailable
    case .cannotCreateOutput: .cannotCreate
    case .outputIOFailed: .ioError
    case .library: .software
    }
  }

  private static func status(_ code: AtomicFileError.Code) -> ExitStatus {
    switch code {
    case .cannotCreate: .cannotCreate
    case .ioFailure: .ioError
    }
  }

  private static func status(_ code: CommandError.Code) -> ExitStatus {
    switch code {
    case .usage: .usage
    case .invalidInput, .checkFailed, .rowsFailed: .dataError
    case .unreadableInput: .noInput
    }
  }

  private static func status(_ code: ServeError.Code) -> ExitStatus {
    switch code {
    case .associationTooLarge, .associationFile, .pages: .dataError
    case .invalidConfiguration: .usage
    case .bind: .unavailable
    }
  }

  private static func status(_ code: DoctorError.Code) -> ExitStatus {
    switch code {
    case .invalidDomain, .invalidConnectTo, .invalidCDNURL: .usage
    case .unreadableCAFile: .noInput
    case .unreachable: .unavailable
    }
  }

  private static func status(_ code: ImportError.Code) -> ExitStatus {
    switch code {
    case .unreadableInput: .noInput
    case .invalidInput, .misses: .dataError
    case .cannotCreateOutput: .cannotCreate
    }
  }

  private static func status(_ code: CodegenError.Code) -> ExitStatus {
    switch code {
    case .unreadableTable: .noInput
    case .invalidTable, .invalidName, .nameCollision, .reservedName, .staleOutput: .dataError
    case .invalidOptions: .configuration
    case .cannotWrite: .cannotCreate
    }
  }
}
