#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A typed parameter value: what a link carries for one parameter of a route.
///
/// Values print in their canonical form, which is exactly what the builder writes into links
/// (before percent-encoding):
///
/// ```swift
/// LinkValue.uuid(UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!).description
/// // "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
/// LinkValue.bool(true).description  // "true"
/// ```
///
/// Parameters of type `enum` carry their value as ``string(_:)``.
public enum LinkValue: Sendable, Hashable, CustomStringConvertible {
  /// A UUID, printed in lower case.
  case uuid(UUID)
  /// A signed integer, printed in decimal.
  case int(Int)
  /// Text, for `string` and `enum` parameters.
  case string(String)
  /// A boolean, printed as `true` or `false`.
  case bool(Bool)

  /// The canonical text of the value, before percent-encoding.
  public var description: String {
    switch self {
    case .uuid(let uuid): uuid.lowercasedString
    case .int(let int): String(int)
    case .string(let string): string
    case .bool(let bool): bool ? "true" : "false"
    }
  }
}

extension UUID {
  /// The UUID in the canonical lower-case form that links carry
  /// (`UUID.uuidString` is upper-case on every platform). Shared by linkgen's modules; users
  /// print a ``LinkValue/uuid(_:)`` instead.
  package var lowercasedString: String {
    String(unsafeUninitializedCapacity: 36) { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      UUIDText.write(self, into: base)
      return 36
    }
  }
}

/// A Swift type that can stand for a route parameter in a typed route.
///
/// `UUID`, `Int`, `String` and `Bool` conform, and so does any `String`-backed enum that
/// declares the conformance, which is how `enum` parameters are modelled:
///
/// ```swift
/// enum Layout: String, LinkValueConvertible { case list, board }
/// ```
public protocol LinkValueConvertible: Sendable {
  /// Creates the Swift value from a link value, or returns `nil` when the kinds differ.
  init?(linkValue: LinkValue)
  /// The link value for this Swift value.
  var linkValue: LinkValue { get }
}

extension UUID: LinkValueConvertible {
  /// Reads a ``LinkValue/uuid(_:)``.
  public init?(linkValue: LinkValue) {
    guard case .uuid(let value) = linkValue else { return nil }
    self = value
  }
  /// The value as ``LinkValue/uuid(_:)``.
  public var linkValue: LinkValue { .uuid(self) }
}

extension Int: LinkValueConvertible {
  /// Reads a ``LinkValue/int(_:)``.
  public init?(linkValue: LinkValue) {
    guard case .int(let value) = linkValue else { return nil }
    self = value
  }
  /// The value as ``LinkValue/int(_:)``.
  public var linkValue: LinkValue { .int(self) }
}

extension String: LinkValueConvertible {
  /// Reads a ``LinkValue/string(_:)``.
  public init?(linkValue: LinkValue) {
    guard case .string(let value) = linkValue else { return nil }
    self = value
  }
  /// The value as ``LinkValue/string(_:)``.
  public var linkValue: LinkValue { .string(self) }
}

extension Bool: LinkValueConvertible {
  /// Reads a ``LinkValue/bool(_:)``.
  public init?(linkValue: LinkValue) {
    guard case .bool(let value) = linkValue else { return nil }
    self = value
  }
  /// The value as ``LinkValue/bool(_:)``.
  public var linkValue: LinkValue { .bool(self) }
}

extension LinkValueConvertible where Self: RawRepresentable, RawValue == String {
  /// Reads a ``LinkValue/string(_:)`` holding one of the raw values.
  public init?(linkValue: LinkValue) {
    guard case .string(let raw) = linkValue else { return nil }
    self.init(rawValue: raw)
  }
  /// The raw value as ``LinkValue/string(_:)``.
  public var linkValue: LinkValue { .string(rawValue) }
}
