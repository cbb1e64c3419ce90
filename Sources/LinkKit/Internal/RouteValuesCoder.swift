#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `Encoder` and `Decoder` between a `Codable` typed route and ``RouteValues``: each stored
/// property is one parameter, named by its coding key.
final class RouteValuesEncoder: Encoder {
  var values: RouteValues
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(values: RouteValues) { self.values = values }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(Container(encoder: self))
  }
  func unkeyedContainer() -> any UnkeyedEncodingContainer { Unsupported(path: []) }
  func singleValueContainer() -> any SingleValueEncodingContainer { Unsupported(path: []) }

  fileprivate func set<T: Encodable>(_ value: T, for key: some CodingKey) throws {
    if let linkValue = fastLinkValue(value) {
      try values.set(linkValue, for: key.stringValue)
    } else if let convertible = value as? any LinkValueConvertible {
      try values.set(convertible.linkValue, for: key.stringValue)
    } else {
      let capture = ValueCapture(path: [key])
      try value.encode(to: capture)
      try values.set(capture.value, for: key.stringValue)
    }
  }

  private struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: RouteValuesEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
      try encoder.values.set(LinkValue?.none, for: key.stringValue)
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try encoder.set(value, for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws {
      try encoder.set(value, for: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try encoder.set(value, for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
      throw unsupported(key, "Double")
    }
    mutating func encode(_ value: Float, forKey key: Key) throws { throw unsupported(key, "Float") }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
      try encoder.set(Int(value), for: key)
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
      try encoder.set(Int(value), for: key)
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
      try encoder.set(Int(value), for: key)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
      try encoder.set(Int(value), for: key)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
      try encoder.set(try int(value, key), for: key)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
      try encoder.set(Int(value), for: key)
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
      try encoder.set(Int(value), for: key)
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
      try encoder.set(Int(value), for: key)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
      try encoder.set(try int(value, key), for: key)
    }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
      try encoder.set(value, for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type,
      forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(NestedUnsupported<NestedKey>(path: [key]))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      Unsupported(path: [key])
    }
    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }

    private func int(_ value: some BinaryInteger, _ key: Key) throws -> Int {
      guard let int = Int(exactly: value) else { throw unsupported(key, "an integer beyond Int") }
      return int
    }
    private func unsupported(_ key: Key, _ what: String) -> LinkError {
      LinkError(
        .invalidValue,
        "property '\(key.stringValue)' is \(what); route parameters are UUID, Int, String, "
          + "Bool or String-backed enums",
        route: encoder.values.routeName,
        parameter: key.stringValue
      )
    }
  }
}

/// Captures the single primitive a `Codable` value (such as a `String` enum) encodes to.
private final class ValueCapture: Encoder, SingleValueEncodingContainer {
  var value: LinkValue?
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  init(path: [any CodingKey]) { codingPath = path }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(NestedUnsupported<Key>(path: codingPath))
  }
  func unkeyedContainer() -> any UnkeyedEncodingContainer { Unsupported(path: codingPath) }
  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  func encodeNil() throws { value = nil }
  func encode(_ value: String) throws { self.value = .string(value) }
  func encode(_ value: Bool) throws { self.value = .bool(value) }
  func encode(_ value: Int) throws { self.value = .int(value) }
  func encode(_ value: some Encodable) throws {
    if let convertible = value as? any LinkValueConvertible {
      self.value = convertible.linkValue
    } else {
      try value.encode(to: self)
    }
  }
}

/// Containers for shapes a route parameter cannot have (nested objects, arrays).
private struct Unsupported: UnkeyedEncodingContainer, SingleValueEncodingContainer {
  let path: [any CodingKey]
  var codingPath: [any CodingKey] { path }
  var count: Int { 0 }
  private var error: EncodingError {
    EncodingError.invalidValue(
      (),
      .init(
        codingPath: path,
        debugDescription: "route parameters are single values: UUID, Int, String, Bool or "
          + "a String-backed enum"
      )
    )
  }
  mutating func encodeNil() throws { throw error }
  mutating func encode(_ value: some Encodable) throws { throw error }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  { KeyedEncodingContainer(NestedUnsupported<NestedKey>(path: path)) }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
  mutating func superEncoder() -> any Encoder { ValueCapture(path: path) }
}

private struct NestedUnsupported<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let path: [any CodingKey]
  var codingPath: [any CodingKey] { path }
  private var error: EncodingError {
    EncodingError.invalidValue(
      (),
      .init(codingPath: path, debugDescription: "route parameters cannot be nested objects")
    )
  }
  mutating func encodeNil(forKey key: Key) throws { throw error }
  mutating func encode(_ value: some Encodable, forKey key: Key) throws { throw error }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type,
    forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(NestedUnsupported<NestedKey>(path: path))
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    Unsupported(path: path)
  }
  mutating func superEncoder() -> any Encoder { ValueCapture(path: path) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { ValueCapture(path: path) }
}

