#!/usr/bin/env bash
# make fuzz-http: hostile HTTP against the three services on loopback (scripts/fuzz-http/fuzz.mjs, fast-check).
# Uses the services `make run` started, or starts them (scripts/run.sh) and stops them again afterwards.
# FUZZ_HTTP_RUNS (2000) requests and FUZZ_HTTP_SECONDS (120) per group bound it; the report is in target/fuzz-http/.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
started=""
stop() {
  if [[ -n $started ]]; then
    kill "$started" 2>/dev/null || true
    wait "$started" 2>/dev/null || true
  fi
}
trap stop EXIT

if [[ -f .local/run/run.pid ]] && kill -0 "$(cat .local/run/run.pid)" 2>/dev/null; then
  echo "fuzz-http: using the services make run started"
else
  mkdir -p .local
  rm -f .local/demo.env
  # Rate limits would turn most requests into 429s before they reach a parser: lifted for the services started here
  # (the fuzzed keys too: after 99 invalid ones every keyed request of the address would be a 429 for an hour).
  export CONTENT_RATE_LIMIT_PER_KEY=1000000000 CONTENT_RATE_LIMIT_PER_ADDRESS=1000000000 \
    CONTENT_RATE_LIMIT_INVALID_KEYS=1000000000 \
    AUTH_TOKEN_RATE_LIMIT=1000000000 AUTH_PENDING_REQUESTS_PER_ADDRESS=1000000000
  scripts/run.sh >.local/fuzz-http-run.log 2>&1 &
  started=$!
  echo "fuzz-http: starting the services (log in .local/fuzz-http-run.log)"
  for _ in $(seq 1 300); do
    [[ -s .local/demo.env ]] && break
    kill -0 "$started" 2>/dev/null || { tail -20 .local/fuzz-http-run.log; exit 1; }
    sleep 1
  done
  [[ -s .local/demo.env ]] || { echo "fuzz-http: the services did not come up"; exit 1; }
fi

(cd scripts/fuzz-http && npm ci --no-audit --no-fund --silent)
node scripts/fuzz-http/fuzz.mjs .local/demo.env
