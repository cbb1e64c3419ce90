#!/usr/bin/env bash
# The differential smoke run: 100,000 generated links per example table (the samples' links,
# LinkKit's hostile cases and the WHATWG inputs, mutated by a seeded generator, plus fresh value
# sets) through LinkKit and through the generated Kotlin parser on the JVM, which must give the
# same verdict on every one. Reuses the classes kotlin-vectors.sh compiled when nothing changed.
#
#   scripts/kotlin-differential.sh [SEED]
#
# SEED defaults to 1, so a failure reproduces; any other seed explores other links.
set -euo pipefail
cd "$(dirname "$0")/.."
exec scripts/kotlin-vectors.sh --generated 100000 --seed "${1:-1}"
