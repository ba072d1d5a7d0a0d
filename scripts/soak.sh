#!/usr/bin/env bash
# make soak: a steady mixed workload on all three services for SOAK_MINUTES (30), sampling memory, Redis and
# PostgreSQL every SOAK_SAMPLE_SECONDS (20); fails when a trend after the warm-up is not flat (scripts/soak/soak.mjs
# says which). Starts its own services with scripts/run.sh and stops them afterwards; results in target/soak/<time>/.
#
# Its own databases and Redis dbs (content_soak, auth_soak; 5 and 6, emptied at the start) unless CONTENT_DB_NAME,
# AUTH_DB_NAME, CONTENT_REDIS_DB, AUTH_REDIS_DB say otherwise, and auth-service's lifetimes shortened (AUTH_*_TTL) so
# that tokens, codes, sessions and pending requests expire within the run and Redis must level off.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

if [[ -f .local/run/run.pid ]] && kill -0 "$(cat .local/run/run.pid)" 2>/dev/null; then
  echo "soak: make run is running in this checkout; stop it first (make stop): the soak measures services it started" >&2
  exit 1
fi

export CONTENT_DB_NAME=${CONTENT_DB_NAME:-content_soak} AUTH_DB_NAME=${AUTH_DB_NAME:-auth_soak}
export CONTENT_REDIS_DB=${CONTENT_REDIS_DB:-5} AUTH_REDIS_DB=${AUTH_REDIS_DB:-6}
export AUTH_CODE_TTL=${AUTH_CODE_TTL:-PT1M} AUTH_ACCESS_TOKEN_TTL=${AUTH_ACCESS_TOKEN_TTL:-PT2M} \
  AUTH_REFRESH_TOKEN_TTL=${AUTH_REFRESH_TOKEN_TTL:-PT3M} AUTH_SESSION_TTL=${AUTH_SESSION_TTL:-PT4M} \
  AUTH_PENDING_REQUEST_TTL=${AUTH_PENDING_REQUEST_TTL:-PT2M}
SOAK_OUT="$ROOT/target/soak/$(date -u +%Y%m%dT%H%M%SZ)"
export SOAK_OUT
mkdir -p "$SOAK_OUT"

started=""
stop() {
  if [[ -n $started ]]; then
    kill "$started" 2>/dev/null || true
    wait "$started" 2>/dev/null || true
  fi
}
trap stop EXIT

(cd scripts/soak && npm ci --no-audit --no-fund --silent)
scripts/datastores.sh up
# shellcheck source=/dev/null
source .local/datastores.env
node scripts/soak/soak.mjs prepare

rm -f .local/demo.env
scripts/run.sh >"$SOAK_OUT/run.log" 2>&1 &
started=$!
echo "soak: starting the services (log in $SOAK_OUT/run.log)"
for _ in $(seq 1 300); do
  [[ -s .local/demo.env ]] && break
  kill -0 "$started" 2>/dev/null || { tail -20 "$SOAK_OUT/run.log"; exit 1; }
  sleep 1
done
[[ -s .local/demo.env ]] || { echo "soak: the services did not come up" >&2; exit 1; }

node scripts/soak/soak.mjs run
