#!/usr/bin/env bash
# Parse and universal-link speed of the generated Kotlin on the JVM against a java.net.URI
# baseline in the same run (Tests/Kotlin/Benchmark: warmed up, median of alternating samples),
# for Examples/openlist/linkgen.json. About a minute: one kotlinc, then the run.
#
#   scripts/kotlin-bench.sh [SAMPLES]
#
# LINKGEN names the linkgen executable (default .build/debug/linkgen). Needs kotlinc and java.
set -euo pipefail
cd "$(dirname "$0")/.."
linkgen=${LINKGEN:-.build/debug/linkgen}
kotlin_home=$(dirname "$(dirname "$(readlink -f "$(command -v kotlinc)")")")
stdlib=$kotlin_home/lib/kotlin-stdlib.jar
[[ -f $stdlib ]] || stdlib=/usr/share/java/kotlin-stdlib.jar
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$linkgen" generate kotlin --config Examples/openlist/linkgen.json --package linkgen.vectors \
  --out "$work/DeepLink.kt"
kotlinc -Werror "$work/DeepLink.kt" Tests/Kotlin/Benchmark/Benchmark.kt -d "$work/classes" 2>&1 |
  { grep -v 'Options -Xverify:none and -noverify were deprecated' || true; }
java -cp "$work/classes:$stdlib" linkgen.vectors.BenchmarkKt "${1:-15}"
