#!/usr/bin/env bash
# The native executable against the JVM build of the same service, on this machine, one after the other:
#   scripts/native-bench.sh <service> [seconds]      (make native first; datastores from scripts/with-datastores.sh)
# For each build: time from the start to the first ready answer, resident memory once ready (idle) and at the end of
# the load, requests per second at 16 connections (wrk, closed loop) and requests per CPU-second of the service
# process (user + system time from /proc: the rate per core). The load per service: manifest-service validates a
# typical manifest, content-service lists a blog's posts with its key (the demo blog, imported first), auth-service
# answers its OpenID discovery document. Ports 28081-28083 / 29081-29083, or NATIVE_BENCH_PORT and
# NATIVE_BENCH_MANAGEMENT_PORT (on a shared machine, the ports given to you). Prints one table row per build.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
SERVICE=${1:?usage: scripts/native-bench.sh <service> [seconds]}
SECONDS_PER_RUN=${2:-20}
CONNECTIONS=${BENCH_CONNECTIONS:-16}
PID=""
KEYS_DIR=""

cleanup() {
  if [[ -n $PID ]] && kill -0 "$PID" 2>/dev/null; then
    kill "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
  fi
  [[ -z $KEYS_DIR ]] || rm -rf "$KEYS_DIR"
}
trap cleanup EXIT

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >&2; }

version=$(sed -n 's:.*<version>\([^<]*\)</version>.*:\1:p' pom.xml | head -n 1)
native=$SERVICE/target/native/$SERVICE-$version-runner
jar=$SERVICE/target/quarkus-app/quarkus-run.jar
[[ -x $native ]] || { echo "no $native: make native first" >&2; exit 1; }
[[ -f $jar ]] || scripts/build.sh "$SERVICE"

case $SERVICE in
  manifest-service)
    port=${NATIVE_BENCH_PORT:-28081} management=${NATIVE_BENCH_MANAGEMENT_PORT:-29081}
    env=(MANIFEST_PORT="$port" MANIFEST_MANAGEMENT_PORT="$management")
    load=(-s manifest-service/bench/post-manifest.lua "http://127.0.0.1:$port/v1/manifests/validate")
    ;;
  content-service)
    port=${NATIVE_BENCH_PORT:-28082} management=${NATIVE_BENCH_MANAGEMENT_PORT:-29082}
    env=(CONTENT_PORT="$port" CONTENT_MANAGEMENT_PORT="$management" CONTENT_DB_NAME=content_native CONTENT_REDIS_DB=9
      CONTENT_KEY_PEPPER=native-bench-pepper CONTENT_MIGRATE_AT_START=true
      CONTENT_RATE_LIMIT_PER_KEY=1000000000 CONTENT_RATE_LIMIT_PER_ADDRESS=1000000000)
    key=$(env "${env[@]}" QUARKUS_HTTP_HOST_ENABLED=false QUARKUS_MANAGEMENT_ENABLED=false CONTENT_LISTEN_ENABLED=false \
      "$native" demo bench-kitchen "$ROOT/content-service/demo/kitchen" http://localhost:3000 2>/dev/null |
      sed -n 's/^CONTENT_KEY=//p')
    load=(-H "Authorization: Key $key" "http://127.0.0.1:$port/api/content/v1/blogs/bench-kitchen/posts")
    ;;
  auth-service)
    port=${NATIVE_BENCH_PORT:-28083} management=${NATIVE_BENCH_MANAGEMENT_PORT:-29083}
    KEYS_DIR=$(mktemp -d)
    openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$KEYS_DIR/bench-1.pem" 2>/dev/null
    env=(AUTH_PORT="$port" AUTH_ADMIN_PORT="$management" AUTH_DB_NAME=auth_native AUTH_REDIS_DB=10
      AUTH_MIGRATE_AT_START=true AUTH_ISSUER="http://127.0.0.1:$port" AUTH_KEYS_DIR="$KEYS_DIR" AUTH_ADMIN_TOKEN=bench)
    load=("http://127.0.0.1:$port/.well-known/openid-configuration")
    ;;
  *) echo "unknown service $SERVICE" >&2; exit 2 ;;
esac

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
rss_mib() { awk '/^VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$1/status"; }

# One build: start it, wait for readiness, measure idle, load it, measure again, stop it.
measure() {
  local label=$1
  shift
  local started ready_ms idle before after out rate cpu
  started=$(date +%s%N)
  env "${env[@]}" "$@" >"/tmp/native-bench-$SERVICE-$label.log" 2>&1 &
  PID=$!
  until curl -fsS "http://127.0.0.1:$management/q/health/ready" >/dev/null 2>&1; do
    kill -0 "$PID" 2>/dev/null || { echo "$label exited; see /tmp/native-bench-$SERVICE-$label.log" >&2; exit 1; }
    sleep 0.01
  done
  ready_ms=$((($(date +%s%N) - started) / 1000000))
  sleep 2
  idle=$(rss_mib "$PID")
  wrk -t1 -c"$CONNECTIONS" -d5s "${load[@]}" >/dev/null # warm-up (the JVM's JIT; the same for both)
  before=$(cpu_ticks "$PID")
  out=$(wrk -t1 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency "${load[@]}")
  after=$(cpu_ticks "$PID")
  rate=$(awk '/^Requests\/sec/ {printf "%.0f", $2}' <<<"$out")
  cpu=$(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" 'BEGIN {printf "%.1f", t / hz}')
  printf '| %s | %s | %d ms | %s MiB | %s MiB | %s | %s s | %s | %s |\n' "$SERVICE" "$label" "$ready_ms" "$idle" \
    "$(rss_mib "$PID")" "$rate" "$cpu" \
    "$(awk -v r="$rate" -v s="$SECONDS_PER_RUN" -v c="$cpu" 'BEGIN {printf "%.0f", (c > 0) ? r * s / c : 0}')" \
    "$(awk '/ 99%/ {print $2}' <<<"$out")"
  kill "$PID"
  wait "$PID" 2>/dev/null || true
  PID=""
}

echo "| service | build | start to ready | RSS idle | RSS after load | requests/s ($CONNECTIONS conn.) | service CPU | requests per CPU-second | p99 |"
echo "|---|---|---|---|---|---|---|---|---|"
measure native "$native"
measure jvm java -jar "$jar"
