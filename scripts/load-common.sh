# Sourced by scripts/load.sh and scripts/load-store.sh: what both do before measuring.
#
#   . scripts/load-common.sh
#   load_setup load.sh TERM wrk nginx curl
#
# load_setup NAME SIGNAL TOOL...: exits 69 naming a missing tool (NAME says which script);
# sets LINKGEN (default .build/release/linkgen, built in release when missing); makes the
# work directory $work and the list pids=() of the processes started, which are sent SIGNAL
# when the script exits, and then $work is removed.
load_setup() {
  local name=$1 tool
  LOAD_KILL_SIGNAL=$2
  shift 2
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "$name: $tool is missing (apt-get install $tool)" >&2; exit 69; }
  done
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
