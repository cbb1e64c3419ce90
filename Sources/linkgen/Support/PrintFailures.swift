import LinkPrint

extension PrintError {
  /// The failure the commands report for this error, with its exit status (sysexits).
  var failure: Failure {
    let status: Int32 =
      switch code {
      case .invalidOption, .logoTooLarge: Failure.usage
      case .invalidInput, .invalidTemplate: Failure.dataError
      case .unreadableInput, .invalidLogo: Failure.noInput
      case .missingFont: Failure.unavailable
      case .cannotCreate: Failure.cannotCreate
      case .writeFailed: Failure.ioError
      case .library: Failure.software
      }
    return Failure(message, status: status)
  }
}
