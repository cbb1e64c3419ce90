#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a value does not fit its parameter. Turned into a ``LinkError`` by the caller, which
/// knows the route and where the value came from.
enum ValueProblem: Error {
  case notUUID
  case nilUUID
  case notInt
  case intOutOfRange
  case intTooSmall(Int)
  case intTooLarge(Int)
  case notBool
  case notEnumValue([String])
  case tooShort(Int)
  case tooLong(Int)
  case disallowedCharacter(Unicode.Scalar, AllowedCharacters)
  case forbiddenCharacter(Unicode.Scalar)
  case invalidUTF8
  case wrongKind(expected: ParameterType, got: LinkValue)

  var code: LinkError.Code {
    if case .invalidUTF8 = self { return .invalidPercentEncoding }
    if case .forbiddenCharacter = self { return .invalidCharacter }
    return .invalidValue
  }

  func sentence(text: String) -> String {
    let shown = "\"\(Self.sanitized(text))\""
    switch self {
    case .notUUID: return "must be a UUID (8-4-4-4-12 hex digits), got \(shown)"
    case .nilUUID:
      return "must not be the nil UUID 00000000-0000-0000-0000-000000000000 (no real link "
        + "carries it; the table's \"allowNil\": true accepts it)"
    case .notInt: return "must be a decimal integer, got \(shown)"
    case .intOutOfRange: return "must be an integer from \(Int.min) to \(Int.max), got \(shown)"
    case .intTooSmall(let min): return "must be at least \(min), got \(shown)"
    case .intTooLarge(let max): return "must be at most \(max), got \(shown)"
    case .notBool: return "must be true or false, got \(shown)"
    case .notEnumValue(let values):
      return "must be one of \(values.joined(separator: ", ")), got \(shown)"
    case .tooShort(let min):
      return min == 1 ? "must not be empty" : "must have at least \(min) characters, got \(shown)"
    case .tooLong(let max): return "must have at most \(max) characters, got \(shown)"
    case .disallowedCharacter(let scalar, let allowed):
      return
        "may only use the characters [\(allowed.pattern)], got '\(Self.sanitized(String(scalar)))' in \(shown)"
    case .forbiddenCharacter(let scalar):
      return "must not contain \(ForbiddenScalars.name(scalar)) (a control or invisible character)"
    case .invalidUTF8: return "is not valid UTF-8 once percent-decoded"
    case .wrongKind(let expected, let got):
      return "must be \(expected.name == "int" || expected.name == "enum" ? "an" : "a") "
        + "\(expected) value, got \(got.kindName) \(shown)"
    }
  }

  func error(
    parameter: Parameter,
    route: String,
    text: String,
    input: String? = nil,
    range: Range<Int>? = nil
  ) -> LinkError {
    LinkError(
      code,
      "parameter '\(parameter.name)' of route '\(route)' \(sentence(text: text))",
      route: route,
      parameter: parameter.name,
      input: input,
      range: range
    )
  }

  /// The text shortened to 60 characters, with forbidden characters shown as `U+XXXX`.
  static func sanitized(_ text: String) -> String {
    var result = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == 60 {
        result += "…"
        break
      }
      if ForbiddenScalars.contains(scalar) {
        result += "<\(ForbiddenScalars.name(scalar))>"
      } else {
        result.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return result
  }
}

/// Reads and checks parameter values against their declared types.
enum ValueRules {
  /// Checks a typed value against the parameter's type and constraints.
  static func check(_ value: LinkValue, for parameter: Parameter, route: String) throws(LinkError) {
    if let problem = problem(
      with: value,
      for: parameter.type,
      allowsNilUUID: parameter.allowsNilUUID
    ) {
      throw problem.error(parameter: parameter, route: route, text: value.description)
    }
  }

  static func problem(with value: LinkValue, for type: ParameterType, allowsNilUUID: Bool)
    -> ValueProblem?
  {
    switch (type, value) {
    case (.uuid, .uuid(let uuid)):
      return !allowsNilUUID && UUIDText.isNil(uuid) ? .nilUUID : nil
    case (.bool, .bool): return nil
    case (.int(let min, let max), .int(let int)):
      if let min, int < min { return .intTooSmall(min) }
      if let max, int > max { return .intTooLarge(max) }
      return nil
    case (.enumeration(let values), .string(let string)):
      return values.contains(string) ? nil : .notEnumValue(values)
    case (.string(let rules), .string(let string)):
      var string = string
      return string.withUTF8 { checkString($0, rules: rules) }
    default:
      return .wrongKind(expected: type, got: value)
    }
  }

  /// Reads a value from its text (already percent-decoded), as it appears in a link or on a
  /// command line.
  static func parse(_ text: UnsafeBufferPointer<UInt8>, for parameter: Parameter) -> Result<
    LinkValue, ValueProblem
  > {
    switch parameter.type {
    case .uuid:
      guard let uuid = UUIDText.parse(text) else { return .failure(.notUUID) }
      if !parameter.allowsNilUUID && UUIDText.isNil(uuid) { return .failure(.nilUUID) }
      return .success(.uuid(uuid))
    case .int(let min, let max):
      guard let int = parseInt(text) else {
        return .failure(isDecimal(text) ? .intOutOfRange : .notInt)
      }
      if let min, int < min { return .failure(.intTooSmall(min)) }
      if let max, int > max { return .failure(.intTooLarge(max)) }
      return .success(.int(int))
    case .bool:
      if text.elementsEqual("true".utf8) { return .success(.bool(true)) }
      if text.elementsEqual("false".utf8) { return .success(.bool(false)) }
      return .failure(.notBool)
    case .enumeration(let values):
      for value in values where value.utf8.elementsEqual(text) { return .success(.string(value)) }
      return .failure(.notEnumValue(values))
    case .string(let rules):
      if let problem = checkString(text, rules: rules) { return .failure(problem) }
      return .success(.string(String(decoding: text, as: UTF8.self)))
    }
  }

  /// Checks UTF-8 text against string rules in one pass: valid UTF-8, no forbidden
  /// characters, length in Unicode scalars, allowed characters.
  static func checkString(_ text: UnsafeBufferPointer<UInt8>, rules: StringRules) -> ValueProblem? {
    var iterator = text.makeIterator()
    var decoder = UTF8()
    var count = 0
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if ForbiddenScalars.contains(scalar) { return .forbiddenCharacter(scalar) }
        if let allowed = rules.allowedCharacters, !allowed.contains(scalar) {
          return .disallowedCharacter(scalar, allowed)
        }
        count += 1
        if count > rules.maxLength { return .tooLong(rules.maxLength) }
      case .emptyInput: break loop
      case .error: return .invalidUTF8
      }
    }
    if count < rules.minLength { return .tooShort(rules.minLength) }
    return nil
  }

  /// Whether the text is a decimal integer (an optional `-`, then digits), whatever its size.
  static func isDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let digits = text.first == UInt8(ascii: "-") ? text.dropFirst() : text[...]
    return !digits.isEmpty
      && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// A decimal integer with an optional leading `-`; `nil` on any other character or overflow.
  static func parseInt(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    let negative = text.first == UInt8(ascii: "-")
    if negative { index = 1 }
    guard index < text.count, text.count - index <= 20 else { return nil }
    var result = 0
    while index < text.count {
      let digit = Int(text[index]) &- 48
      guard digit >= 0 && digit <= 9 else { return nil }
      let (times, overflow1) = result.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      guard !overflow1 && !overflow2 else { return nil }
      result = next
      index += 1
    }
    return result
  }
}
