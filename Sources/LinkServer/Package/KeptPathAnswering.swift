package import Hummingbird
import LinkAssociation

/// An extension that answers the old paths of imported links (`/AbCd`, kept from Firebase
/// Dynamic Links or another shortener) at the root of the link domain.
///
/// The server asks it last: a `GET` or `HEAD` whose path is none of the server's own (the
/// association files, `/healthz`, `/metrics`), under no extension's ``LinkServerExtension/pathPrefixes``,
/// not a link of the route table and not a long link (`/?link=…`), and shaped like a kept
/// path (``KeptPathShape/isPlausible(_:)``), goes to
/// ``respondToKeptPath(_:request:context:server:)`` instead of the 404 page.
package protocol KeptPathAnswering: LinkServerExtension {
  /// Answers `path` (exactly as requested, without its query): the imported link's page, or
  /// the 404 page (``LinkServerContext/notFound(_:)``) when no link keeps that path.
  func respondToKeptPath(
    _ path: String,
    request: Request,
    context: LinkRequestContext,
    server: LinkServerContext
  ) async -> ExtensionResponse
}

/// Which request paths could be an imported link's kept path at all, checked before anything
/// asks the database: LinkAssociation's ``KeptPathClaims/isKeepable(_:shortLinkPrefix:)``, the
/// rule the association files claim them by.
package enum KeptPathShape {
  /// Whether `path` may be looked up as a kept path.
  package static func isPlausible(_ path: Substring, shortLinkPrefix: String? = nil) -> Bool {
    KeptPathClaims.isKeepable(path, shortLinkPrefix: shortLinkPrefix)
  }
}
