#!/usr/bin/env bash
# make stop: stops a running `make run` (which stops its services and private datastores), or whatever it left behind.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUN="$ROOT/.local/run"
if [[ -f $RUN/run.pid ]] && kill -0 "$(cat "$RUN/run.pid")" 2>/dev/null; then
  pid=$(cat "$RUN/run.pid")
  kill "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
  echo "stopped make run (pid $pid)"
  exit 0
fi
for pid_file in "$RUN"/*-service.pid; do
  [[ -f $pid_file ]] || continue
  kill "$(cat "$pid_file")" 2>/dev/null && echo "stopped $(basename "$pid_file" .pid)"
  rm -f "$pid_file"
done
"$ROOT/scripts/datastores.sh" down
