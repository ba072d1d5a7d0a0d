#!/usr/bin/env bash
# `make bench` for auth-service: starts the JVM build on loopback (ports 18083/19083) as its pod runs it, and beside it
# the anchor, node's oidc-provider configured like our spec (bench/anchor, port 3000), then drives both with the same
# wrk scripts, one server after the other for each flow: discovery, JWKS, introspection, code flows with an existing
# session, refresh rotations and password sign-ins with a fresh browser. For each row it prints operations/s, p50/p99
# request latency, the server's CPU per operation and operations per server CPU-second (utime + stime of the server's
# process from /proc before and after the row), then the two side by side with the ratio per CPU-second. auth-service
# alone also gets rows at 32 connections, passkey sign-in, the first seconds after readiness against steady state, and
# startup time, memory, the RS256 signing floor of both signers and the Argon2id floor of the reference C and Bouncy
# Castle (the service's own choices follow AUTH_SIGNER and AUTH_ARGON2 from the environment: auto, openssl or jdk;
# auto, native or java).
# cwd = repo root; PG_*/REDIS_* come from the environment (the dev database and Redis db of auth-service, or
# AUTH_DB_NAME / AUTH_REDIS_DB).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BENCH="$ROOT/auth-service/bench"
PORT="${AUTH_BENCH_PORT:-18083}"
ADMIN_PORT="${AUTH_BENCH_ADMIN_PORT:-19083}"
BASE="http://127.0.0.1:$PORT"
ADMIN="http://127.0.0.1:$ADMIN_PORT"
TOKEN="bench-admin-$RANDOM$RANDOM"
DURATION="${BENCH_DURATION:-10s}"
# AUTH_BENCH_JAR measures another build (a copy of target/quarkus-app elsewhere, e.g. to keep building meanwhile).
JAR="${AUTH_BENCH_JAR:-$ROOT/auth-service/target/quarkus-app/quarkus-run.jar}"
WORK="$(mktemp -d)"
# The anchor (AUTH_BENCH_ANCHOR=0 leaves it out) and the concurrency at which both servers run each row.
ANCHOR="${AUTH_BENCH_ANCHOR:-1}"
ANCHOR_PORT="${AUTH_BENCH_ANCHOR_PORT:-3000}"
ANCHOR_CONCURRENCY="${AUTH_BENCH_ANCHOR_CONCURRENCY:-8}"
# As the pod runs it (scripts/pod-sizing.sh, which make run uses too): the Deployment's JVM flags with the container's
# memory limit as the machine's (-XX:MaxRAM), its malloc arena limit and hashing threads, so the figures are the
# deployed sizing's. AUTH_BENCH_JAVA_OPTS replaces the JVM flags (to measure another sizing).
declare -A SIZING
while IFS='=' read -r name value; do SIZING[$name]=$value; done < <("$ROOT/scripts/pod-sizing.sh" auth-service)
JAVA_OPTS="${AUTH_BENCH_JAVA_OPTS:-${SIZING[JDK_JAVA_OPTIONS]}}"
read -ra java_opts <<<"$JAVA_OPTS"
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-${SIZING[MALLOC_ARENA_MAX]:-}}"
PID=""
APID=""

cleanup() {
  local p
  for p in "$PID" "$APID"; do
    if [[ -n "$p" ]]; then kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; fi
  done
  [[ -f "$WORK/app.log" ]] && cp "$WORK/app.log" /tmp/auth-bench-app.log
  [[ -f "$WORK/anchor.log" ]] && cp "$WORK/anchor.log" /tmp/auth-bench-anchor.log
  rm -rf "$WORK"
}
trap cleanup EXIT

command -v wrk >/dev/null || { echo "wrk is not installed: make deps installs it" >&2; exit 1; }
[[ -f "$JAR" ]] || (cd "$ROOT" && ./mvnw -B -q -pl auth-service package -DskipTests)
if [[ "$ANCHOR" == 1 ]]; then
  command -v node >/dev/null || { echo "bench: the anchor needs node 20 or later (AUTH_BENCH_ANCHOR=0 runs without it)" >&2; exit 1; }
  "$BENCH/anchor/install.sh"
fi

# AUTH_BENCH_PROFILE=<folder>: async-profiler (Maven Central, tools.profiler:async-profiler) samples the service's CPU
# through each of its measured rows and writes <row>-<conc>.html (flame graph) and .collapsed (folded stacks, one line
# per stack with its samples) there. A profiled run's figures include the profiler's own cost; AUTH_BENCH_PROFILE_EVENT
# picks another event (cpu by default; itimer where perf events are not allowed, alloc, lock, wall).
PROFILE_DIR="${AUTH_BENCH_PROFILE:-}"
ASYNC_PROFILER=4.1
if [[ -n "$PROFILE_DIR" ]]; then
  mkdir -p "$PROFILE_DIR" && PROFILE_DIR="$(cd "$PROFILE_DIR" && pwd)"
  case "$(uname -m)" in x86_64) ap_arch=linux-x64 ;; aarch64) ap_arch=linux-arm64 ;; *) echo "bench: no async-profiler for $(uname -m)" >&2; exit 1 ;; esac
  ap_jar="$HOME/.m2/repository/tools/profiler/async-profiler/$ASYNC_PROFILER/async-profiler-$ASYNC_PROFILER-$ap_arch.jar"
  [[ -f "$ap_jar" ]] || (cd "$ROOT" && ./mvnw -B -q dependency:get -Dartifact="tools.profiler:async-profiler:$ASYNC_PROFILER:jar:$ap_arch")
  (cd "$WORK" && jar xf "$ap_jar" "$ap_arch/libasyncProfiler.so")
  ASPROF_LIB="$WORK/$ap_arch/libasyncProfiler.so"
