// swift-tools-version: 6.2
import PackageDescription

// The openlist example: the app side of the route table in ./linkgen.json.
//
// OpenListApp stands for the iOS app's module. It holds the route table (a symbolic link to
// ../../linkgen.json) and applies LinkgenPlugin, so the `DeepLink` enum is generated at build
// time and nothing generated is checked in. Beside it is the logic the app's link handling
// calls (LinkRouter, LinkInbox, DeferredLinkReader), which builds and is tested on Linux, and
// the UIKit and SwiftUI glue (Glue/), which compiles on Apple platforms only. docs/ios.md
// walks through it.
let package = Package(
  name: "openlist",
  platforms: [.macOS(.v15), .iOS(.v16)],
  products: [.library(name: "OpenListApp", targets: ["OpenListApp"])],
  dependencies: [.package(name: "linkgen", path: "../..")],
  targets: [
    .target(
      name: "OpenListApp",
      dependencies: [.product(name: "LinkKit", package: "linkgen")],
      plugins: [.plugin(name: "LinkgenPlugin", package: "linkgen")]
    ),
    .testTarget(name: "OpenListAppTests", dependencies: ["OpenListApp"]),
  ]
)

for target in package.targets {
  target.swiftSettings = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
  ]
}
