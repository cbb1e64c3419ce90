# Sourced by scripts/load.sh and scripts/load-store.sh: what both do before measuring.
#
#   . scripts/load-common.sh
#   load_setup load.sh TERM wrk nginx curl
#
# load_setup NAME SIGNAL TOOL...: exits 69 naming a missing tool (NAME says which script), and
# 64 when RUNS is not a whole number from 1; sets LINKGEN (default .build/release/linkgen,
# built in release when missing); makes the work directory $work and the list pids=() of the
# processes started, which are sent SIGNAL when the script exits, and then $work is removed.
load_setup() {
  local name=$1 tool
  LOAD_KILL_SIGNAL=$2
  shift 2
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "$name: $tool is missing (apt-get install $tool)" >&2; exit 69; }
  done
  [[ ${RUNS:-3} =~ ^[1-9][0-9]*$ ]] ||
    { echo "$name: RUNS must be a whole number of runs per case, 1 or more, not '$RUNS'" >&2; exit 64; }
  # LINKGEN=.build/debug/linkgen measures another build (figures then say so).
  LINKGEN=${LINKGEN:-.build/release/linkgen}
  if [ "$LINKGEN" = .build/release/linkgen ] && [ ! -x "$LINKGEN" ]; then
    echo "$name: building linkgen (release)…" >&2
    swift build -c release --product linkgen >&2
  fi
  work=$(mktemp -d)
  pids=()
  trap load_cleanup EXIT
}

load_cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill -s "$LOAD_KILL_SIGNAL" "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}

# The median line of its input (one line per run) by its first number: the run with the median
# requests per second, or the median ratio.
median() { sort -n -k1,1 | awk '{line[NR] = $0} END {print line[int((NR + 1) / 2)]}'; }
