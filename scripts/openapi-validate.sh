#!/usr/bin/env bash
# Checks the API's OpenAPI document (Sources/LinkStoreServer/openapi.json, the one the server
# compiles in and serves as /api/v1/openapi.json; docs/serve.md): strict JSON (no key twice in
# one object, which JSON readers would silently resolve) and valid OpenAPI 3.1 by
# openapi-spec-validator. Exit status 1 when it is not.
#
#   scripts/openapi-validate.sh [document]
#
# Needs openapi-spec-validator (PyPI): .ci/install-packages installs it.
set -euo pipefail
cd "$(dirname "$0")/.."

document="${1:-Sources/LinkStoreServer/openapi.json}"
if ! command -v openapi-spec-validator >/dev/null; then
  echo "openapi-validate: openapi-spec-validator is missing (pip install openapi-spec-validator)" >&2
  exit 2
fi
python3 - "$document" <<'PY'
import json, sys

def no_duplicates(pairs):
    seen = set()
    for key, _ in pairs:
        if key in seen:
            sys.exit(f"openapi-validate: {sys.argv[1]}: the key '{key}' appears twice in one object")
        seen.add(key)
    return dict(pairs)

with open(sys.argv[1], "rb") as file:
    json.loads(file.read().decode("utf-8"), object_pairs_hook=no_duplicates)
PY
openapi-spec-validator --schema 3.1 "$document"
