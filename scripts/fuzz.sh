#!/usr/bin/env bash
# Fuzzes linkgen's readers with libFuzzer; see docs/fuzzing.md.
#
#   scripts/fuzz.sh --list               the targets, one a line (builds nothing)
#   scripts/fuzz.sh TARGET SECONDS       build, then fuzz TARGET for SECONDS
#   scripts/fuzz.sh --smoke SECONDS      build, then fuzz every target for SECONDS each, as
#                                        many at a time as there are cores
#   scripts/fuzz.sh --smoke SECONDS --readers
#                                        the same without the server target (CI): the build
#                                        leaves out hummingbird and SwiftNIO, minutes shorter
#   scripts/fuzz.sh --build [--readers]  only build
#
# The sanitizer build (-sanitize=fuzzer,address -DFUZZING) has its own scratch path,
# .build-fuzz, so the ordinary build is untouched. Each run starts from the committed seed
# corpus (Fuzz/corpus/TARGET) and keeps what it learns in .build-fuzz/corpus/TARGET; a crash or
# a broken invariant stops it with the input saved in .build-fuzz/artifacts/TARGET/. Exit
# status: 0 when every run held its invariants, 1 when one did not, 64 for a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-fuzz
binary="$scratch/release/linkgen-fuzz"

usage() {
  sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 64
}

build() {
  echo "fuzz: building linkgen-fuzz with libFuzzer and AddressSanitizer in $scratch" >&2
  # Debian's gold linker fails on the sanitizer runtime: link with lld.
  # --readers: without the FuzzServer trait (Package.swift), so without the server target.
  local traits=()
  [ "${1:-}" = --readers ] && traits=(--disable-default-traits)
  swift build -c release --product linkgen-fuzz --scratch-path "$scratch" "${traits[@]}" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
    -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld >&2
}

# The longest input libFuzzer makes for a target.
max_len() {
  case "$1" in
    aasa | assetlinks | table) echo 16384 ;;
    association) echo 1024 ;;
    *) echo 4096 ;;
  esac
}

# Fuzzes one target; prints one summary line.
run() {
  local target="$1" seconds="$2"
  local corpus="$scratch/corpus/$target" artifacts="$scratch/artifacts/$target/"
  local log="$scratch/logs/$target.log" dict=()
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  [ -f "Fuzz/$target.dict" ] && dict=(-dict="Fuzz/$target.dict")
  local status=0
  # SWIFT_BACKTRACE=enable=no: Swift's crash handler would trip AddressSanitizer.
  # Swift frees what it allocates (no leak checks); two frames of allocation stack are enough
  # and cost far less than the default thirty.
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:malloc_context_size=2 \
    LINKGEN_FUZZ="$target" "$binary" -max_total_time="$seconds" -max_len="$(max_len "$target")" \
    -timeout=10 -detect_leaks=0 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts" "${dict[@]}" \
    "$corpus" "Fuzz/corpus/$target" >"$log" 2>&1 || status=$?
  local runs rate files bytes
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  files=$(find "$corpus" -type f | wc -l)
  bytes=$(find "$corpus" -type f -printf '%s\n' | awk '{ total += $1 } END { print total + 0 }')
  if [ "$status" -ne 0 ]; then
    echo "fuzz $target: FAILED after ${runs:-?} executions (status $status); log: $log" >&2
    grep -E 'invariant broken|ERROR: |SUMMARY|Test unit written|^  ' "$log" | head -20 >&2 || true
    echo "  fix the bug, then add the saved input to Fuzz/corpus/$target/ as regression-<name>" >&2
    return 1
  fi
  echo "fuzz $target: ${runs:-0} executions in ${seconds} s (${rate:-0}/s), corpus $files files" \
    "($bytes bytes), no crash, invariants hold"
}

[ $# -ge 1 ] || usage
case "$1" in
  --list)
    [ $# -eq 1 ] || usage
    # Each target has its committed seed corpus, a folder named after it (FuzzCorpusTests
    # checks that the folders and the harness's targets are the same), so listing builds nothing.
    ls -1 Fuzz/corpus
    ;;
  --build)
    [ $# -eq 1 ] || [ "$2" = --readers ] || usage
    build "${2:-}"
    ;;
  --smoke)
    [ $# -eq 2 ] || { [ $# -eq 3 ] && [ "$3" = --readers ]; } || usage
    [[ "$2" =~ ^[0-9]+$ ]] || usage
    build "${3:-}"
    # The targets run side by side, as many at a time as there are cores (libFuzzer's run uses
    # one), each writing its own log; their summary lines come as they end.
    failed=0
    running=()
    for target in $("$binary" --list); do
      run "$target" "$2" &
      running+=($!)
      if [ "${#running[@]}" -ge "$(nproc)" ]; then
        wait "${running[0]}" || failed=1
        running=("${running[@]:1}")
      fi
    done
    for pid in "${running[@]}"; do wait "$pid" || failed=1; done
    exit "$failed"
    ;;
  -*)
    usage
    ;;
  *)
    [ $# -eq 2 ] || usage
    [[ "$2" =~ ^[0-9]+$ ]] || usage
    build
    "$binary" --list | grep -qx "$1" || {
      echo "fuzz: unknown target '$1'; the targets are: $("$binary" --list | tr '\n' ' ')" >&2
      exit 64
    }
    run "$1" "$2"
    ;;
esac
