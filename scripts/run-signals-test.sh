#!/usr/bin/env bash
# make test-run-signals (the last step of make test, about 2 minutes): `make run` stops its services and the private
# PostgreSQL and Redis it started however a supervisor stops it. For TERM, HUP and INT, each
#   - to the whole process group, as a closed terminal, a killed tmux pane or a cancelled CI job sends it, while the
#     reader of make run's output, in the same group, dies with it (every later write fails);
#   - to make run's script alone (the pid in .local/run/run.pid, what `make stop` signals);
# and TERM to the group followed a second later by SIGKILL (a CI runner's grace period running out), which only the
# guard scripts/run.sh leaves in a session of its own can answer.
# Each case starts `make run` (manifest-service only: the datastores do not depend on which services run) with
# LOCAL_PG_PORT and LOCAL_REDIS_PORT pointed at ports where nothing answers, so that the private datastores start, on
# ports of their own, as do the services: it never touches the machine's PostgreSQL and Redis, nor a make run on the
# default ports. It refuses to run while a make run or private datastore of this checkout is up.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

export LOCAL_PG_PORT=${SIGNALS_LOCAL_PG_PORT:-25431} LOCAL_REDIS_PORT=${SIGNALS_LOCAL_REDIS_PORT:-26378}
export PRIVATE_PG_PORT=${SIGNALS_PG_PORT:-25432} PRIVATE_REDIS_PORT=${SIGNALS_REDIS_PORT:-26379}
export MANIFEST_PORT=28081 CONTENT_PORT=28082 AUTH_PORT=28083
export MANIFEST_MANAGEMENT_PORT=29081 CONTENT_MANAGEMENT_PORT=29082 AUTH_ADMIN_PORT=29083
export RUN_SERVICES=manifest-service
unset PG_HOST REDIS_HOST
READY_SECONDS=${SIGNALS_READY_SECONDS:-300} # a loaded machine starts a JVM slowly
STOP_SECONDS=60                             # a service's 30 s grace, the datastores' stop, and slack

RUN="$ROOT/.local/run"
OUT="$ROOT/target/run-signals"
mkdir -p "$OUT"

say() { echo "run-signals: $*" >&2; }
fail() { say "FAILED: $*"; exit 1; }
answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

for port in "$LOCAL_PG_PORT" "$LOCAL_REDIS_PORT" "$PRIVATE_PG_PORT" "$PRIVATE_REDIS_PORT" "$MANIFEST_PORT" \
  "$MANIFEST_MANAGEMENT_PORT"; do
  ! answers "$port" || fail "something answers on 127.0.0.1:$port; set SIGNALS_*_PORT to free ports"
done
if [[ -f $RUN/run.pid ]] && kill -0 "$(cat "$RUN/run.pid")" 2>/dev/null; then
  fail "a make run of this checkout is running (pid $(cat "$RUN/run.pid")): make stop first"
fi
if [[ -f .local/pg/started-by-us || -f .local/redis/started-by-us ]]; then
  fail "this checkout's private PostgreSQL or Redis is in use (a make test or make bench?); run this after it"
fi

group=
cleanup() {
  if [[ -n $group ]]; then kill -KILL -- "-$group" 2>/dev/null || true; fi
  scripts/stop.sh >/dev/null 2>&1 || true
}
trap cleanup EXIT

# The jars once, so that each case's make run only checks them.
scripts/build.sh

pg_pid() { head -1 "$(readlink -f .local/pg)/data/postmaster.pid" 2>/dev/null; }
redis_pid() { cat .local/redis/redis.pid 2>/dev/null; }

# Starts make run in a session and process group of its own, its output through a pipe to a reader in that group.
# A command this script puts in the background starts with SIGINT ignored, and under `nohup make test` with SIGHUP
# ignored too, which its shells could not undo (every HUP case then failed): env gives it every signal's default, as
# a terminal's or a CI runner's child has it.
start() { # case-name
  local log="$OUT/$1.log" started=$SECONDS
  rm -f "$log"
  # shellcheck disable=SC2016 # $1 is the inner shell's
  setsid env --default-signal bash -c 'make --no-print-directory run 2>&1 | cat >"$1"' _ "$log" </dev/null &
  group=$!
  disown # killed by a signal is what this test does: no job report
  sleep 0.5
  [[ $(ps -o pgid= -p "$group" | tr -d ' ') == "$group" ]] || fail "$1: make run is not in a process group of its own"
  until grep -q '^Pressroom is running' "$log" 2>/dev/null; do
    kill -0 "$group" 2>/dev/null || { tail -20 "$log" >&2; fail "$1: make run ended before it was ready"; }
    ((SECONDS - started < READY_SECONDS)) || { tail -20 "$log" >&2; fail "$1: not ready in $READY_SECONDS s"; }
    sleep 1
  done
  if ! answers "$PRIVATE_PG_PORT" || ! answers "$PRIVATE_REDIS_PORT"; then
    fail "$1: the private PostgreSQL and Redis do not answer on $PRIVATE_PG_PORT and $PRIVATE_REDIS_PORT"
  fi
}

# Waits until nothing of make run is left: its process group, its services, the private datastores.
check_stopped() { # case-name pids-to-be-gone...
  local name=$1 pid left started=$SECONDS
  shift
  while :; do
    left=()
    if pgrep -g "$group" >/dev/null; then left+=("process group $group: $(pgrep -g "$group" -d ' ' || true)"); fi
    for pid in "$@"; do
      # ps finds nothing when the process ends in between
      if kill -0 "$pid" 2>/dev/null; then left+=("$pid $(ps -o args= -p "$pid" | cut -c1-100 || true)"); fi
    done
    if answers "$PRIVATE_PG_PORT"; then left+=("a PostgreSQL on $PRIVATE_PG_PORT"); fi
    if answers "$PRIVATE_REDIS_PORT"; then left+=("a Redis on $PRIVATE_REDIS_PORT"); fi
    # Marked as started by make run, the next make run or make stop would stop them again.
    if [[ -f .local/pg/started-by-us || -f .local/redis/started-by-us ]]; then left+=("their started-by-us marks"); fi
    ((${#left[@]})) || break
    if ((SECONDS - started >= STOP_SECONDS)); then
      tail -5 "$OUT/$name.log" >&2
      fail "$name: still running $STOP_SECONDS s after the signal: $(printf '%s; ' "${left[@]}")"
    fi
    sleep 1
  done
  say "$name: everything stopped in $((SECONDS - started)) s"
  group=
}

run_case() { # signal target: group | script | kill-after-term
  local signal=$1 target=$2 name="$1-to-$2" script pids
  start "$name"
  script=$(cat "$RUN/run.pid")
  pids=("$script" "$(pg_pid)" "$(redis_pid)")
  for pid_file in "$RUN"/*-service.pid; do pids+=("$(cat "$pid_file")"); done
  case $target in
    group) kill -"$signal" -- "-$group" ;;
    script) kill -"$signal" "$script" ;;
    kill-after-term)
      kill -TERM -- "-$group"
      sleep 1
      kill -KILL -- "-$group" 2>/dev/null || true
      ;;
  esac
  check_stopped "$name" "${pids[@]}"
}

for signal in TERM HUP INT; do
  run_case "$signal" group
  run_case "$signal" script
done
run_case TERM kill-after-term
say "make run stopped its services and private datastores in every case (logs in ${OUT#"$ROOT"/})"
