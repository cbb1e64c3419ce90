#!/usr/bin/env bash
# Proves that an app depending only on the LinkKit product builds LinkKit alone: not the
# server's dependencies (hummingbird, SwiftNIO, swift-log, swift-metrics, swift-prometheus),
# not swift-mustache, not the QR system libraries.
#
#   scripts/check-linkkit-only.sh
#
# Makes a throwaway package in a temporary folder that depends on this package by path and
# imports only LinkKit, builds it (debug), and lists the Swift modules the build compiled. Exits
# 1 when any module other than LinkKit and the app's own was built, or when the build printed a
# warning (such as SwiftPM's "prohibited flag(s): -pthread" from a system library's pkg-config
# file, which an app must never see). Takes about a minute.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/Sources/App"
cat >"$work/Package.swift" <<EOF
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "linkkit-only",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(path: "$root")],
  targets: [
    .executableTarget(name: "App", dependencies: [.product(name: "LinkKit", package: "$(basename "$root")")])
  ]
)
EOF
cat >"$work/Sources/App/main.swift" <<'EOF'
import LinkKit

let table = try RouteTable(json: Data("""
  {"app": {"scheme": "demo", "domains": ["demo.example.com"]},
   "routes": [{"name": "home", "scheme": "demo://home", "universal": "/"}]}
  """.utf8))
print(try table.parse("https://demo.example.com/").route.name)
EOF
sed -i '1i import Foundation' "$work/Sources/App/main.swift"

(cd "$work" && swift build --product App >"$work/build.log" 2>&1) || {
  cat "$work/build.log" >&2
  exit 1
}
if grep -i 'warning:' "$work/build.log" >&2; then
  echo "check-linkkit-only: building an app that uses only LinkKit printed warnings (above)" >&2
  exit 1
fi
output=$(cd "$work" && swift run --skip-build App)
[ "$output" = home ] || { echo "check-linkkit-only: the app printed '$output'" >&2; exit 1; }

modules=$(find "$work/.build/debug/Modules" -name '*.swiftmodule' -exec basename {} .swiftmodule \; | sort)
others=$(grep -vx -e LinkKit -e App <<<"$modules" || true)
echo "built modules: $(tr '\n' ' ' <<<"$modules")"
if [ -n "$others" ]; then
  echo "check-linkkit-only: an app using only LinkKit also built: $(tr '\n' ' ' <<<"$others")" >&2
  exit 1
fi
echo "check-linkkit-only: an app using only LinkKit builds LinkKit alone, without warnings"