/// Reads a `Decodable` typed route from ``RouteValues``.
struct RouteValuesDecoder: Decoder {
  let values: RouteValues
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(Container<Key>(values: values))
  }
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw DecodingError.typeMismatch(
      [Any].self,
      .init(codingPath: [], debugDescription: "a route is a set of named parameters")
    )
  }
  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw DecodingError.typeMismatch(
      Any.self,
      .init(codingPath: [], debugDescription: "a route is a set of named parameters")
    )
  }

  private struct Container<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let values: RouteValues
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] {
      values.parameters.indices.compactMap { index in
        values.storage[index] ?? values.parameters[index].defaultValue == nil
          ? nil : Key(stringValue: values.parameters[index].name)
      }
    }

    func contains(_ key: Key) -> Bool { value(for: key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { value(for: key) == nil }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      guard let value = value(for: key) else {
        if values.index(of: key.stringValue) == nil {
          throw LinkError(
            .unknownParameter,
            "\(T.self) has a property '\(key.stringValue)', but route '\(values.routeName)' "
              + "has no parameter of that name",
            route: values.routeName,
            parameter: key.stringValue
          )
        }
        throw LinkError(
          .missingParameter,
          "route '\(values.routeName)' has no value for parameter '\(key.stringValue)'",
          route: values.routeName,
          parameter: key.stringValue
        )
      }
      if let typed: T = fastValue(value) { return typed }
      if let convertible = T.self as? any LinkValueConvertible.Type {
        if let typed = convertible.init(linkValue: value) as? T { return typed }
        throw LinkError(
          .invalidValue,
          "parameter '\(key.stringValue)' of route '\(values.routeName)' holds "
            + "\(value.kindName), which \(T.self) cannot hold",
          route: values.routeName,
          parameter: key.stringValue
        )
      }
      return try T(from: SingleValue(value: value, path: [key]))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
      throws -> KeyedDecodingContainer<NestedKey>
    {
      throw DecodingError.typeMismatch(
        [String: Any].self,
        .init(codingPath: [key], debugDescription: "route parameters cannot be nested objects")
      )
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      throw DecodingError.typeMismatch(
        [Any].self,
        .init(codingPath: [key], debugDescription: "route parameters cannot be arrays")
      )
    }
    func superDecoder() throws -> any Decoder { RouteValuesDecoder(values: values) }
    func superDecoder(forKey key: Key) throws -> any Decoder { RouteValuesDecoder(values: values) }

    private func value(for key: Key) -> LinkValue? {
      guard let index = values.index(of: key.stringValue) else { return nil }
      return values.storage[index] ?? values.parameters[index].defaultValue
    }
  }

  /// One parameter's value, for types that decode themselves from a single value.
  private struct SingleValue: Decoder, SingleValueDecodingContainer {
    let value: LinkValue
    let path: [any CodingKey]
    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
      throw mismatch([String: Any].self)
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw mismatch([Any].self) }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      if let convertible = T.self as? any LinkValueConvertible.Type,
        let typed = convertible.init(linkValue: value) as? T
      {
        return typed
      }
      throw mismatch(T.self)
    }

    private func mismatch(_ type: Any.Type) -> DecodingError {
      .typeMismatch(
        type,
        .init(codingPath: path, debugDescription: "the parameter holds \(value.kindName)")
      )
    }
  }
}

// MARK: Fast paths

/// The link value of a UUID, Int, String or Bool without a dynamic protocol cast (which costs
/// more than the rest of building a link); `nil` for other types.
@inline(__always)
private func fastLinkValue<T>(_ value: T) -> LinkValue? {
  if T.self == UUID.self { return .uuid(unsafeBitCast(value, to: UUID.self)) }
  if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
  if T.self == Int.self { return .int(unsafeBitCast(value, to: Int.self)) }
  if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
  return nil
}

/// A UUID, Int, String or Bool from a link value of the same kind, without a dynamic cast;
/// `nil` for other types or kinds.
@inline(__always)
private func fastValue<T>(_ value: LinkValue) -> T? {
  switch value {
  case .uuid(let uuid) where T.self == UUID.self: return unsafeBitCast(uuid, to: T.self)
  case .string(let string) where T.self == String.self: return unsafeBitCast(string, to: T.self)
  case .int(let int) where T.self == Int.self: return unsafeBitCast(int, to: T.self)
  case .bool(let bool) where T.self == Bool.self: return unsafeBitCast(bool, to: T.self)
  default: return nil
  }
}