fi
profile() { # start | stop <file name without extension>
  [[ -n "$PROFILE_DIR" ]] || return 0
  # jcmd reads name=value pairs: the agent's options go quoted, as one value.
  if [[ "$1" == start ]]; then
    jcmd "$PID" JVMTI.agent_load "$ASPROF_LIB" "\"start,event=${AUTH_BENCH_PROFILE_EVENT:-cpu},interval=1ms\"" >/dev/null
  else
    jcmd "$PID" JVMTI.agent_load "$ASPROF_LIB" "\"dump,collapsed,file=$PROFILE_DIR/$2.collapsed\"" >/dev/null
    jcmd "$PID" JVMTI.agent_load "$ASPROF_LIB" "\"stop,flamegraph,file=$PROFILE_DIR/$2.html\"" >/dev/null
  fi
}

clk=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
rss_mib() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/${1:-$PID}/status"; }
# The resident memory's parts: the JVM's own and malloc's (anonymous) against mapped files (the jars, the AOT cache,
# libraries), which the kernel may drop and read again.
rss_parts() { awk '/^RssAnon/ {a = $2} /^RssFile/ {f = $2} /^RssShmem/ {m = $2}
  END {printf "anonymous %.0f, files %.0f, shared %.0f", a / 1024, f / 1024, m / 1024}' "/proc/$PID/status"; }

# As in the cluster: the signing key is a mounted PEM file and migrations run before the server starts (the
# migrate Job, QUARKUS_INIT_AND_EXIT).
mkdir -p "$WORK/keys"
KEY="$WORK/keys/bench-$(date +%Y-%m-%d).pem"
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$KEY" 2>/dev/null
app_env=(AUTH_PORT="$PORT" AUTH_ADMIN_PORT="$ADMIN_PORT" AUTH_ISSUER="$BASE" AUTH_ADMIN_TOKEN="$TOKEN" AUTH_KEYS_DIR="$WORK/keys"
  AUTH_COOKIE_SECURE=false AUTH_TOKEN_RATE_LIMIT=1000000000 AUTH_PENDING_REQUESTS_PER_ADDRESS=1000000000
  AUTH_LIVE_TOKENS_PER_GRANT=1000000000 AUTH_PASSKEY_OPTIONS_RATE_LIMIT=1000000000
  TRUSTED_PROXIES=127.0.0.1)
for name in AUTH_HASH_THREADS QUARKUS_SHUTDOWN_TIMEOUT QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE; do
  [[ -n "${SIZING[$name]:-}" && -z "${!name:-}" ]] && app_env+=("$name=${SIZING[$name]}")
done
# As the JVM image runs it (Dockerfile.jvm): on JDK 25 (scripts/jvm-aot.sh; RUNTIME_JDK names another JDK) with the
# AOT cache its build records in a start that ends with its startup (scripts/jvm-aot.sh train, the same command).
# AUTH_BENCH_CACHE=appcds measures the way before issue 34 instead (with RUNTIME_JDK a JDK 17: a dynamic AppCDS
# archive recorded by the migration run), none neither.
JAVA="$("$ROOT/scripts/jvm-aot.sh" java)"
CACHE="${AUTH_BENCH_CACHE:-aot}"
case $CACHE in
  aot) record=() cached=(-XX:AOTCache="$WORK/app.aot") ;;
  appcds) record=(-XX:ArchiveClassesAtExit="$WORK/app-cds.jsa") cached=(-XX:SharedArchiveFile="$WORK/app-cds.jsa") ;;
  none) record=() cached=() ;;
  *) echo "bench: AUTH_BENCH_CACHE is aot, appcds or none" >&2; exit 1 ;;
esac
(cd "$WORK" && env "${app_env[@]}" AUTH_MIGRATE_AT_START=true QUARKUS_INIT_AND_EXIT=true \
  "$JAVA" "${java_opts[@]}" "${record[@]}" -jar "$JAR" >"$WORK/migrate.log" 2>&1) \
  || { echo "bench: migration run failed; log:" >&2; tail -20 "$WORK/migrate.log" >&2; exit 1; }
if [[ $CACHE == aot ]]; then
  (cd "$WORK" && "$ROOT/scripts/jvm-aot.sh" train "$JAR" "$WORK/app.aot" "${app_env[@]}" JDK_JAVA_OPTIONS="$JAVA_OPTS")
fi

