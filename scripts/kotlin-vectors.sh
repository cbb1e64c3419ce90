#!/usr/bin/env bash
# Holds the generated Kotlin to LinkKit: for each route table (by default both example tables),
# `linkgen generate kotlin` → kotlinc -Werror with the harness in Tests/Kotlin (once per table and
# change: the classes are kept under .build/kotlin-vectors) → `linkgen generate test-vectors` →
# the harness on the JVM, which fails on any difference from LinkKit's links and verdicts.
#
#   scripts/kotlin-vectors.sh [--generated N] [--seed N] [--wpt FILE] [TABLE...]
#
# --generated: how many generated (mutated) links beside the samples, the hostile cases and the
# WHATWG inputs (default 2000). LINKGEN names the linkgen executable (default .build/debug/linkgen;
# run `swift build` first). Needs kotlinc and java (Debian: kotlin, default-jdk-headless).
set -euo pipefail
cd "$(dirname "$0")/.."

generated=2000
seed=1
wpt=Tests/LinkKitTests/Resources/wpt/urltestdata.json
while [[ $# -gt 0 ]]; do
  case "$1" in
    --generated) generated=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --wpt) wpt=$2; shift 2 ;;
    -*) echo "kotlin-vectors.sh: unknown option $1" >&2; exit 64 ;;
    *) break ;;
  esac
done
tables=("$@")
[[ ${#tables[@]} -gt 0 ]] || tables=(Examples/openlist/linkgen.json Examples/photos/linkgen.json)
linkgen=${LINKGEN:-.build/debug/linkgen}

for tool in kotlinc java; do
  command -v "$tool" >/dev/null || { echo "kotlin-vectors.sh: $tool is not installed" >&2; exit 69; }
done
kotlin_home=$(dirname "$(dirname "$(readlink -f "$(command -v kotlinc)")")")
stdlib=$kotlin_home/lib/kotlin-stdlib.jar
[[ -f $stdlib ]] || stdlib=/usr/share/java/kotlin-stdlib.jar

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cache=.build/kotlin-vectors
mkdir -p "$cache"

for table in "${tables[@]}"; do
  name=$(basename "$(dirname "$table")")
  "$linkgen" generate kotlin --config "$table" --package linkgen.vectors --out "$work/DeepLink.kt"
  key=$(cat "$work/DeepLink.kt" Tests/Kotlin/*.kt | sha256sum | cut -c1-16)
  classes=$cache/$key
  if [[ ! -d $classes ]]; then
    echo "== $name: kotlinc -Werror (the generated file and the harness)"
    # kotlinc 1.3 on a recent JDK prints a JVM warning about -Xverify:none of its own; -Werror
    # fails on Kotlin's warnings only.
    kotlinc -Werror "$work/DeepLink.kt" Tests/Kotlin/*.kt -d "$work/classes" 2>&1 |
      { grep -v 'Options -Xverify:none and -noverify were deprecated' || true; }
    [[ -d $work/classes/linkgen ]] || { echo "kotlin-vectors.sh: kotlinc failed for $table" >&2; exit 1; }
    mv "$work/classes" "$classes"
  fi
  "$linkgen" generate test-vectors --config "$table" --generated "$generated" --seed "$seed" \
    --wpt "$wpt" --out "$work/vectors.json"
  echo "== $name: the harness"
  java -cp "$classes:$stdlib" linkgen.vectors.VectorHarnessKt "$work/vectors.json"
done
