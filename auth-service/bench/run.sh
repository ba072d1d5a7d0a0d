#!/usr/bin/env bash
# `make bench` for auth-service: starts the JVM build on loopback (ports 18083/19083), creates its bench account
# and client through the admin API, then drives wrk at concurrency 8 and 32 for discovery, JWKS, introspection,
# code flows with an existing session, refresh rotations and sign-ins with a fresh browser. Prints requests/s,
# p50/p99 latency and CPU per operation, plus startup time, memory, the RS256 signing floor of both signers and the
# Argon2id floor of the reference C and Bouncy Castle (the service's own choices follow AUTH_SIGNER and AUTH_ARGON2 from the
# environment: auto, openssl or jdk; auto, native or java).
# cwd = repo root; PG_*/REDIS_* come from the environment (the dev database and Redis db of auth-service).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BENCH="$ROOT/auth-service/bench"
PORT="${AUTH_BENCH_PORT:-18083}"
ADMIN_PORT="${AUTH_BENCH_ADMIN_PORT:-19083}"
BASE="http://127.0.0.1:$PORT"
ADMIN="http://127.0.0.1:$ADMIN_PORT"
TOKEN="bench-admin-$RANDOM$RANDOM"
DURATION="${BENCH_DURATION:-10s}"
JAR="$ROOT/auth-service/target/quarkus-app/quarkus-run.jar"
WORK="$(mktemp -d)"
# The JVM flags and malloc arena limit of the Deployment (deploy/base/auth-service/config.env), so the memory figure
# is the one the container runs with.
CONFIG_ENV="$ROOT/deploy/base/auth-service/config.env"
JAVA_OPTS="${AUTH_BENCH_JAVA_OPTS:-$(sed -n 's/^JDK_JAVA_OPTIONS=//p' "$CONFIG_ENV")}"
read -ra java_opts <<<"$JAVA_OPTS"
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-$(sed -n 's/^MALLOC_ARENA_MAX=//p' "$CONFIG_ENV")}"
PID=""

cleanup() {
  if [[ -n "$PID" ]]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; fi
  [[ -f "$WORK/app.log" ]] && cp "$WORK/app.log" /tmp/auth-bench-app.log
  rm -rf "$WORK"
}
trap cleanup EXIT

command -v wrk >/dev/null || { (apt-get install -y wrk >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq wrk >/dev/null)); }
[[ -f "$JAR" ]] || (cd "$ROOT" && ./mvnw -B -q -pl auth-service package -DskipTests)

clk=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$PID/stat"; }
rss_mib() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$PID/status"; }

# As in the cluster: the signing key is a mounted PEM file and migrations run before the server starts (the
# migrate Job, QUARKUS_INIT_AND_EXIT). That first start also records the classes a start loads in an AppCDS archive
# (JDK dynamic archive), which the timed start maps instead of loading and verifying them again.
mkdir -p "$WORK/keys"
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$WORK/keys/bench-$(date +%Y-%m-%d).pem" 2>/dev/null
app_env=(AUTH_PORT="$PORT" AUTH_ADMIN_PORT="$ADMIN_PORT" AUTH_ISSUER="$BASE" AUTH_ADMIN_TOKEN="$TOKEN" AUTH_KEYS_DIR="$WORK/keys"
  AUTH_COOKIE_SECURE=false AUTH_TOKEN_RATE_LIMIT=1000000000 AUTH_PENDING_REQUESTS_PER_ADDRESS=1000000000
  AUTH_LIVE_TOKENS_PER_GRANT=1000000000
  TRUSTED_PROXIES=127.0.0.1)
CDS="$WORK/app-cds.jsa"
(cd "$WORK" && env "${app_env[@]}" AUTH_MIGRATE_AT_START=true QUARKUS_INIT_AND_EXIT=true \
  java "${java_opts[@]}" -XX:ArchiveClassesAtExit="$CDS" -jar "$JAR" >"$WORK/migrate.log" 2>&1) \
  || { echo "bench: migration run failed; log:" >&2; tail -20 "$WORK/migrate.log" >&2; exit 1; }

