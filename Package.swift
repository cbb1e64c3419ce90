// swift-tools-version: 6.2
import PackageDescription

// linkgen: one route table drives typed deep-link building and parsing, the association files,
// QR codes and landing pages. Small targets with one job each:
//
//   LinkKit          route table, builder, parser (Foundation only; embeddable in apps)
//   LinkQR           QR encoding and PNG / SVG / terminal rendering, in Swift (no C libraries)
//   LinkAssociation  apple-app-site-association, assetlinks.json, entitlements, plists, manifests
//   LinkPages        share text, smart-banner snippets and landing pages from Templates/
//   LinkBatch        streaming, multi-core, atomic batches of QR invites from CSV
//   LinkCodegen      typed Swift routes (a `LinkTarget` enum) generated from a route table
//   LinkStore        short links, API keys and click counters on SQLite or PostgreSQL
//   LinkPrint        print-ready PDF sheets of invite cards (cairo, Pango), QR codes with a logo
//   LinkServer       `linkgen serve`: the link domain over HTTP (hummingbird); a separate product,
//                    so an app that uses LinkKit never builds the server's dependencies
//   LinkStoreServer  the store inside `linkgen serve`: short links, the API, click recording
//   LinkDoctor       `linkgen doctor`: a live link domain checked as the platforms see it (libcurl)
//   linkgen          the command-line tool: parses arguments, calls the libraries
//   linkgen-bench    benchmarks against baselines measured in the same process
//   linkgen-fuzz     libFuzzer harness for every reader (links, tables, association files, CSV, pages,
//                    the server's request path)

