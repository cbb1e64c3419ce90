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
# The generator marks every import `package` (the config's accessModifier). Swift 6.3 warns
# about each one that a file's package declarations do not use ("package import of
# 'Foundation' was not used in package declarations"); the generator's own fix, an
# `@diagnose(UnusedImportAccess, as: ignored)` attribute, needs Swift 6.4, and no SwiftPM
# setting silences one warning. So the files keep a `package import` only of the modules
# they name: the generated code spells their types in full (`Foundation.Date`,
# `OpenAPIRuntime.HTTPBody`), and ServerTransport, the one it does not, is in Server.swift,
# which names OpenAPIRuntime anyway. Others become plain (internal) imports. Were the rule
# wrong for a new document, the build would say so: a warning, or an error where a package
# declaration needs the import. The same rule runs for --check, so the output is stable.
narrow_imports() {
  local file=$1 module uses
  for module in OpenAPIRuntime Foundation; do
    uses=$(grep -Ev '^(@_spi\([A-Za-z]+\) )?package import |^ *//' "$file" | grep -c "\b$module\." || true)
    if [ "$uses" = 0 ]; then
      sed -i -E "s/^(@_spi\([A-Za-z]+\) )?package import ((struct )?$module(\.[A-Za-z]+)?)\$/\1import \2/" "$file"
    fi
  done
}
for file in "$scratch/out"/*.swift; do narrow_imports "$file"; done

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
