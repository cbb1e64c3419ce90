package import Foundation

/// What `linkgen generate swift` and the `LinkgenPlugin` build plugin may choose about the
/// generated type: its name and its access level.
///
/// The plugin reads them from an optional `linkgen-swift.json` beside the target's
/// `linkgen.json`:
///
/// ```json
/// { "typeName": "OpenListLink", "access": "public" }
/// ```
package struct SwiftGeneratorOptions: Sendable, Hashable {
  /// The access level of the generated declarations.
  package enum Access: String, Sendable, Hashable, CaseIterable {
    /// For an app's own target: nothing leaves the module.
    case `internal`
    /// For a library target that other modules import (a shared "links" module).
    case `public`
  }

  /// The name the options file has beside a target's `linkgen.json`.
  package static let fileName = "linkgen-swift.json"
  /// The default type name.
  package static let defaultTypeName = "DeepLink"

  /// The name of the generated enum.
  package var typeName: String
  /// The access level of its declarations.
  package var access: Access

  /// Options with the given values; the defaults are `DeepLink` and `internal`.
  package init(typeName: String = SwiftGeneratorOptions.defaultTypeName, access: Access = .internal)
  {
    self.typeName = typeName
    self.access = access
  }

  /// Reads an options file (`linkgen-swift.json`); unknown keys are errors, as they are in a
  /// route table, because they are usually typos.
  ///
  /// - Throws: ``CodegenError`` with ``CodegenError/Code/invalidOptions``.
  package init(json data: Data, file: String) throws(CodegenError) {
    func invalid(_ message: String) -> CodegenError {
      CodegenError(.invalidOptions, message, file: file)
    }
    guard let object = try? JSONSerialization.jsonObject(with: data),
      let dictionary = object as? [String: Any]
    else {
      throw invalid(
        "the options file is not a JSON object such as "
          + "{ \"typeName\": \"OpenListLink\", \"access\": \"public\" }"
      )
    }
    self.init()
    for key in dictionary.keys.sorted() {
      let value = dictionary[key]
      switch key {
      case "typeName":
        guard let name = value as? String else { throw invalid("typeName must be a string") }
        typeName = name
      case "access":
        let levels = Access.allCases.map(\.rawValue).joined(separator: " or ")
        guard let text = value as? String, let access = Access(rawValue: text) else {
          throw invalid("access must be \(levels)")
        }
        self.access = access
      default:
        throw invalid("unknown key '\(key)'; the keys are typeName and access")
      }
    }
    if let problem = Self.typeNameProblem(typeName) { throw invalid(problem) }
  }

  /// Why the text cannot name the generated type, or `nil` when it can.
  package static func typeNameProblem(_ name: String) -> String? {
    guard SwiftNames.isPlainIdentifier(name) else {
      return "'\(name)' is not a Swift type name: letters, digits and '_', not starting with "
        + "a digit, not a keyword"
    }
    if SwiftPlan.reservedTypeNames.contains(name) {
      return "'\(name)' would hide the type \(name) that the generated code uses; "
        + "choose another name"
    }
    return nil
  }
}
