#!/usr/bin/env bash
# manifest-service under hostile uploads (make bench runs it last; cwd = repo root): the packaged service started as
# make run starts it (the pod's JVM flags and memory limit from scripts/pod-sizing.sh), on HOSTILE_PORT (18091) and
# HOSTILE_MANAGEMENT_PORT (19091), then hostile_uploads.py: 64 connections posting crafted uploads (zip bombs, 32 MiB
# bodies, packages at the limits, a batch of bombs, 1 MiB manifests, some hung up on once sent) for HOSTILE_SECONDS
# (60) while 4 connections validate typical manifests and packages. Loopback only. Fails when the service dies, answers a 5xx other than 503,
# a typical validation does not succeed, or its RSS reaches the Deployment's memory limit.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
MODULE=manifest-service
PORT="${HOSTILE_PORT:-18091}"
MANAGEMENT_PORT="${HOSTILE_MANAGEMENT_PORT:-19091}"
JAR="$MODULE/target/quarkus-app/quarkus-run.jar"
LOG="$MODULE/target/hostile-uploads.log"
[[ -f $JAR ]] || { echo "hostile-uploads: build first (make build)" >&2; exit 1; }
PID=""
cleanup() {
  if [[ -n $PID ]] && kill -0 "$PID" 2>/dev/null; then
    kill "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
  fi
}
trap cleanup EXIT

mapfile -t sizing < <(scripts/pod-sizing.sh "$MODULE")
limit=$(awk '/^ *containers:/ {c = 1} c && /limits:/ {l = 1} c && l && /memory:/ {print $2; exit}' \
  "deploy/base/$MODULE/deployment.yaml")
[[ $limit == *Mi ]] || { echo "hostile-uploads: the memory limit '$limit' is not in Mi" >&2; exit 1; }
echo "== $MODULE under hostile uploads on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), as a pod: ${sizing[*]}"
env "${sizing[@]}" QUARKUS_PROFILE=dev MANIFEST_PORT="$PORT" MANIFEST_MANAGEMENT_PORT="$MANAGEMENT_PORT" \
  java -jar "$JAR" >"$LOG" 2>&1 </dev/null &
PID=$!
for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$MANAGEMENT_PORT/q/health/ready" >/dev/null 2>&1 && break
  kill -0 "$PID" 2>/dev/null || { echo "the service exited; see $LOG"; exit 1; }
  sleep 0.5
done
status=0
python3 "$MODULE/bench/hostile_uploads.py" "$PORT" "$MANAGEMENT_PORT" "$PID" "${limit%Mi}" \
  manifest-engine/src/test/resources/manifests/valid/feature-app.json || status=$?
if grep -q "java.lang.OutOfMemoryError" "$LOG"; then echo "FAILED      OutOfMemoryError in $LOG"; status=1; fi
exit "$status"
