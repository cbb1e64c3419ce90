package import Hummingbird
package import LinkServer
import LinkStore

// Imported links at their old paths: `/AbCd` answers as `/s/<code>` does.

extension StoreExtension: KeptPathAnswering {
  /// `GET|HEAD /<kept path>`: the imported link's landing page (with its card), 410 when it
  /// no longer opens (archived links are imported expired), the 404 page when no link keeps
  /// the path; the visit counted like a short link's. The server sends only paths no server
  /// path, table route or long link claims (``KeptPathShape``).
  package func respondToKeptPath(
    _ path: String,
    request: Request,
    context: LinkRequestContext,
    server: LinkServerContext
  ) async -> ExtensionResponse {
    guard KeptPathShape.isPlausible(path[...], shortLinkPrefix: store.options.shortLinkPrefix)
    else { return ExtensionResponse(server.notFound(request), endpoint: "not_found") }
    return await shortLinkAnswer(request, context, server, endpoint: "kept_path") { visitor in
      await read(request, server) { () async throws(StoreError) -> ShortLinkState in
        visitor == .human
          ? try await store.visit(keptPath: path) : try await store.link(keptPath: path)
      }
    }
  }
}
