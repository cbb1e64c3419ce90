// swift-tools-version: 6.2
import PackageDescription

// A backend-style service that invites a list of users to OpenList: for each, the invite
// links, the share text in Korean and English and a QR code (PNG), through the libraries
// (LinkKit with the routes LinkgenPlugin generates, LinkPages, LinkQR, LinkAssociation), not
// by running the command-line tool. It also answers the requests a link domain serves: the
// association files, and one user's invite as JSON or as a QR code. docs/backend.md walks
// through it. Its short invitations are made by a real `linkgen serve` through LinkClient
// (Packages/LinkClient, the API's typed client); the tests start one (docs/client.md).
let package = Package(
  name: "invite-service",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "linkgen", path: "../.."),
    .package(name: "LinkClient", path: "../../Packages/LinkClient"),
  ],
  targets: [
    .target(
      name: "InviteService",
      dependencies: [
        .product(name: "LinkKit", package: "linkgen"),
        .product(name: "LinkPages", package: "linkgen"),
        .product(name: "LinkQR", package: "linkgen"),
        .product(name: "LinkAssociation", package: "linkgen"),
        .product(name: "LinkClient", package: "LinkClient"),
      ],
      plugins: [.plugin(name: "LinkgenPlugin", package: "linkgen")]
    ),
    .executableTarget(name: "invite-service", dependencies: ["InviteService"]),
    .testTarget(
      name: "InviteServiceTests",
      dependencies: [
        "InviteService", "invite-service",
        .product(name: "LinkKit", package: "linkgen"),
        .product(name: "LinkPages", package: "linkgen"),
        .product(name: "LinkClient", package: "LinkClient"),
      ]
    ),
  ]
)

for target in package.targets {
  target.swiftSettings = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
  ]
}
