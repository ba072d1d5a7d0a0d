#!/usr/bin/env bash
# make bench: each service's benchmark (<service>/bench/run.sh), one after the other so they don't share the 2 cores.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
for svc in manifest-service content-service auth-service; do
  if [[ -x $svc/bench/run.sh || -f $svc/bench/run.sh ]]; then
    echo "=== $svc benchmark"
    bash "$svc/bench/run.sh"
  else
    echo "=== $svc: no benchmark yet"
  fi
done
