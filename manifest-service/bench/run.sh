#!/usr/bin/env bash
# manifest-service benchmark (make bench; cwd = repo root). Bounded in time (~4 minutes):
#  1. in-process validations/second on one thread over valid and invalid manifests (bench main on the test classpath),
#     best and median of a few rounds, per CPU second of the thread (= per core) and per wall-clock second;
#  2. HTTP throughput and latency with wrk (closed loop) on loopback against the packaged service at a few connection counts;
#  3. HTTP latency at a held rate of 2,000 requests/s with hey, and package validation (zip, and a multipart batch of
#     10 zips) throughput and latency;
#  4. hostile uploads (bench/hostile-uploads.sh, ~1.5 minutes): 64 connections of crafted uploads against the service
#     sized as its pod, while typical validations run; fails the bench if the service dies or outgrows the pod.
# Starts only what it needs (the service on BENCH_PORT) and stops it again. Prints figures on stdout.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
MODULE=manifest-service
PORT="${BENCH_PORT:-18081}"
MANAGEMENT_PORT="${BENCH_MANAGEMENT_PORT:-19081}"
SECONDS_PER_RUN="${BENCH_SECONDS:-10}"
CONNECTIONS="${BENCH_CONNECTIONS:-1 4 16 64}"
RATE_SECONDS="${BENCH_RATE_SECONDS:-20}"
RATE_ROUNDS="${BENCH_RATE_ROUNDS:-3}"
PID=""

cleanup() {
  if [[ -n "$PID" ]] && kill -0 "$PID" 2>/dev/null; then
    kill "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
  fi
}
trap cleanup EXIT

# A bench that silently left out its HTTP rows would read as a full run: the tools are required.
for tool in wrk hey; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed: make deps installs it" >&2; exit 1; }
done

echo "== $MODULE benchmark on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"

# Build the runnable app, the test classes (corpus and bench main) and the test classpath (incremental), with the
# modules it is built from (manifest-engine).
./mvnw -B -q -pl "$MODULE" -am package dependency:build-classpath -DskipTests \
  -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test

echo "-- in-process (1 thread; figures after JIT warm-up)"
CP="$MODULE/target/test-classes:$MODULE/target/classes:$(cat "$MODULE/target/bench.cp")"
java -Xms256m -Xmx256m -cp "$CP" dev.pressroom.manifest.bench.ValidationBench "${BENCH_INPROCESS_SECONDS:-2}" "${BENCH_ROUNDS:-5}"

echo "-- HTTP (wrk, loopback, POST /v1/manifests/validate with a typical valid manifest, ${SECONDS_PER_RUN}s per run)"
# The prod profile as deployed: metrics on, one JSON access-log line per request (to the log file), in the figures.
# As the pod runs it (scripts/pod-sizing.sh, which make run uses too): the Deployment's JVM flags with the container's
# memory limit as -XX:MaxRAM, and its event loops and pools; BENCH_JAVA_OPTS replaces the JVM flags (deploy/README.md,
# JVM sizing, compares sizings this way). As the JVM image runs it (Dockerfile.jvm): JDK 25 with the AOT cache its
# build records in a start that ends with its startup, by the same command (scripts/jvm-aot.sh; RUNTIME_JDK names
# another JDK).
mapfile -t sizing < <(scripts/pod-sizing.sh "$MODULE")
if [[ -n ${BENCH_JAVA_OPTS:-} ]]; then
  sizing=("${sizing[@]/#JDK_JAVA_OPTIONS=*/JDK_JAVA_OPTIONS=$BENCH_JAVA_OPTS}")
fi
echo "JVM         ${sizing[*]}"
JAR="$MODULE/target/quarkus-app/quarkus-run.jar"
AOT_CACHE="$MODULE/target/bench-app.aot"
scripts/jvm-aot.sh train "$JAR" "$AOT_CACHE" "${sizing[@]}" MANIFEST_PORT="$PORT" MANIFEST_MANAGEMENT_PORT="$MANAGEMENT_PORT"
env "${sizing[@]}" MANIFEST_PORT="$PORT" MANIFEST_MANAGEMENT_PORT="$MANAGEMENT_PORT" "$(scripts/jvm-aot.sh java)" \
  -XX:AOTCache="$AOT_CACHE" -jar "$JAR" >/tmp/manifest-bench.log 2>&1 &