start_ns=$(date +%s%N)
(cd "$WORK" && exec env "${app_env[@]}" "$JAVA" "${java_opts[@]}" "${cached[@]}" -jar "$JAR" >"$WORK/app.log" 2>&1) &
PID=$!
# Ready after its warm-up (AUTH_WARM_UP, 20 s; README, "Warm-up"): the figures below are those of a pod's first
# seconds of traffic; AUTH_WARM_UP=PT0S measures a start without it.
for _ in $(seq 1 2400); do
  curl -sf "$ADMIN/q/health/ready" >/dev/null 2>&1 && break
  sleep 0.05
done
ready_ns=$(date +%s%N)
ready_ms=$(( (ready_ns - start_ns) / 1000000 ))
# The CPU the start cost (user + system of the process up to readiness), which a loaded machine stretches less than
# the wall-clock time.
ready_cpu=$(cpu_ticks "$PID")
quarkus_start=$(grep -o 'started in [0-9.]*s' "$WORK/app.log" | head -1 || true)
rss_start=$(rss_mib)
# Where that CPU went, by the threads alive at readiness (numbers dropped from their names); the rest was spent by
# threads that have ended, the warm-up's client among them.
thread_ticks() { # each live thread's id, name (numbers dropped) and CPU ticks, one per line
  local t
  for t in "/proc/$PID"/task/*; do
    printf '%s\t%s\t%s\n' "${t##*/}" "$(tr -d '\n' <"$t/comm" | sed 's/[-0-9 ]*$//')" "$(sed 's/.*) //' "$t/stat" | awk '{print $12 + $13}')"
  done
}
by_thread() { # ticks-since-file total-ticks-since: CPU by thread name since the snapshot, and that of ended threads
  thread_ticks | awk -F'\t' -v total="$2" -v c="$clk" 'FILENAME == ARGV[1] { was[$1] = $3; next }
    { d = $3 - was[$1]; t[$2] += d; alive += d }
    END { for (n in t) if (t[n] >= c / 10) printf "%s %.1f s, ", n, t[n] / c; printf "ended threads %.1f s", (total - alive) / c }' "$1" -
}
: >"$WORK/ticks-start"
start_threads=$(by_thread "$WORK/ticks-start" "$ready_cpu")

admin() { curl -sS -X "$1" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' ${3:+--data "$3"} "$ADMIN$2"; }
field() { sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p"; }

EMAIL="bench@pressroom.test"
PASSWORD="bench-password-123"
CLIENT="pressroom-bench"
VERIFIER="dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
CHALLENGE="E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
REDIRECT="http://127.0.0.1:9999/cb"
AUTHZ="/oauth/authorize?response_type=code&client_id=$CLIENT&redirect_uri=http%3A%2F%2F127.0.0.1%3A9999%2Fcb&state=s&nonce=n&code_challenge=$CHALLENGE&code_challenge_method=S256"
admin POST /admin/accounts "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\",\"name\":\"Bench\",\"email_verified\":true}" >/dev/null
# The sign-in rows: one account per wrk connection (signin.lua), for the warm-up (8) and every measured row.
read -ra concurrency <<<"${AUTH_BENCH_CONCURRENCY:-8 32}"
PEOPLE=$(printf '%s\n' 8 "$ANCHOR_CONCURRENCY" "${concurrency[@]}" | sort -n | tail -1)
for i in $(seq 1 "$PEOPLE"); do
  admin POST /admin/accounts "{\"email\":\"bench-$i@pressroom.test\",\"password\":\"$PASSWORD\",\"name\":\"Bench $i\",\"email_verified\":true}" >/dev/null
done
SECRET=$(admin PUT "/admin/clients/$CLIENT" "{\"client_name\":\"Bench\",\"redirect_uris\":[\"$REDIRECT\"],\"scope\":\"openid profile email offline_access\"}" | field client_secret)

# A browser made of curl, for the setup of both servers: follows the server's redirects on its own host and fills
# its forms (sign-in with the account's email and the bench password, consent: allow) until it redirects to the
# client; prints the code.
browse() { # cookie-jar url [email]
  local jar=$1 url=$2 email=${3:-$EMAIL} data="" out status loc page action fields origin _
  origin=$(sed -E 's|^(https?://[^/]+).*|\1|' <<<"$url")
  for _ in 1 2 3 4 5 6 7 8; do
    out=$(curl -sS -c "$jar" -b "$jar" -H 'X-Forwarded-For: 198.51.100.250' -w '\n%{http_code} %{redirect_url}' \
      ${data:+--data "$data"} "$url")
    read -r status loc <<<"$(tail -n1 <<<"$out")"
    data=""
    case $status in
      302|303)
        if [[ $loc == "$REDIRECT"* ]]; then sed -n 's/.*[?&]code=\([^&]*\).*/\1/p' <<<"$loc"; return 0; fi
        url=$loc ;;
      200)
        # The page's first form (auth-service's sign-in page has a second one, for passkeys).
        page=$(sed '$d' <<<"$out" | tr '\n' ' ' | sed 's|</form>.*||')
        action=$(sed -n 's/.*<form method="post" action="\([^"]*\)".*/\1/p' <<<"$page")
        [[ -n $action ]] || break
        fields=$(grep -o '<input type="hidden" name="[^"]*" value="[^"]*"' <<<"$page" \
          | sed 's/.*name="\([^"]*\)" value="\([^"]*\)"/\1=\2/' | paste -sd'&' || true)
        if [[ $page == *'name="password"'* ]]; then
          data="${fields:+$fields&}email=${email/@/%40}&password=$PASSWORD"
        else
          data="${fields:+$fields&}decision=allow"
        fi
        url=$origin$action ;;
      *) break ;;
    esac
  done
  echo "bench: no code from $origin (last answer: $status $loc)" >&2
  return 1
}

