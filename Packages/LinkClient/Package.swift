// swift-tools-version: 6.2
import PackageDescription

// LinkClient: a typed Swift client of `linkgen serve`'s API (`/api/v1`) for Swift backends
// (docs/client.md). Its types and client are generated at build time, by swift-openapi-
// generator's build plugin, from the document the server serves
// (Sources/LinkClient/openapi.json links to ../../Sources/LinkStoreServer/openapi.json), and
// sent over URLSession (swift-openapi-urlsession: no TLS library to build).
//
// A package of its own, not a product of linkgen's: SwiftPM builds every plugin's tool for any
// build of the package that applies it, so with the plugin there linkgen's release and fuzz
// builds would build the generator (OpenAPIKit, Yams) too.
//
// The tests start the real `linkgen serve`: the debug build of the package two folders up
// (`swift build` there first), or the one $LINKGEN names.
let package = Package(
  name: "LinkClient",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [.library(name: "LinkClient", targets: ["LinkClient"])],
  dependencies: [
    .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
    .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
  ],
  targets: [
    .target(
      name: "LinkClient",
      dependencies: [
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ],
      plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
    ),
    .testTarget(name: "LinkClientTests", dependencies: ["LinkClient"]),
  ]
)

for target in package.targets {
  target.swiftSettings = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
  ]
}
