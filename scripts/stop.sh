#!/usr/bin/env bash
# make stop: stops a running `make run` (which stops its services and private datastores), or whatever it left behind.
#   scripts/stop.sh --after PID   make run's guard (scripts/run.sh starts it in a session of its own): waits until make
#                                 run's script PID is gone, and if it went without stopping what it started (a SIGKILL),
#                                 stops that.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUN="$ROOT/.local/run"

if [[ ${1:-} == --after ]]; then
  pid=$2
  while kill -0 "$pid" 2>/dev/null; do sleep 1; done
  # make run removes its pid file last, once everything is stopped; a new make run writes its own.
  [[ $(cat "$RUN/run.pid" 2>/dev/null) == "$pid" ]] || exit 0
  echo "$(date -u +%FT%TZ) make run (pid $pid) ended without stopping what it started; stopping it" >&2
elif [[ -f $RUN/run.pid ]] && kill -0 "$(cat "$RUN/run.pid")" 2>/dev/null; then
  pid=$(cat "$RUN/run.pid")
  kill "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
  echo "stopped make run (pid $pid)"
  exit 0
fi
for pid_file in "$RUN"/*-service.pid; do
  [[ -f $pid_file ]] || continue
  pid=$(cat "$pid_file")
  if kill "$pid" 2>/dev/null; then
    # Before the datastores go: a service still finishing requests needs them.
    for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid"; fi
    echo "stopped $(basename "$pid_file" .pid)"
  fi
  rm -f "$pid_file" "${pid_file%.pid}.ready"
done
"$ROOT/scripts/datastores.sh" down
rm -f "$RUN/run.pid"