# Per server: its process, address, client credentials, session cookie, and what an authorization request needs to
# be granted offline_access (oidc-provider keeps it only with prompt=consent, OIDC Core §11).
declare -A S_PID S_BASE S_BASIC S_PROMPT S_TOKEN S_LABEL
S_PID[ours]=$PID S_BASE[ours]=$BASE S_LABEL[ours]=auth-service S_PROMPT[ours]=""
S_BASIC[ours]=$(printf '%s:%s' "$CLIENT" "$SECRET" | base64 -w0)
SERVERS=(ours)

if [[ "$ANCHOR" == 1 ]]; then
  ANCHOR_SECRET=$(head -c 32 /dev/urandom | base64 -w0 | tr '+/' '-_' | tr -d '=')
  (cd "$BENCH/anchor" && exec env ANCHOR_PORT="$ANCHOR_PORT" ANCHOR_KEY="$KEY" ANCHOR_CLIENT_SECRET="$ANCHOR_SECRET" \
    ANCHOR_ACCOUNTS="$PEOPLE" ANCHOR_PASSWORD="$PASSWORD" NODE_ENV=production node server.js >"$WORK/anchor.log" 2>&1) &
  APID=$!
  for _ in $(seq 1 600); do
    curl -sf "http://127.0.0.1:$ANCHOR_PORT/.well-known/openid-configuration" >/dev/null 2>&1 && break
    kill -0 "$APID" 2>/dev/null || { echo "bench: the anchor did not start; log:" >&2; cat "$WORK/anchor.log" >&2; exit 1; }
    sleep 0.05
  done
  S_PID[anchor]=$APID S_BASE[anchor]="http://127.0.0.1:$ANCHOR_PORT" S_PROMPT[anchor]="&prompt=consent"
  S_LABEL[anchor]="oidc-provider $(sed -n 's/.*"version": *"\([^"]*\)".*/\1/p' "$BENCH/anchor/node_modules/oidc-provider/package.json")"
  S_BASIC[anchor]=$(printf '%s:%s' "$CLIENT" "$ANCHOR_SECRET" | base64 -w0)
  SERVERS+=(anchor)
fi

new_tokens() { # server: a fresh code exchange on the bench session; prints the token response
  local srv=$1 code
  code=$(browse "$WORK/$srv.cookies" "${S_BASE[$srv]}$AUTHZ&scope=openid%20profile%20email%20offline_access${S_PROMPT[$srv]}")
  curl -sS -H "Authorization: Basic ${S_BASIC[$srv]}" -d grant_type=authorization_code -d "code=$code" \
    -d "redirect_uri=$REDIRECT" -d "code_verifier=$VERIFIER" "${S_BASE[$srv]}/oauth/token"
}
# One browser session per server, signed in and consented to the bench scopes (offline_access included).
for srv in "${SERVERS[@]}"; do
  S_TOKEN[$srv]=$(new_tokens "$srv" | field access_token)
  [[ -n "${S_TOKEN[$srv]}" ]] || { echo "bench: could not obtain tokens from ${S_LABEL[$srv]}; logs:" >&2; tail -20 "$WORK"/*.log >&2; exit 1; }
done

use() { # server: the wrk scripts' environment for it, with its session cookie as it is now (oidc-provider renews it
  # at every consent)
  B_COOKIE="$(awk '$6 == "pr_session" || $6 == "_session" {printf "%s%s=%s", sep, $6, $7; sep = "; "}' "$WORK/$1.cookies")"
  export B_COOKIE B_BASIC="${S_BASIC[$1]}" B_TOKEN="${S_TOKEN[$1]}" B_CHALLENGE="$CHALLENGE" \
    B_VERIFIER="$VERIFIER" B_CLIENT="$CLIENT" B_SIGNIN_EMAIL="bench-{n}%40pressroom.test" B_PASSWORD="$PASSWORD"
}

printf '\nauth-service benchmark on %s (%s cores), wrk %s per run, loopback; load average %s\n' "$(uname -n)" "$(nproc)" \
  "$DURATION" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'startup: ready after %s ms (%s, %.1f s of CPU), RSS after start %s MiB\n' "$ready_ms" "${quarkus_start:-?}" \
  "$(awk -v t="$ready_cpu" -v c="$clk" 'BEGIN {print t / c}')" "$rss_start"
printf 'startup CPU by thread: %s\n' "$start_threads"
[[ "$ANCHOR" == 1 ]] && printf 'anchor: %s on node %s (bench/anchor), the same wrk scripts at %s connections\n' \
  "${S_LABEL[anchor]}" "$(node --version)" "$ANCHOR_CONCURRENCY"
printf '\n%-22s %5s %-14s %10s %9s %9s %10s %11s\n' scenario conc server "ops/s" "p50 ms" "p99 ms" "CPU ms/op" "ops/CPU-s"

declare -A RESULT # "flow|server|round" -> "ops/s ops-per-CPU-second"; "flow|server": the round the table shows
ROUND=1
FLOWS=()
run() { # server name conc wrk-args... (scripted rows print RESULT ops_per_s=..., the others count requests)
  local srv="$1" name="$2" conc="$3"; shift 3
  local before after out ops p50 p99 secs ticks cpu per_cpu
  use "$srv"
  [[ "$srv" == ours ]] && profile start
  before=$(cpu_ticks "${S_PID[$srv]}")
  out=$(wrk --latency -d "$DURATION" "$@" 2>&1)
  after=$(cpu_ticks "${S_PID[$srv]}")
  [[ "$srv" == ours ]] && profile stop "$(tr ' ' '-' <<<"$name")-$conc"
  ops=$(printf '%s' "$out" | awk '/^RESULT/ {for (i = 2; i <= NF; i++) if ($i ~ /^ops_per_s=/) {sub(/ops_per_s=/, "", $i); print $i}}')
  [[ -n "$ops" ]] || ops=$(printf '%s' "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(printf '%s' "$out" | awk '$1 == "50%" {print $2}')
  p99=$(printf '%s' "$out" | awk '$1 == "99%" {print $2}')
  secs=$(printf '%s' "$DURATION" | tr -d 's')
  ticks=$((after - before))
  cpu=$(awk -v t=$ticks -v c="$clk" -v o="$ops" -v s="$secs" 'BEGIN {if (o > 0) printf "%.3f", t / c * 1000 / (o * s); else print "-"}')
  per_cpu=$(awk -v t=$ticks -v c="$clk" -v o="$ops" -v s="$secs" 'BEGIN {if (t > 0) printf "%.0f", o * s / (t / c); else print "-"}')
  printf '%-22s %5s %-14s %10.0f %9s %9s %10s %11s\n' "$name" "$conc" "${S_LABEL[$srv]%% *}" "$ops" "$p50" "$p99" "$cpu" "$per_cpu"
  if [[ "$conc" == "$ANCHOR_CONCURRENCY" ]]; then
    RESULT["$name|$srv|$ROUND"]="$ops $per_cpu"
    [[ " ${FLOWS[*]} " == *" $name "* ]] || FLOWS+=("$name")
  fi
  # Errors (a sign-in the limits refused is answered 200 and would count as done): say so.
  if printf '%s' "$out" | grep -qE 'Non-2xx|errors=[1-9]|refused=[1-9]'; then
    printf '%s\n' "$out" | grep -E 'Non-2xx|errors=|refused=' | sed 's/^/    /'
  fi
}

# Passkey sign-in (PasskeyBench.java: wrk's Lua cannot sign ECDSA) with the test suite's software authenticator,
# compiled against the packaged application's jars; measured like run's rows (CPU of the service per sign-in).
LIB="$(dirname "$JAR")/lib/main"
PK_CP="$WORK/passkeybench:$(find "$LIB" -name 'com.webauthn4j.*.jar' -o -name 'com.fasterxml.jackson.co*.jar' \
  -o -name 'com.fasterxml.jackson.dataformat.*.jar' | tr '\n' ':')"
passkey_row() { # run|warm conc
  local how="$1" conc="$2" out secs
  secs=$(printf '%s' "$DURATION" | tr -d 's')
  [[ "$how" == warm ]] && secs=$(printf '%s' "$JIT_WARMUP" | tr -d 's')
  out=$(java -cp "$PK_CP" dev.pressroom.auth.passkey.PasskeyBench "$BASE" "$ADMIN" "$TOKEN" "$CLIENT" "$CHALLENGE" \
    "$conc" "$secs" "$PID" "$clk" 2>&1 || true)
  [[ "$how" == warm ]] && return 0
  printf '%s\n' "$out" | { grep -v '^RESULT' || true; } | head -5 | sed 's/^/    /'
  printf '%s\n' "$out" | { grep '^RESULT' || true; } | awk -v c="$conc" '{
    for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    printf "%-22s %5s %-14s %10.0f %8sms %8sms %10s %11.0f\n", "passkey sign-in", c, "auth-service", v["passkey_signins_per_s"], v["p50_ms"], v["p99_ms"], v["cpu_ms"], 1000 / v["cpu_ms"]
    if (v["errors"] > 0) printf "    errors=%s\n", v["errors"] }'
}

# AUTH_BENCH_SCENARIOS picks a subset (words: discovery jwks introspection codeflow refresh signin passkey).
SCENARIOS=" ${AUTH_BENCH_SCENARIOS:-discovery jwks introspection codeflow refresh signin passkey} "
wanted() { [[ "$SCENARIOS" == *" $1 "* ]]; }
if wanted passkey; then
  javac -d "$WORK/passkeybench" -cp "$PK_CP" "$ROOT/auth-service/src/test/java/dev/pressroom/auth/support/TestAuthenticator.java" \
    "$BENCH/PasskeyBench.java"
fi
JIT_WARMUP="${BENCH_JIT_WARMUP:-10s}"
warm() { # like run, unmeasured
  use "$1"
  shift 3
  wrk -d "$JIT_WARMUP" "$@" >/dev/null 2>&1
}
rows() { # run|warm conc
  local how="$1" c="$2" i srv servers=(ours)
  [[ "$c" == "$ANCHOR_CONCURRENCY" ]] && servers=("${SERVERS[@]}")
  for srv in "${servers[@]}"; do
    wanted discovery && $how "$srv" discovery "$c" -t2 -c"$c" "${S_BASE[$srv]}/.well-known/openid-configuration"
  done
  for srv in "${servers[@]}"; do
    wanted jwks && $how "$srv" JWKS "$c" -t2 -c"$c" "${S_BASE[$srv]}/.well-known/jwks.json"
  done
  for srv in "${servers[@]}"; do
    wanted introspection && $how "$srv" introspection "$c" -t2 -c"$c" -s "$BENCH/introspect.lua" "${S_BASE[$srv]}/oauth/introspect"
  done
  for srv in "${servers[@]}"; do
    wanted codeflow && $how "$srv" "code flow" "$c" -t"$c" -c"$c" -s "$BENCH/codeflow.lua" "${S_BASE[$srv]}"
  done
  for srv in "${servers[@]}"; do
    if wanted refresh; then
      for i in $(seq 1 "$c"); do export "B_RT_$i=$(new_tokens "$srv" | field refresh_token)"; done
      $how "$srv" "refresh rotation" "$c" -t"$c" -c"$c" -s "$BENCH/refresh.lua" "${S_BASE[$srv]}"
    fi
  done
  for srv in "${servers[@]}"; do
    wanted signin && $how "$srv" "password sign-in" "$c" -t"$c" -c"$c" -s "$BENCH/signin.lua" "${S_BASE[$srv]}"
  done
  wanted passkey && passkey_row "$how" "$c"
  return 0
}
# Warm-up: a new pod takes traffic as soon as it is ready. The same mix (discovery, introspection, code flows and
# refreshes at once, 2 connections each) runs for WARMUP_SECONDS right after the setup, before anything else has
# warmed the service, and again once every row has run; each flow's rate in the first run against the second.
WARMUP_SECONDS="${AUTH_BENCH_WARMUP_SECONDS:-10}"
declare -A MIX
mix() { # cold|warm
  local how="$1" flow out i before after drivers=()
  for i in 1 2; do export "B_RT_$i=$(new_tokens ours | field refresh_token)"; done
  use ours
  thread_ticks >"$WORK/ticks-$how"
  before=$(cpu_ticks "$PID")
  wrk -t1 -c2 -d"${WARMUP_SECONDS}s" "$BASE/.well-known/openid-configuration" >"$WORK/mix-discovery" 2>&1 &
  drivers+=($!)
  wrk -t1 -c2 -d"${WARMUP_SECONDS}s" -s "$BENCH/introspect.lua" "$BASE/oauth/introspect" >"$WORK/mix-introspection" 2>&1 &
  drivers+=($!)
  wrk -t2 -c2 -d"${WARMUP_SECONDS}s" -s "$BENCH/codeflow.lua" "$BASE" >"$WORK/mix-codeflow" 2>&1 &
  drivers+=($!)
  wrk -t2 -c2 -d"${WARMUP_SECONDS}s" -s "$BENCH/refresh.lua" "$BASE" >"$WORK/mix-refresh" 2>&1 &
  drivers+=($!)
  wait "${drivers[@]}"
  after=$(cpu_ticks "$PID")
  for flow in discovery introspection codeflow refresh; do
    out=$(awk '/^RESULT/ {for (i = 2; i <= NF; i++) if ($i ~ /^ops_per_s=/) {sub(/ops_per_s=/, "", $i); print $i}}' "$WORK/mix-$flow")
    [[ -n "$out" ]] || out=$(awk '/Requests\/sec/ {print $2}' "$WORK/mix-$flow")
    MIX["$how|$flow"]=$out
  done
  MIX["$how|cpu"]=$((after - before))
  MIX["$how|threads"]=$(by_thread "$WORK/ticks-$how" $((after - before)))
}
if [[ "$WARMUP_SECONDS" != 0 ]]; then
  cold_after_ms=$(( ($(date +%s%N) - ready_ns) / 1000000 ))
  mix cold
fi

# Every row runs once unmeasured first (BENCH_JIT_WARMUP, 0 to skip), on both servers, so no row is measured while a
# JIT still compiles its code: a replica serves for hours, and the figures are those of a warm process.
# AUTH_BENCH_ROUNDS (1) runs the rows at ANCHOR_CONCURRENCY that many times: the anchor's own CPU per operation moves
# by a third between runs on a shared machine (bench/RESULTS.md, 2026-11-29), so one round's ratio is not the build's.
ROUNDS="${AUTH_BENCH_ROUNDS:-1}"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
[[ "$JIT_WARMUP" == 0* ]] || rows warm "$ANCHOR_CONCURRENCY"
for c in "${concurrency[@]}"; do
  if [[ "$c" == "$ANCHOR_CONCURRENCY" ]]; then
    for ROUND in $(seq 1 "$ROUNDS"); do rows run "$c"; done
  else
    rows run "$c"
  fi
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# Each flow's figures below are those of its median round: by the ratio with the anchor, by auth-service's rate per
# CPU-second without it. SPREAD holds the ratios' range over the rounds.
declare -A SPREAD
for flow in "${FLOWS[@]}"; do
  ranked=$(for r in $(seq 1 "$ROUNDS"); do
    read -r _ a_cpu <<<"${RESULT["$flow|anchor|$r"]:-- -}"
    read -r _ o_cpu <<<"${RESULT["$flow|ours|$r"]:-- -}"
    awk -v r="$r" -v a="$a_cpu" -v o="$o_cpu" 'BEGIN {printf "%.4f %s\n", (a > 0 && o > 0) ? o / a : (o > 0 ? o : 0), r}'
  done | sort -n)
  median=$(awk -v n="$ROUNDS" 'NR == int((n + 1) / 2) {print $2}' <<<"$ranked")
  RESULT["$flow|ours"]=${RESULT["$flow|ours|$median"]:-}
  [[ -n "${RESULT["$flow|anchor|$median"]:-}" ]] && RESULT["$flow|anchor"]=${RESULT["$flow|anchor|$median"]}
  [[ "$ROUNDS" -gt 1 && "$ANCHOR" == 1 ]] && SPREAD["$flow"]=$(awk 'NR == 1 {lo = $1} {hi = $1} END {printf "%.2fx-%.2fx", lo, hi}' <<<"$ranked")
done

# Both servers sign the ID token of every code flow and refresh with the same RSA-2048 key through OpenSSL, so that
# CPU is the same on both and bounds what these rows' ratios can reach: the anchor's CPU per operation over the
# signature's is the ratio auth-service would get if it did nothing but sign. The rest, beside the signature, is what
# either server's own code costs. openssl speed measures the signature with the machine's libcrypto (node carries its
# own OpenSSL 3, with the same assembly).
signature_floor() {
  local flow sign_ms a_cpu o_cpu
  { wanted codeflow || wanted refresh; } || return 0
  sign_ms=$(openssl speed -seconds 2 rsa2048 2>/dev/null | awk '$1 == "rsa" && $2 == "2048" {printf "%.3f", $4 * 1000}')
  [[ -n "$sign_ms" ]] || return 0
  printf 'One RS256 signature (RSA-2048, openssl speed here): %s ms of CPU, in every code flow and refresh on both servers\n' "$sign_ms"
  for flow in "code flow" "refresh rotation"; do
    read -r _ a_cpu <<<"${RESULT["$flow|anchor"]:-- -}"
    read -r _ o_cpu <<<"${RESULT["$flow|ours"]:-- -}"
    awk -v f="$flow" -v s="$sign_ms" -v ac="$a_cpu" -v oc="$o_cpu" 'BEGIN {
      if (!(ac > 0 && oc > 0)) exit
      a = 1000 / ac; o = 1000 / oc
      printf "  %-17s auth-service %.3f CPU-ms per operation, the anchor %.3f; beside the signature %.3f against %.3f (%.2fx); %.2fx at most if auth-service only signed\n",
        f, o, a, o - s, a - s, (o > s ? (a - s) / (o - s) : 0), a / s }'
  done
}

if [[ "$ANCHOR" == 1 && ${#FLOWS[@]} -gt 0 ]]; then
  printf '\nSide by side at %s connections: operations/s (per server CPU-second); ratio = auth-service per CPU-second / %s per CPU-second\n' \
    "$ANCHOR_CONCURRENCY" "${S_LABEL[anchor]}"
  [[ "$ROUNDS" -gt 1 ]] && printf 'each flow: its median of %s rounds, and the ratios over the rounds\n' "$ROUNDS"
  printf '%-20s %22s %22s %8s %7s\n' flow "${S_LABEL[anchor]}" auth-service ratio goal
  for flow in "${FLOWS[@]}"; do
    read -r a_ops a_cpu <<<"${RESULT["$flow|anchor"]:-- -}"
    read -r o_ops o_cpu <<<"${RESULT["$flow|ours"]:-- -}"
    goal=2
    [[ "$flow" == "password sign-in" ]] && goal=1
    awk -v f="$flow" -v ao="$a_ops" -v ac="$a_cpu" -v oo="$o_ops" -v oc="$o_cpu" -v g="$goal" -v sp="${SPREAD["$flow"]:-}" 'BEGIN {
      r = (ac > 0 && oc > 0) ? oc / ac : 0
      printf "%-20s %22s %22s %7.2fx %6s %s%s\n", f, sprintf("%.0f (%.0f)", ao, ac), sprintf("%.0f (%.0f)", oo, oc), r,
        ">=" g "x", (r >= g ? "holds" : "misses"), (sp == "" ? "" : "  (" sp ")") }'
  done
  printf 'load average: %s before the rows, %s after; anchor RSS after load %s MiB\n' "$load_before" "$load_after" \
    "$(rss_mib "$APID")"
  signature_floor
fi

if [[ "$WARMUP_SECONDS" != 0 ]]; then
  mix warm
  printf '\nWarm-up: the mix (discovery, introspection, code flow, refresh at once, 2 connections each), %s s from %s ms after readiness against %s s at the end\n' \
    "$WARMUP_SECONDS" "$cold_after_ms" "$WARMUP_SECONDS"
  # Per CPU-second: each flow's ratio scaled by the server CPU of the two windows, which a shared machine gives
  # unequally (the CPU is the whole mix's, so this assumes the mix's shares stay alike).
  printf '%-16s %12s %12s %8s %14s\n' flow "first ops/s" "warm ops/s" ratio "per CPU-second"
  for flow in discovery introspection codeflow refresh; do
    awk -v f="$flow" -v c="${MIX["cold|$flow"]}" -v w="${MIX["warm|$flow"]}" -v cc="${MIX[cold|cpu]}" -v wc="${MIX[warm|cpu]}" \
      'BEGIN {r = (w > 0 ? c / w : 0); printf "%-16s %12.0f %12.0f %7.2fx %13.2fx\n", f, c, w, r, (cc > 0 ? r * wc / cc : 0)}'
  done
  # The mix as one figure: each window's operations weighted by their flow's CPU per operation in this run's rows at
  # ANCHOR_CONCURRENCY, per server CPU-second of the window. Steadier than the flows' own ratios, since the flows share
  # the CPU in proportions that differ between runs; printed only when every flow had its row.
  declare -A ROW=([discovery]=discovery [introspection]=introspection [codeflow]="code flow" [refresh]="refresh rotation")
  weighted=()
  for flow in discovery introspection codeflow refresh; do
    read -r _ per_cpu <<<"${RESULT["${ROW[$flow]}|ours"]:-- -}"
    weighted+=("${MIX["cold|$flow"]}" "${MIX["warm|$flow"]}" "$per_cpu")
  done
  awk -v cc="${MIX[cold|cpu]}" -v wc="${MIX[warm|cpu]}" -v row="${weighted[*]}" 'BEGIN {
    n = split(row, v, " ")
    for (i = 1; i <= n; i += 3) {
      if (v[i + 2] !~ /^[0-9.]+$/ || v[i + 2] == 0) exit
      first += v[i] / v[i + 2]; warm += v[i + 1] / v[i + 2]
    }
    if (cc > 0 && wc > 0 && warm > 0) printf "%-16s %12s %12s %8s %13.2fx\n", "the mix, weighted", "", "", "", (first / cc) / (warm / wc)
  }'
  printf 'server CPU over the mix: %.1f s first, %.1f s warm\n' "$(awk -v t="${MIX[cold|cpu]}" -v c="$clk" 'BEGIN {print t / c}')" \
    "$(awk -v t="${MIX[warm|cpu]}" -v c="$clk" 'BEGIN {print t / c}')"
  printf 'by thread, first: %s\nby thread, warm: %s\n' "${MIX[cold|threads]}" "${MIX[warm|threads]}"
fi

printf '\nRSS after load: %s MiB (%s), %s threads\n' "$(rss_mib)" "$(rss_parts)" \
  "$(find "/proc/$PID/task" -mindepth 1 -maxdepth 1 | wc -l)"
# With -XX:NativeMemoryTracking=summary in AUTH_BENCH_JAVA_OPTS: where the resident memory goes, by JVM area.
if [[ "$JAVA_OPTS" == *NativeMemoryTracking* ]]; then
  jcmd "$PID" VM.native_memory summary >/tmp/auth-bench-nmt.txt && echo "native memory summary: /tmp/auth-bench-nmt.txt"
fi
grep -o 'RS256 signing with [^"]*' "$WORK/app.log" | head -1 | sed 's/^/service: /' || true
grep -o 'Argon2id by [^"]*' "$WORK/app.log" | head -1 | sed 's/^/service: /' || true
# The signing and hashing floors are JMH's (make bench-micro: auth-service/bench/jmh), not this script's.
printf 'JVM: %s (%s, cache %s); MALLOC_ARENA_MAX=%s; event loops %s; load average: %s\n' "$JAVA_OPTS" "$("$JAVA" -version 2>&1 | head -1)" \
  "$CACHE" "$MALLOC_ARENA_MAX" "${QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE:-${SIZING[QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE]:-Quarkus default}}" \
  "$(cut -d' ' -f1-3 /proc/loadavg)"
