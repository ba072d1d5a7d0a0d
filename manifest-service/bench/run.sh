#!/usr/bin/env bash
# manifest-service benchmark (make bench; cwd = repo root). Bounded in time (~2 minutes):
#  1. in-process validations/second on one thread over valid and invalid manifests (bench main on the test classpath);
#  2. HTTP throughput and latency with wrk on loopback against the packaged service at a few connection counts.
# Starts only what it needs (the service on BENCH_PORT) and stops it again. Prints figures on stdout.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
MODULE=manifest-service
PORT="${BENCH_PORT:-18081}"
SECONDS_PER_RUN="${BENCH_SECONDS:-10}"
CONNECTIONS="${BENCH_CONNECTIONS:-1 4 16 64}"
PID=""

cleanup() {
  if [[ -n "$PID" ]] && kill -0 "$PID" 2>/dev/null; then
    kill "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
  fi
}
trap cleanup EXIT

echo "== $MODULE benchmark on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"

# Build the runnable app, the test classes (corpus and bench main) and the test classpath (incremental).
./mvnw -B -q -pl "$MODULE" package dependency:build-classpath -DskipTests \
  -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test

echo "-- in-process (1 thread; figures after JIT warm-up)"
java -Xms256m -Xmx256m -cp "$MODULE/target/test-classes:$MODULE/target/classes:$(cat "$MODULE/target/bench.cp")" \
  dev.pressroom.manifest.bench.ValidationBench "${BENCH_INPROCESS_SECONDS:-5}"

if ! command -v wrk >/dev/null 2>&1; then
  echo "-- installing wrk"
  (apt-get install -y -q wrk >/dev/null 2>&1 || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q wrk >/dev/null 2>&1; }) \
    || { echo "wrk is not available; skipping the HTTP part"; exit 0; }
fi

echo "-- HTTP (wrk, loopback, POST /v1/manifests/validate with a typical valid manifest, ${SECONDS_PER_RUN}s per run)"
MANIFEST_PORT="$PORT" QUARKUS_LOG_LEVEL=WARN java -Xmx256m -jar "$MODULE/target/quarkus-app/quarkus-run.jar" >/tmp/manifest-bench.log 2>&1 &
PID=$!
for _ in $(seq 1 60); do
  curl -fsS "http://127.0.0.1:$PORT/q/health/ready" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$PORT/q/health/ready" >/dev/null || { echo "service did not start; see /tmp/manifest-bench.log"; exit 1; }

URL="http://127.0.0.1:$PORT/v1/manifests/validate"
wrk -t1 -c4 -d5s -s "$MODULE/bench/post-manifest.lua" "$URL" >/dev/null  # warm-up
for c in $CONNECTIONS; do
  threads=$(( c < 2 ? 1 : 2 ))
  line=$(wrk -t"$threads" -c"$c" -d"${SECONDS_PER_RUN}s" -s "$MODULE/bench/post-manifest.lua" "$URL" | grep '^wrk-summary' || true)
  echo "http        connections=$c ${line#wrk-summary }"
done
export MANIFEST="$MODULE/src/test/resources/manifests/invalid/hostname--url-instead-of-host.json"
line=$(wrk -t2 -c16 -d"${SECONDS_PER_RUN}s" -s "$MODULE/bench/post-manifest.lua" "$URL" | grep '^wrk-summary' || true)
echo "http        connections=16 invalid manifest (422) ${line#wrk-summary }"
