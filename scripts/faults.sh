#!/usr/bin/env bash
# make faults: the three services under a mixed load (content cached and uncached reads, auth refresh rotations and
# code flows, manifest validation) while PostgreSQL and then Redis are cut for FAULTS_CUT_SECONDS (10) and restored,
# then while each service restarts in turn; then checks that nothing was lost (scripts/faults/faults.mjs).
# The services run as make run starts them, on their own ports (8181-8183, management 9181-9183), databases
# (content_faults, auth_faults) and Redis databases (3, 4), reaching both datastores through cuttable TCP proxies
# (scripts/faults/proxy.mjs). A few minutes; the report is target/faults/report.md. Exits non-zero when a check fails.
# FAULTS_CUT_MODE=blackhole cuts as a network partition does (connections stay open, nothing answers) instead of
# resetting them; FAULTS_CUT_SECONDS, FAULTS_SETTLE_SECONDS, FAULTS_PACE_MS tune the run (faults.mjs).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

scripts/build.sh
scripts/datastores.sh up
trap 'scripts/datastores.sh down' EXIT
# shellcheck source=/dev/null
source .local/datastores.env
driver=$(find .local/cache -name 'postgresql-*.jar' | head -1)
java -XX:TieredStopAtLevel=1 -cp "$driver" scripts/EnsureDatabases.java \
  "${FAULTS_CONTENT_DB:-content_faults}" "${FAULTS_AUTH_DB:-auth_faults}"

rm -rf target/faults
(cd scripts/faults && npm ci --no-audit --no-fund --silent)
node scripts/faults/faults.mjs
