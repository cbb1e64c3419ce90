import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A generated snippet parsed with Foundation's `XMLParser` (libxml2 on Linux), into a tree
/// the tests can query.
final class ParsedXML: NSObject, XMLParserDelegate {
  final class Element {
    let name: String
    let attributes: [String: String]
    var children: [Element] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
      self.name = name
      self.attributes = attributes
    }

    /// Every descendant (and self) with the name, in document order.
    func all(_ name: String) -> [Element] {
      (self.name == name ? [self] : []) + children.flatMap { $0.all(name) }
    }
  }

  private(set) var root: Element?
  private(set) var comments: [String] = []
  private(set) var error: (any Error)?
  private var stack: [Element] = []

  /// Parses the text; `root` is nil and `error` set when it is not well-formed.
  init(_ text: String) {
    super.init()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = self
    parser.shouldResolveExternalEntities = false
    if !parser.parse() {
      error = parser.parserError ?? CocoaError(.coderReadCorrupt)
      root = nil
    }
  }

  func parser(
    _ parser: XMLParser,
    didStartElement elementName: String,
    namespaceURI: String?,
    qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    let element = Element(name: elementName, attributes: attributes)
    stack.last?.children.append(element)
    if stack.isEmpty { root = element }
    stack.append(element)
  }

  func parser(
    _ parser: XMLParser,
    didEndElement elementName: String,
    namespaceURI: String?,
    qualifiedName: String?
  ) {
    stack.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    stack.last?.text += string
  }

  func parser(_ parser: XMLParser, foundComment comment: String) {
    comments.append(comment)
  }

  /// The plist `<dict>` under `<plist>`, as key → value element.
  static func plistDictionary(_ element: Element) -> [String: Element] {
    var result: [String: Element] = [:]
    var key: String?
    for child in element.children {
      if child.name == "key" {
        key = child.text
      } else if let current = key {
        result[current] = child
        key = nil
      }
    }
    return result
  }
}
