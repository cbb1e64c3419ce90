import ArgumentParser
import Foundation
import LinkKit
import LinkStore

extension Linkgen {
  /// `linkgen keys create|list|revoke`
  struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "keys",
      abstract: "Create, list and revoke the API keys of `linkgen serve`.",
      discussion: """
        Keys live in the server's database (--database, or $LINKGEN_DATABASE_URL, else \
        sqlite:linkgen.sqlite). The database keeps only a SHA-256 of each key: a key is shown \
        once, when it is created.

        Scopes: links:create (POST /api/v1/links), links:delete (DELETE /api/v1/links/<code>), \
        stats:read (GET /api/v1/stats), console (sign in to /console in a browser;         docs/console.md). Revoking a key ends its console sessions.

        Examples:
          linkgen keys create --scope links:create --scope stats:read --name ci
          linkgen keys create --scope console --name "Mina (marketing)"
          linkgen keys create --scope links:create --format json \\
              --database postgres://linkgen:secret@db.internal/linkgen
          linkgen keys list
          linkgen keys revoke k7m2xq9r

        Exit status: 0 on success, 64 for a usage error (an unknown scope), 65 for an unknown \
        key id, 69 when the database cannot be reached, 74 for a storage error, 78 for a bad database \
        URL or a database that refuses the connection's settings.
        """,
      subcommands: [Create.self, List.self, Revoke.self]
    )

    struct Create: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Create a key and print it (the only time it is shown).",
        discussion: """
          In text, the key alone goes to standard output and a note to standard error, so \
          `KEY=$(linkgen keys create --scope links:create)` captures just the key. \
          With --format json: {"id", "key", "scopes"}.
          """
      )

      @Option(
        name: .customLong("scope"),
        help: ArgumentHelp(
          "What the key may do: links:create, links:delete, stats:read or console (repeat, or "
            + "separate with commas).",
          valueName: "scope"
        )
      )
      var scopes: [String] = []

      @Option(help: ArgumentHelp("A label shown by `keys list`.", valueName: "text"))
      var name: String?

      @OptionGroup var database: DatabaseOptions
      @OptionGroup var output: FormatOptions

      func validate() throws {
        guard !scopes.isEmpty else {
          throw ValidationError(
            "give at least one --scope (links:create, links:delete, stats:read, console)"
          )
        }
        _ = try parsedScopes()
      }

      func run() async throws {
        let scopes = try parsedScopes()
        let created = try await database.withStore { store in
          try await store.createKey(scopes: scopes, name: name)
        }
        switch output.format {
        case .json:
          Console.print(StoreJSON.newKey(created))
        case .text:
          Console.print(created.key)
          Console.note(
            "created key \(created.info.id) (\(StoreText.scopes(created.info.scopes))); "
              + "store it now: it is not shown again"
          )
        }
      }

      private func parsedScopes() throws(ValidationError) -> Set<KeyScope> {
        var result: Set<KeyScope> = []
        for text in scopes {
          do {
            result.formUnion(try KeyScope.parseList(text))
          } catch {
            throw ValidationError(error.message)
          }
        }
        return result
      }
    }

    struct List: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "List the keys: id, scopes, name, created, revoked.",
        discussion: "Keys themselves are never shown: only their ids (the 8 characters after lgk_)."
      )

      @OptionGroup var database: DatabaseOptions
      @OptionGroup var output: FormatOptions

      func run() async throws {
        let keys = try await database.withStore { store in try await store.keys() }
        switch output.format {
        case .json: Console.print(StoreJSON.keys(keys))
        case .text: Console.print(StoreText.keys(keys))
        }
      }
    }

    struct Revoke: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Revoke a key: from now on every server copy refuses it.",
        discussion: "Revoking a revoked key changes nothing. The key stays listed, as revoked."
      )

      @Argument(help: ArgumentHelp("The key's id, as `keys list` shows it.", valueName: "id"))
      var id: String

      @OptionGroup var database: DatabaseOptions
      @OptionGroup var output: FormatOptions

      func run() async throws {
        let key = try await database.withStore { store in try await store.revokeKey(id: id) }
        switch output.format {
        case .json: Console.print(StoreJSON.key(key).rendered())
        case .text: Console.print("revoked key \(key.id)")
        }
      }
    }
  }
}