// Platforms: what the code needs. LinkKit, LinkAssociation and LinkPages use nothing newer
// than iOS 16 / macOS 13 (strict UTF-8 decoding goes through LinkKit's UTF8Text rather than
// `String(validating:)`, which needs iOS 18). LinkBatch, and so the `linkgen` command, use the
// Synchronization module's `Atomic`, which needs macOS 15: that is the macOS floor. LinkQR reads
// logo files with `String(validating:)` (iOS 18), and LinkBatch uses `Atomic`, so both are for
// Linux and macOS (the README says so); an app that depends on LinkKit alone builds none of them.
let package = Package(
  name: "linkgen",
  platforms: [.macOS(.v15), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "LinkKit", targets: ["LinkKit"]),
    .library(name: "LinkQR", targets: ["LinkQR"]),
    .library(name: "LinkAssociation", targets: ["LinkAssociation"]),
    .library(name: "LinkPages", targets: ["LinkPages"]),
    .library(name: "LinkBatch", targets: ["LinkBatch"]),
    .library(name: "LinkStore", targets: ["LinkStore"]),
    .library(name: "LinkPrint", targets: ["LinkPrint"]),
    .library(name: "LinkServer", targets: ["LinkServer"]),
    .executable(name: "linkgen", targets: ["linkgen"]),
    // Generates a target's typed routes from the `linkgen.json` it holds, at build time.
    .plugin(name: "LinkgenPlugin", targets: ["LinkgenPlugin"]),
  ],
  traits: [
    // linkgen-fuzz's `server` target (the server's request path). On by default; CI's fuzz
    // smoke run builds without it (`scripts/fuzz.sh --smoke SECONDS --readers`), which keeps
    // hummingbird and SwiftNIO out of the sanitizer build. Nothing else depends on it.
    .trait(name: "FuzzServer", description: "linkgen-fuzz fuzzes the server's request path"),
    .default(enabledTraits: ["FuzzServer"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    // The store (LinkStore): SQLite (vendored by sqlite-nio), PostgreSQL, key hashing.
    .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    // The server (LinkServer) only. `traits: []` leaves out hummingbird's swift-configuration
    // support, which linkgen does not use.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0", traits: []),
    // The server's API types (LinkAPI), generated from its OpenAPI document once and committed
    // (scripts/openapi-generate.sh). No package here depends on swift-openapi-generator: SwiftPM
    // builds every plugin's tool for any build of a package, so the generator's plugin lives in
    // the LinkClient package (Packages/LinkClient), and the release and fuzz builds never build
    // the generator (OpenAPIKit, Yams).
    .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    // LinkStoreServer's `/api/v1` handlers implement LinkAPI's `APIProtocol` on a hummingbird
    // router (one small module over hummingbird and the runtime).
    .package(
      url: "https://github.com/hummingbird-project/swift-openapi-hummingbird",
      from: "2.1.0"
    ),
  ],
  targets: [
    // MARK: Core
    .target(name: "LinkKit"),

    // MARK: QR codes: libqrencode and libpng for the tests and the benchmark only
    .systemLibrary(
      name: "CQRencode",
      pkgConfig: "libqrencode",
      providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]
    ),
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    // LinkQR encodes in Swift (Internal/Encoder), symbol for symbol as libqrencode does, and
    // writes its PNG files itself (Internal/RowDeflate); LinkQRTests and linkgen-bench link
    // libqrencode and libpng to compare with them.
    .target(name: "LinkQR"),

    // MARK: Batches of QR codes from CSV
    .target(name: "LinkBatch", dependencies: ["LinkKit", "LinkQR"]),

    // MARK: Printed sheets and logo codes over cairo, Pango and librsvg
    .systemLibrary(
      name: "CCairo",
      pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
    ),
    // GLib, Pango and librsvg are declared by small headers of our own (opaque types, the exact
    // prototypes and the few plain structs LinkPrint uses; each header names the versions it
    // mirrors) rather than their own headers, which are found through pkg-config: GLib's
    // pkg-config files ask for `-pthread`, which SwiftPM refuses with "warning: prohibited
    // flag(s)" on every build of the package, even for an app that depends on LinkKit alone.
    // See `GLibStack` below for how the libraries are found.
    .systemLibrary(
      name: "CGLib",
      pkgConfig: GLibStack.pkgConfig("gobject-2.0"),
      providers: [.apt(["libglib2.0-dev"]), .brew(["glib"])]
    ),
    // Pango lays out and shapes text (HarfBuzz) with fonts found by fontconfig.
    .systemLibrary(
      name: "CPango",
      pkgConfig: GLibStack.pkgConfig("pangocairo"),
      providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]
    ),
    // librsvg draws SVG logos onto cairo surfaces, as vectors in a PDF.
    .systemLibrary(
      name: "CRsvg",
      pkgConfig: GLibStack.pkgConfig("librsvg-2.0"),
      providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]
    ),
    .target(
      name: "LinkPrint",
      dependencies: [
        "LinkKit", "LinkQR", "LinkBatch", "LinkPages", "CCairo", "CGLib", "CPango", "CRsvg",
      ]
    ),

    // MARK: Association files
    .target(name: "LinkAssociation", dependencies: ["LinkKit"]),

    // MARK: Share text, banners and landing pages
    // Templates/**/*.mustache are compiled into the library as string literals by the
    // EmbedTemplates build-tool plugin (which runs linkgen-embed-templates), so the library and
    // the CLI work from any directory; users override any of them with a folder of their own.
    .target(
      name: "LinkPages",
      dependencies: [
        "LinkKit",
        .product(name: "Mustache", package: "swift-mustache"),
        // No swift-crypto: the Content-Security-Policy's SHA-256 of the page's own styles and
        // scripts is LinkPages' own (CSPHash), so neither an app nor the readers' fuzz build
        // compiles BoringSSL for it.
      ],
      plugins: ["EmbedTemplates"]
    ),
    .executableTarget(name: "linkgen-embed-templates"),
    .plugin(
      name: "EmbedTemplates",
      capability: .buildTool(),
      dependencies: ["linkgen-embed-templates"]
    ),

    // MARK: The store: short links, API keys, click counters
    // One backend protocol, two backends: SQLite (sqlite-nio, which vendors SQLite itself) and
    // PostgreSQL (postgres-nio). Nothing in LinkKit, LinkQR or LinkPages depends on it, so an app
    // that uses LinkKit never builds these packages. See docs/store.md.
    .target(
      name: "LinkStore",
      dependencies: [
        "LinkKit",
        .product(name: "SQLiteNIO", package: "sqlite-nio"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .executableTarget(name: "linkgen-store-bench", dependencies: ["LinkStore", "LinkKit"]),
    // MARK: The link domain server (`linkgen serve`)
    .target(
      name: "LinkServer",
      dependencies: [
        "LinkKit",
        "LinkQR",
        "LinkAssociation",
        "LinkPages",
        // Firebase Dynamic Links long links (`/?link=…`), answered with the route's page.
        "LinkImport",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),

    // MARK: `linkgen doctor`: a live link domain, checked as Apple and Google see it
    // libcurl (Debian's libcurl4-openssl-dev) is the HTTP client: it connects elsewhere than the
    // URL's host while keeping its name for SNI and the certificate check (CURLOPT_CONNECT_TO),
    // trusts an extra CA besides the system's and shows the certificate chain; FoundationNetworking
    // can do none of this on Linux (docs/doctor.md). Only `linkgen` depends on it.
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),
    .target(name: "LinkDoctor", dependencies: ["LinkKit", "LinkAssociation", "CCurl"]),

    // MARK: Typed Swift routes from the table
    // The generator (LinkKit and Foundation only), the small tool the build plugin runs (so
    // that an app using the plugin builds LinkKit and the generator, not the whole CLI with
    // its QR, page and server dependencies), and the build-tool plugin.
    .target(name: "LinkCodegen", dependencies: ["LinkKit"]),
    .executableTarget(name: "linkgen-generate", dependencies: ["LinkCodegen"]),
    .plugin(
      name: "LinkgenPlugin",
      capability: .buildTool(),
      dependencies: ["linkgen-generate"]
    ),

    // MARK: Moving in from other link services
    // Firebase Dynamic Links long links read against the table, and the importers' models
    // (FDL, Branch, CSV), shared by the importers and the server. No database: the readers
    // (Takeout, getLinkStats, Branch, generic CSV) reuse LinkBatch's CSV reader.
    .target(name: "LinkImport", dependencies: ["LinkKit", "LinkBatch"]),

    // MARK: The store inside the server (short links, the API, click recording)
    // A LinkServer extension over a LinkStore: `/s/<code>` pages, `/api/v1/`, click counts,
    // rate limits. Its own target, so LinkServer stays usable without a database.
    .target(
      name: "LinkStoreServer",
      dependencies: [
        "LinkKit",
        "LinkPages",
        "LinkServer",
        "LinkStore",
        // The API's types and `APIProtocol`, which APIHandlers implements.
        "LinkAPI",
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
      ],
      // How scripts/openapi-generate.sh makes LinkAPI's files from the document.
      exclude: ["openapi-generator-config.yaml"],
      // The API's OpenAPI document, compiled in as bytes and served as /api/v1/openapi.json.
      resources: [.embedInCode("openapi.json")]
    ),

    // MARK: The console (`/console` on `linkgen serve`, docs/console.md)
    // Sign-in, sessions and the pages, rendered on the server by a typed HTML builder; a
    // LinkServer extension like LinkStoreServer.
    .target(
      name: "LinkConsole",
      dependencies: [
        "LinkKit",
        "LinkQR",
        "LinkServer",
        "LinkStore",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
      ]
    ),

    // MARK: The API from its OpenAPI document
    // LinkAPI: the server's types and `APIProtocol`, generated from
    // Sources/LinkStoreServer/openapi.json by scripts/openapi-generate.sh and committed
    // (Generated/), so that building the server never builds the generator.
    .target(
      name: "LinkAPI",
      dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
      // What is generated and how to regenerate it.
      exclude: ["README.md"]
    ),

    // MARK: Executables
    .executableTarget(
      name: "linkgen",
      dependencies: [
        "LinkKit",
        "LinkQR",
        "LinkBatch",
        "LinkAssociation",
        "LinkPages",
        "LinkStore",
        "LinkPrint",
        "LinkServer",
        "LinkCodegen",
        "LinkStoreServer",
        "LinkConsole",
        "LinkDoctor",
        "LinkImport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(name: "CAllocationCounter"),
    .executableTarget(
      name: "linkgen-bench",
      dependencies: [
        "LinkKit", "LinkQR", "LinkBatch", "CQRencode", "CPNG", "CAllocationCounter",
        // The per-page render case: LinkPages' plans, LinkServer's QR drawing.
        "LinkPages", "LinkServer",
      ],
      // Export the counting malloc so that shared libraries (the Swift runtime, libpng…)
      // allocate through it too.
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))],
      // The generated cases use the enum LinkgenPlugin makes from Sources/linkgen-bench/linkgen.json.
      plugins: ["LinkgenPlugin"]
    ),

    // MARK: Fuzzing
    // Coverage-guided fuzzing of every reader, with invariants (docs/fuzzing.md,
    // scripts/fuzz.sh). Built normally, it replays the committed corpus for the tests.
    .executableTarget(
      name: "linkgen-fuzz",
      dependencies: [
        "LinkKit", "LinkAssociation", "LinkBatch", "LinkPages",
        // The `server` target only: without the FuzzServer trait, the sanitizer build leaves
        // out hummingbird and SwiftNIO (CI's smoke run, docs/fuzzing.md).
        .target(name: "LinkServer", condition: .when(traits: ["FuzzServer"])),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // MARK: Tests
    .testTarget(
      name: "LinkKitTests",
      dependencies: [
        "LinkKit",
        "LinkgenTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      // The WHATWG URL test data, read from the source tree (see Resources/wpt/SOURCE.md).
      exclude: ["Resources"]
    ),
    // What every test target shares: package paths, temporary directories, a process runner,
    // and QR decoding with zbarimg and rsvg-convert.
    .target(
      name: "LinkgenTestSupport",
      dependencies: [
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
      ],
      path: "Tests/LinkgenTestSupport"
    ),
    .testTarget(
      name: "LinkQRTests",
      dependencies: ["LinkQR", "LinkgenTestSupport", "CQRencode", "CPNG"]
    ),
    .testTarget(
      name: "LinkBatchTests",
      dependencies: ["LinkBatch", "LinkKit", "LinkQR", "LinkgenTestSupport"]
    ),
    .testTarget(
      name: "LinkAssociationTests",
      dependencies: ["LinkAssociation", "LinkKit", "LinkgenTestSupport"]
    ),
    .testTarget(
      name: "LinkImportTests",
      dependencies: ["LinkImport", "LinkKit", "LinkgenTestSupport"],
      // Vendors' exports (Takeout, getLinkStats, Branch, a generic CSV), read from the tree.
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "LinkPagesTests",
      // LinkServer and LinkQR for the differential test's desktop page (its QR drawing);
      // swift-crypto as the reference CSPHash is checked against.
      dependencies: [
        "LinkPages", "LinkKit", "LinkgenTestSupport", "LinkServer", "LinkQR",
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .target(
      name: "LinkTargetTestSupport",
      dependencies: ["LinkKit"],
      path: "Tests/LinkTargetTestSupport"
    ),
    // Compile the routes LinkgenPlugin generates from each example's table (the targets hold
    // symbolic links to Examples/<name>/linkgen.json) and round-trip every route through them.
    .testTarget(
      name: "GeneratedOpenListTests",
      dependencies: ["LinkKit", "LinkTargetTestSupport"],
      plugins: ["LinkgenPlugin"]
    ),
    .testTarget(
      name: "GeneratedPhotosTests",
      dependencies: ["LinkKit", "LinkTargetTestSupport"],
      plugins: ["LinkgenPlugin"]
    ),
    // The same for a table of awkward names: keywords, values that are not identifiers, a UUID
    // default, optional parameters of every type, a route name long enough to wrap every line.
    .testTarget(
      name: "GeneratedNamingTests",
      dependencies: ["LinkKit", "LinkTargetTestSupport"],
      plugins: ["LinkgenPlugin"]
    ),
    .testTarget(
      name: "LinkCodegenTests",
      dependencies: ["LinkCodegen", "LinkKit", "LinkgenTestSupport"]
    ),
    .testTarget(
      name: "LinkStoreTests",
      dependencies: [
        "LinkAPI",
        "LinkStore",
        "LinkStoreServer",
        "LinkKit",
        "LinkgenTestSupport",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),
    .testTarget(
      name: "LinkPrintTests",
      dependencies: [
        "LinkPrint", "LinkQR", "LinkKit", "LinkPages", "LinkBatch", "LinkgenTestSupport",
      ]
    ),
    .testTarget(
      name: "LinkServerTests",
      dependencies: [
        "LinkServer", "LinkKit", "LinkPages", "LinkQR", "LinkgenTestSupport",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
    // `linkgen doctor` against the repository's own deploy/ nginx site with real TLS.
    .testTarget(
      name: "LinkDoctorTests",
      dependencies: ["linkgen", "LinkDoctor", "LinkKit", "LinkgenTestSupport"]
    ),
    // The console against a real `linkgen serve` (curl; Chromium in scripts/console-browser.py).
    .testTarget(
      name: "LinkConsoleTests",
      dependencies: ["linkgen", "LinkConsole", "LinkgenTestSupport"]
    ),
    .testTarget(
      name: "LinkgenCLITests",
      dependencies: [
        "linkgen", "linkgen-fuzz", "LinkQR", "LinkPrint", "LinkStore", "LinkAssociation",
        "LinkgenTestSupport",
        // APISchemaTests read the API's answers with the types generated from its document.
        "LinkAPI",
      ]
    ),
  ]
)

// Strict settings for every target written in Swift.
for target in package.targets
where ![.system, .plugin].contains(target.type) && !target.name.hasPrefix("C") {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      // SE-0335: `any` spelled out for existentials.
      .enableUpcomingFeature("ExistentialAny"),
      // SE-0444: a file sees only the modules it imports.
      .enableUpcomingFeature("MemberImportVisibility"),
      // SE-0409: imports are internal unless marked `public import`.
      .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}

/// How the GLib stack (CGLib, CPango, CRsvg) is found. On Linux the libraries are in the
/// linker's default path and the module maps link them by name, so no pkg-config is asked (and
/// SwiftPM prints no `-pthread` warning); a missing `-dev` package stops the build with an
/// `#error` from our declaration headers naming it. Elsewhere (macOS) Homebrew keeps each
/// library under its own prefix, so SwiftPM asks pkg-config for the `-L` paths, and shows the
/// `providers` line when a library is missing.
enum GLibStack {
  static func pkgConfig(_ name: String) -> String? {
    #if os(Linux)
      nil
    #else
      name
    #endif
  }
}
