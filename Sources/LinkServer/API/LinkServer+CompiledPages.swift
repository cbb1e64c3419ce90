package import LinkKit
import LinkPages

/// Every page variant a server sends, compiled from a table and its templates
/// (``LinkServer/compilePages(_:_:storePings:)``), to be served by a ``LinkServer`` through
/// ``LinkServer/Configuration/compiledPages``.
package struct CompiledPages: Sendable {
  let renderer: PageRenderer
}

extension LinkServer {
  /// Compiles every page variant the server sends for `table` (each route × language ×
  /// platform × in-app browser, the desktop page and the social card), as a server made with
  /// `configuration` would at start.
  ///
  /// - Parameter storePings: Whether the store buttons carry pings: a server that records
  ///   clicks has a ``StoreTapCounter``.
  /// - Throws: ``ServeError/Code/pages`` naming the template's file and line.
  package static func compilePages(
    _ table: RouteTable,
    _ configuration: Configuration,
    storePings: Bool
  ) throws(ServeError) -> CompiledPages {
    do throws(PageError) {
      let renderer = try PageRenderer(
        table: table,
        templatesDirectory: configuration.templatesDirectory
      )
      _ = try renderer.compileServedPages(
        inAppBrowsers: InAppBrowser.all.map(\.name),
        storePings: storePings
      )
      return CompiledPages(renderer: renderer)
    } catch {
      throw ServeError(.pages, error.message)
    }
  }
}
