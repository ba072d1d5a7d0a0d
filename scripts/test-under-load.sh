#!/usr/bin/env bash
# make test-under-load: `make test` TEST_RUNS times in a row (3) while stress-ng keeps every core busy, as a user's
# laptop often is (CONTRIBUTING.md, "A busy machine"). Stops at the first failing run; the hog stops with the script.
# HOG_CPUS sets stress-ng's workers (default: one per core); CI=true carries into each run, so a skipped check fails.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v stress-ng >/dev/null || { echo "test-under-load: stress-ng is not installed (make deps installs it)" >&2; exit 1; }
runs=${TEST_RUNS:-3}
stress-ng --cpu "${HOG_CPUS:-$(nproc)}" --timeout 0 >/dev/null 2>&1 &
hog=$!
trap 'kill "$hog" 2>/dev/null || true; wait "$hog" 2>/dev/null || true' EXIT
sleep 1
kill -0 "$hog" 2>/dev/null || { echo "test-under-load: stress-ng did not start" >&2; exit 1; }
for run in $(seq 1 "$runs"); do
  started=$(date +%s)
  make test || { echo "test-under-load: run $run of $runs failed" >&2; exit 1; }
  # A run is proof only if the hog ran throughout.
  kill -0 "$hog" 2>/dev/null || { echo "test-under-load: stress-ng stopped during run $run" >&2; exit 1; }
  echo "test-under-load: run $run of $runs green in $(( ($(date +%s) - started) / 60 )) min, load average" \
    "$(cut -d' ' -f1-3 /proc/loadavg)"
done
