#!/usr/bin/env bash
# Makes the server's API types (Sources/LinkAPI/Generated/: the schemas, the operations'
# inputs and outputs, `APIProtocol` and its hummingbird-ready `registerHandlers`) from the
# OpenAPI document, Sources/LinkStoreServer/openapi.json, with swift-openapi-generator's
# command-line tool and the openapi-generator-config.yaml beside the document. The files are
# committed, so the release and fuzz builds never build the generator (OpenAPIKit, Yams).
#
#   scripts/openapi-generate.sh            # rewrites Sources/LinkAPI/Generated/
#   scripts/openapi-generate.sh --check    # exit 1 when the committed files differ
#
# The generator is the one a build of LinkClient already made for its build plugin
# (swift-openapi-generator-tool in Packages/LinkClient/.build/debug or, since the example
# depends on LinkClient, Examples/invite-service/.build/debug: a second or so); without one, it
# builds LinkClient first (minutes). OPENAPI_GENERATOR names another one. Exit 1 when the
# generator warns about the document (a construct it skips would leave the types short).
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
case "${1:-}" in
  --check) check=true ;;
  "") ;;
  *) echo "usage: scripts/openapi-generate.sh [--check]" >&2; exit 2 ;;
esac
document=Sources/LinkStoreServer/openapi.json
config=Sources/LinkStoreServer/openapi-generator-config.yaml
generated=Sources/LinkAPI/Generated

generator="${OPENAPI_GENERATOR:-}"
if [[ -z "$generator" ]]; then
  for built in Packages/LinkClient Examples/invite-service Packages/LinkClient; do
    generator="$built/.build/debug/swift-openapi-generator-tool"
    [[ -x "$generator" ]] && break
  done
  if [[ ! -x "$generator" ]]; then
    swift build --package-path Packages/LinkClient --target LinkClient >&2
  fi
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/out"
if ! "$generator" generate "$document" --config "$config" --output-directory "$scratch/out" \
  >"$scratch/log" 2>&1; then
  cat "$scratch/log" >&2
  echo "openapi-generate: the generator failed on $document" >&2
  exit 1
fi
if grep -i 'warning:' "$scratch/log" >&2; then
  echo "openapi-generate: the generator warned about $document (above)" >&2
  exit 1
fi
if $check; then
  if ! diff -ru "$generated" "$scratch/out" >"$scratch/diff"; then
    head -40 "$scratch/diff" >&2
    echo "openapi-generate: $generated differs from what $document makes; run scripts/openapi-generate.sh" >&2
    exit 1
  fi
  echo "openapi-generate: $generated is what $document makes"
else
  rm -f "$generated"/*.swift
  cp "$scratch/out"/*.swift "$generated/"
  echo "openapi-generate: wrote $(ls "$generated" | wc -l) files to $generated"
fi