start_ns=$(date +%s%N)
(cd "$WORK" && exec env "${app_env[@]}" java "${java_opts[@]}" -XX:SharedArchiveFile="$CDS" -jar "$JAR" >"$WORK/app.log" 2>&1) &
PID=$!
for _ in $(seq 1 300); do
  curl -sf "$ADMIN/q/health/ready" >/dev/null 2>&1 && break
  sleep 0.05
done
ready_ms=$(( ($(date +%s%N) - start_ns) / 1000000 ))
quarkus_start=$(grep -o 'started in [0-9.]*s' "$WORK/app.log" | head -1 || true)
rss_start=$(rss_mib)

admin() { curl -sS -X "$1" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' ${3:+--data "$3"} "$ADMIN$2"; }
field() { sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p"; }

EMAIL="bench@pressroom.test"
PASSWORD="bench-password-123"
CLIENT="pressroom-bench"
VERIFIER="dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
CHALLENGE="E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
REDIRECT="http://127.0.0.1:9999/cb"
admin POST /admin/accounts "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\",\"name\":\"Bench\",\"email_verified\":true}" >/dev/null
# The sign-in rows: one account per wrk connection (signin.lua), for the warm-up (8) and every measured row.
read -ra concurrency <<<"${AUTH_BENCH_CONCURRENCY:-8 32}"
for i in $(seq 1 "$(printf '%s\n' 8 "${concurrency[@]}" | sort -n | tail -1)"); do
  admin POST /admin/accounts "{\"email\":\"bench-$i@pressroom.test\",\"password\":\"$PASSWORD\",\"name\":\"Bench $i\",\"email_verified\":true}" >/dev/null
done
SECRET=$(admin PUT "/admin/clients/$CLIENT" "{\"client_name\":\"Bench\",\"redirect_uris\":[\"$REDIRECT\"],\"scope\":\"openid profile email offline_access\"}" | field client_secret)
BASIC=$(printf '%s:%s' "$CLIENT" "$SECRET" | base64 -w0)
AUTHZ="$BASE/oauth/authorize?response_type=code&client_id=$CLIENT&redirect_uri=http%3A%2F%2F127.0.0.1%3A9999%2Fcb&state=s&nonce=n&code_challenge=$CHALLENGE&code_challenge_method=S256"

# One browser session, consent for the bench scopes.
jar="$WORK/cookies"
page=$(curl -sS -c "$jar" -b "$jar" "$AUTHZ&scope=openid%20profile%20email%20offline_access")
req=$(printf '%s' "$page" | sed -n 's/.*name="request" value="\([^"]*\)".*/\1/p' | head -1)
csrf=$(printf '%s' "$page" | sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1)
page=$(curl -sS -c "$jar" -b "$jar" --data-urlencode "request=$req" --data-urlencode "csrf=$csrf" \
  --data-urlencode "email=$EMAIL" --data-urlencode "password=$PASSWORD" "$BASE/signin")
req=$(printf '%s' "$page" | sed -n 's/.*name="request" value="\([^"]*\)".*/\1/p' | head -1)
if [[ -n "$req" ]]; then
  curl -sS -o /dev/null -c "$jar" -b "$jar" --data-urlencode "request=$req" --data-urlencode "csrf=$csrf" -d decision=allow "$BASE/consent"
fi
SESSION=$(awk '$6 == "pr_session" {print $7}' "$jar")

new_tokens() { # a fresh code exchange; prints the token response
  local loc code
  loc=$(curl -sS -o /dev/null -w '%{redirect_url}' -b "pr_session=$SESSION" "$AUTHZ&scope=openid%20profile%20email%20offline_access")
  code=$(printf '%s' "$loc" | sed -n 's/.*[?&]code=\([^&]*\).*/\1/p')
  curl -sS -u "$CLIENT:$SECRET" -d grant_type=authorization_code -d "code=$code" -d "redirect_uri=$REDIRECT" \
    -d "code_verifier=$VERIFIER" "$BASE/oauth/token"
}
ACCESS=$(new_tokens | field access_token)
[[ -n "$ACCESS" ]] || { echo "bench: could not obtain tokens; log:" >&2; tail -20 "$WORK/app.log" >&2; exit 1; }

export B_BASIC="$BASIC" B_TOKEN="$ACCESS" B_SESSION="$SESSION" B_CHALLENGE="$CHALLENGE" B_VERIFIER="$VERIFIER" \
  B_CLIENT="$CLIENT" B_SIGNIN_EMAIL="bench-{n}%40pressroom.test" B_PASSWORD="$PASSWORD"

printf '\nauth-service benchmark on %s (%s cores), wrk %s per run, loopback\n' "$(uname -n)" "$(nproc)" "$DURATION"
printf 'startup: ready after %s ms (%s), RSS after start %s MiB\n\n' "$ready_ms" "${quarkus_start:-?}" "$rss_start"
printf '%-22s %5s %10s %9s %9s %12s\n' scenario conc "ops/s" "p50 ms" "p99 ms" "CPU ms/op"

run() { # name conc ops-per-request wrk-args...
  local name="$1" conc="$2" per="$3"; shift 3
  local before after out rps p50 p99 ops cpu
  before=$(cpu_ticks)
  out=$(wrk --latency -d "$DURATION" "$@" 2>&1)
  after=$(cpu_ticks)
  rps=$(printf '%s' "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(printf '%s' "$out" | awk '$1 == "50%" {print $2}')
  p99=$(printf '%s' "$out" | awk '$1 == "99%" {print $2}')
  ops=$(awk -v r="$rps" -v p="$per" 'BEGIN {printf "%.0f", r / p}')
  secs=$(printf '%s' "$DURATION" | tr -d 's')
  cpu=$(awk -v t=$((after - before)) -v c="$clk" -v o="$ops" -v s="$secs" 'BEGIN {if (o > 0) printf "%.3f", t / c * 1000 / (o * s); else print "-"}')
  printf '%-22s %5s %10s %9s %9s %12s\n' "$name" "$conc" "$ops" "$p50" "$p99" "$cpu"
  # A sign-in the limits refused is answered 200 and would count as done: say so.
  if printf '%s' "$out" | grep -qE 'Non-2xx|refused=[1-9]'; then printf '%s\n' "$out" | grep -E 'Non-2xx|refused=' | sed 's/^/    /'; fi
}

# Passkey sign-in (PasskeyBench.java: wrk's Lua cannot sign ECDSA) with the test suite's software authenticator,
# compiled against the packaged application's jars; measured like run's rows (CPU of the service per sign-in).
LIB="$ROOT/auth-service/target/quarkus-app/lib/main"
PK_CP="$WORK/passkeybench:$(find "$LIB" -name 'com.webauthn4j.*.jar' -o -name 'com.fasterxml.jackson.co*.jar' \
  -o -name 'com.fasterxml.jackson.dataformat.*.jar' | tr '\n' ':')"
javac -d "$WORK/passkeybench" -cp "$PK_CP" "$ROOT/auth-service/src/test/java/dev/pressroom/auth/support/TestAuthenticator.java" \
  "$BENCH/PasskeyBench.java"
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
    printf "%-22s %5s %10.0f %8sms %8sms %12s\n", "passkey sign-in (3 req)", c, v["passkey_signins_per_s"], v["p50_ms"], v["p99_ms"], v["cpu_ms"]
    if (v["errors"] > 0) printf "    errors=%s\n", v["errors"] }'
}

# AUTH_BENCH_SCENARIOS picks a subset (words: discovery jwks introspection codeflow refresh signin passkey).
SCENARIOS=" ${AUTH_BENCH_SCENARIOS:-discovery jwks introspection codeflow refresh signin passkey} "
wanted() { [[ "$SCENARIOS" == *" $1 "* ]]; }
JIT_WARMUP="${BENCH_JIT_WARMUP:-10s}"
warm() { # like run, unmeasured
  shift 3
  wrk -d "$JIT_WARMUP" "$@" >/dev/null 2>&1
}
rows() { # run|warm conc
  local how="$1" c="$2" i
  wanted discovery && $how discovery "$c" 1 -t2 -c"$c" "$BASE/.well-known/openid-configuration"
  wanted jwks && $how jwks "$c" 1 -t2 -c"$c" "$BASE/.well-known/jwks.json"
  wanted introspection && $how introspection "$c" 1 -t2 -c"$c" -s "$BENCH/introspect.lua" "$BASE/oauth/introspect"
  wanted codeflow && $how "code flow (2 req)" "$c" 2 -t"$c" -c"$c" -s "$BENCH/codeflow.lua" "$BASE"
  if wanted refresh; then
    for i in $(seq 1 "$c"); do export "B_RT_$i=$(new_tokens | field refresh_token)"; done
    $how "refresh rotation" "$c" 1 -t"$c" -c"$c" -s "$BENCH/refresh.lua" "$BASE"
  fi
  wanted signin && $how "sign-in (2 req)" "$c" 2 -t"$c" -c"$c" -s "$BENCH/signin.lua" "$BASE"
  wanted passkey && passkey_row "$how" "$c"
  return 0
}
# Every row runs once unmeasured first (BENCH_JIT_WARMUP, 0 to skip), so no row is measured while the JIT still
# compiles its code: a replica serves for hours, and the figures are those of a warm JVM.
[[ "$JIT_WARMUP" == 0* ]] || rows warm 8
for c in "${concurrency[@]}"; do
  rows run "$c"
done
printf '\nRSS after load: %s MiB, %s threads\n' "$(rss_mib)" "$(find "/proc/$PID/task" -mindepth 1 -maxdepth 1 | wc -l)"
# With -XX:NativeMemoryTracking=summary in AUTH_BENCH_JAVA_OPTS: where the resident memory goes, by JVM area.
if [[ "$JAVA_OPTS" == *NativeMemoryTracking* ]]; then
  jcmd "$PID" VM.native_memory summary >/tmp/auth-bench-nmt.txt && echo "native memory summary: /tmp/auth-bench-nmt.txt"
fi
grep -o 'RS256 signing with [^"]*' "$WORK/app.log" | head -1 | sed 's/^/service: /' || true
grep -o 'Argon2id by [^"]*' "$WORK/app.log" | head -1 | sed 's/^/service: /' || true
# SignBench lives in the service's package (it measures both signers, OpenSslRsaSigner is package-private).
javac -d "$WORK/signbench" -cp "$ROOT/auth-service/target/classes" "$BENCH/SignBench.java"
java -cp "$WORK/signbench:$ROOT/auth-service/target/classes" dev.pressroom.auth.token.SignBench \
  | sed 's/^RESULT /RS256 signing floor (one core), /'
# HashBench too (it measures the reference C and Bouncy Castle, whose classes are package-private; Bouncy Castle's jar
# comes from the packaged application).
BC_JAR="$(ls "$ROOT"/auth-service/target/quarkus-app/lib/main/org.bouncycastle.bcprov-*.jar)"
javac -d "$WORK/hashbench" -cp "$ROOT/auth-service/target/classes:$BC_JAR" "$BENCH/HashBench.java"
java -cp "$WORK/hashbench:$ROOT/auth-service/target/classes:$BC_JAR" dev.pressroom.auth.password.HashBench \
  | sed 's/^RESULT /password hash floor (one core), /'
printf 'JVM: %s; MALLOC_ARENA_MAX=%s; load average: %s\n' "$JAVA_OPTS" "$MALLOC_ARENA_MAX" "$(cut -d' ' -f1-3 /proc/loadavg)"