PID=$!
# Ready after its warm-up (MANIFEST_WARM_UP, 20 s; README, "Warm-up").
start_ns=$(date +%s%N)
for _ in $(seq 1 240); do
  curl -fsS "http://127.0.0.1:$MANAGEMENT_PORT/q/health/ready" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$MANAGEMENT_PORT/q/health/ready" >/dev/null || { echo "service did not start; see /tmp/manifest-bench.log"; exit 1; }
echo "ready after $(( ($(date +%s%N) - start_ns) / 1000000 )) ms, $(awk '/^VmRSS/ {printf "%.0f MiB", $2 / 1024}' "/proc/$PID/status") RSS"

URL="http://127.0.0.1:$PORT/v1/manifests/validate"
# Every row also counts the service's CPU (utime + stime) across it: operations per CPU-second move less with the
# load beside the service than operations per second, and are what deploy/README.md's JVM sizing compares.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$PID/stat"; }
per_cpu() { # operations per second, seconds, CPU ticks the service spent meanwhile
  awk -v rate="$1" -v seconds="$2" -v ticks="$3" -v hz="$(getconf CLK_TCK)" \
    'BEGIN { printf "%.0f", (ticks > 0 ? rate * seconds / (ticks / hz) : 0) }'
}
wrk_row() { # connections; prints "rate per_cpu wrk-summary-fields"
  local threads=$(( $1 < 2 ? 1 : 2 )) before line rate
  before=$(cpu_ticks)
  line=$(wrk -t"$threads" -c"$1" -d"${SECONDS_PER_RUN}s" -s "$MODULE/bench/post-manifest.lua" "$URL" | grep '^wrk-summary' || true)
  line=${line#wrk-summary }
  rate=${line#requests/s=}
  rate=${rate%% *}
  echo "$rate $(per_cpu "$rate" "$SECONDS_PER_RUN" $(( $(cpu_ticks) - before ))) $line"
}
# The first 10 s after readiness, 4 connections, against the same window once every HTTP row has run: validations
# per second and per CPU-second of the service (a new pod takes traffic at once; the target is within 20%).
window() { SECONDS_PER_RUN=10 wrk_row 4 | cut -d' ' -f1,2; }
read -r first_rate first_per_cpu < <(window)
for c in $CONNECTIONS; do
  read -r rate cpu line < <(wrk_row "$c")
  echo "http        connections=$c $line per-cpu-s=$cpu (load $(cut -d" " -f1 /proc/loadavg))"
done
export MANIFEST="manifest-engine/src/test/resources/manifests/invalid/hostname--url-instead-of-host.json"
read -r rate cpu line < <(wrk_row 16)
echo "http        connections=16 invalid manifest (422; wrk counts every 422 in errors) $line per-cpu-s=$cpu"
unset MANIFEST
# hey holds a request rate (wrk cannot): 20 connections at 100 requests/s each = 2,000 requests/s. hey measures from
# when it sends, so a stalled response delays the next request of that connection (its rate can fall short):
# the achieved rate is printed beside the percentiles.
hey_row() {  # label, then hey arguments
  local label="$1"; shift
  local out before ticks
  before=$(cpu_ticks)
  out=$(hey "$@" 2>&1) || { echo "http        $label: hey failed: $(echo "$out" | tail -1)"; return; }
  ticks=$(( $(cpu_ticks) - before ))
  ms() { echo "$out" | awk -v p="$1" '$1 == p"%" && $2 == "in" { printf "%.2fms", $3 * 1000 }'; }
  local rate slowest codes total
  rate=$(echo "$out" | awk '/Requests\/sec:/ { printf "%.0f", $2 }')
  slowest=$(echo "$out" | awk '/Slowest:/ { printf "%.2fms", $2 * 1000 }')
  codes=$(echo "$out" | awk '/^  \[[0-9]+\]/ { printf "%s%s=%s", sep, $1, $2; sep = " " }')
  total=$(echo "$out" | awk '/Total:/ { print $2 }')
  echo "http        $label requests/s=$rate p50=$(ms 50) p90=$(ms 90) p99=$(ms 99) max=$slowest status $codes" \
    "per-cpu-s=$(per_cpu "$rate" "$total" "$ticks") (load $(cut -d' ' -f1 /proc/loadavg))"
}

echo "-- HTTP at a fixed rate (hey, loopback, 20 connections x 100 requests/s, ${RATE_SECONDS}s)"
# the floor of this machine and client: the same rate against the trivial liveness check
hey_row "2,000 req/s target, GET /q/health/live (baseline)" -z "${RATE_SECONDS}s" -c 20 -q 100 "http://127.0.0.1:$MANAGEMENT_PORT/q/health/live"
# Several rounds: one run's p99 is 200 samples out of 20,000, so a single scheduler hiccup moves it.
for round in $(seq 1 "$RATE_ROUNDS"); do
  hey_row "2,000 req/s target, typical valid manifest, round $round" -z "${RATE_SECONDS}s" -c 20 -q 100 -m POST \
    -T application/json -A application/json -D manifest-engine/src/test/resources/manifests/valid/feature-app.json "$URL"
done
PKG="$MODULE/target/bench-package.zip"
BATCH="$MODULE/target/bench-batch.multipart"
java -cp "$CP" dev.pressroom.manifest.bench.BenchPackage "$PKG" "$BATCH" 10 >/dev/null
PKG_URL="http://127.0.0.1:$PORT/v1/packages/validate"
hey -z 3s -c 4 -m POST -T application/zip -D "$PKG" "$PKG_URL" >/dev/null 2>&1 || true  # warm-up
hey_row "package ($(wc -c <"$PKG") bytes, 6 files), 4 connections closed loop" -z "${SECONDS_PER_RUN}s" -c 4 -m POST \
  -T application/zip -A application/json -D "$PKG" "$PKG_URL"
hey_row "package, 200 req/s target (4 x 50/s)" -z "${SECONDS_PER_RUN}s" -c 4 -q 50 -m POST \
  -T application/zip -A application/json -D "$PKG" "$PKG_URL"
# A batch of the same package 10 times (multipart, one request): it should cost about 10 single uploads or less.
BATCH_TYPE="multipart/form-data; boundary=pressroom-bench-boundary"
hey -z 3s -c 4 -m POST -T "$BATCH_TYPE" -D "$BATCH" "$PKG_URL" >/dev/null 2>&1 || true  # warm-up
hey_row "batch of 10 packages ($(wc -c <"$BATCH") bytes), 4 connections closed loop" -z "${SECONDS_PER_RUN}s" -c 4 \
  -m POST -T "$BATCH_TYPE" -A application/json -D "$BATCH" "$PKG_URL"
hey_row "batch of 10 packages, 20 req/s target (4 x 5/s) = 200 packages/s" -z "${SECONDS_PER_RUN}s" -c 4 -q 5 \
  -m POST -T "$BATCH_TYPE" -A application/json -D "$BATCH" "$PKG_URL"
read -r warm_rate warm_per_cpu < <(window)
echo "memory      after the HTTP rows: $(awk '/^VmRSS/ {printf "%.0f MiB RSS", $2 / 1024} /^Threads/ {printf ", %d threads", $2}' \
  "/proc/$PID/status"), $(curl -fsS "http://127.0.0.1:$MANAGEMENT_PORT/q/metrics" | awk '
  /^jvm_gc_pause_seconds_count/ {n += $NF} /^jvm_gc_pause_seconds_sum/ {s += $NF}
  END {printf "%d GC pauses, %.1f s in all", n, s}') since the start"
awk -v fr="$first_rate" -v fc="$first_per_cpu" -v wr="$warm_rate" -v wc="$warm_per_cpu" 'BEGIN {
  printf "warm-up     first 10 s after readiness %.0f/s (%.0f per CPU-s), warm %.0f/s (%.0f per CPU-s): %.2fx, %.2fx per CPU-s\n",
    fr, fc, wr, wc, fr / wr, fc / wc }'

# The hostile run starts its own service, sized as the pod; stop this one so they do not share the cores.
cleanup
PID=""
echo "-- hostile uploads (bench/hostile-uploads.sh, ${HOSTILE_SECONDS:-60}s)"
bash "$MODULE/bench/hostile-uploads.sh"
