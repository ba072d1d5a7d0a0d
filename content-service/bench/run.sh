#!/usr/bin/env bash
# make bench: the Content API under wrk (2 threads, 32 connections, loopback) on a 100,000-post blog, with the
# server-side answer cache on and then off. Per row: requests/s, p50/p99 latency, service CPU-ms per request
# (utime+stime of the JVM from /proc over the run / requests) and PostgreSQL's (all its processes); per mode:
# resident memory (RSS, peak).
# Rows cover the list API, its Ghost-shaped twins, search (GIN index; also at a held rate of 100 and 150 req/s), the filter language, a feed
# and the sitemap index.
# After each restart, the first 10 s after readiness against warm (a theme's reads in turn: the warm-up's effect).
# Then the import of a 10,000-post Ghost export, twice (bench/ghost-import.sh: time and peak memory).
# Builds the jar if needed, seeds the blog once (bench/Seed.java), starts and stops its own service instance.
# Subsets: BENCH_ROWS (an extended regex of row labels, e.g. 'tags|authors'), BENCH_MODES ('true false': cache on,
# off), BENCH_DURATION (10s), BENCH_WARMUP (2s before each row), BENCH_JIT_WARMUP (3s per row in a first pass over
# all selected rows, so that none is measured on a cold JVM); BENCH_JAR measures another build of the service (e.g. a copy of an older one);
# BENCH_IMPORT=0 skips the import.
set -euo pipefail
module=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$module/.." && pwd)
port=${BENCH_PORT:-18090}
management_port=${BENCH_MANAGEMENT_PORT:-19090}
duration=${BENCH_DURATION:-10s}
warmup=${BENCH_WARMUP:-2s}
jit_warmup=${BENCH_JIT_WARMUP:-3s}
pass=measure
jar=${BENCH_JAR:-$module/target/quarkus-app/quarkus-run.jar}
rows=${BENCH_ROWS:-.}
modes=${BENCH_MODES:-true false}
# The service runs with the Deployment's configuration (deploy/base/content-service/config.env: JVM flags, malloc
# arenas, pool and cache sizes), so the memory figure is the pod's; BENCH_JAVA_OPTS replaces the JVM flags, and a
# variable already set in the environment wins over the file's (make bench's BENCH_TRACING=1 sets the OTLP endpoint
# that config.env leaves empty).
config_env=()
while IFS= read -r line; do
  name=${line%%=*}
  [[ -n ${!name:-} ]] || config_env+=("$line")
done < <(grep -E '^[A-Z_]+=' "$root/deploy/base/content-service/config.env")
java_opts=${BENCH_JAVA_OPTS:-$(sed -n 's/^JDK_JAVA_OPTIONS=//p' "$root/deploy/base/content-service/config.env")}
# PostgreSQL on this machine is reached through its Unix socket, as a same-host deployment would configure it: over
# loopback TCP its 8 KB writes are far below loopback's 64 KB segments, so the service's delayed ACKs (40 ms) can stall
# a large result whenever the sender's congestion window is small (README, search). BENCH_DB=tcp measures TCP.
db_url=""
if [ "${BENCH_DB:-socket}" = socket ] && [[ ${PG_HOST:-127.0.0.1} =~ ^(127\.0\.0\.1|localhost)$ ]]; then
  for dir in /var/run/postgresql /tmp "$root/.local/pg/socket" "/tmp/pressroom-pg-${PG_PORT:-5432}"; do
    if [ -S "$dir/.s.PGSQL.${PG_PORT:-5432}" ]; then
      db_url="postgresql://:${PG_PORT:-5432}/${CONTENT_DB_NAME:-content}?host=$dir"
      break
    fi
  done
fi
command -v wrk >/dev/null || { echo "wrk is not installed: make deps installs it" >&2; exit 1; }
[ -f "$jar" ] || (cd "$root" && ./mvnw -B -q -pl content-service package -DskipTests) >&2
pgjar=$(ls "$(dirname "$jar")"/lib/main/org.postgresql.postgresql-*.jar)
tick=$(getconf CLK_TCK)
# The service and the admin command that issues the bench key must hash keys under the same pepper.
export CONTENT_KEY_PEPPER="${CONTENT_KEY_PEPPER:-bench-pepper-not-a-secret}"
pid=""
stop() { if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=""; fi; }
trap stop EXIT

# As the JVM image runs it (Dockerfile.jvm): JDK 25 with the AOT cache its build records in a start that ends with its
# startup, by the same command (scripts/jvm-aot.sh; RUNTIME_JDK names another JDK).
java_bin=$("$root/scripts/jvm-aot.sh" java)
aot_cache="$module/target/bench-app.aot"
"$root/scripts/jvm-aot.sh" train "$jar" "$aot_cache" "${config_env[@]}" JDK_JAVA_OPTIONS="$java_opts"
start() { # $1 = cache on/off
  local db=()
  [ -n "$db_url" ] && db=(QUARKUS_DATASOURCE_REACTIVE_URL="$db_url")
  env "${config_env[@]}" "${db[@]}" JDK_JAVA_OPTIONS="$java_opts" CONTENT_PORT="$port" \
  CONTENT_MANAGEMENT_PORT="$management_port" CONTENT_MIGRATE_AT_START=true CONTENT_CACHE_ENABLED="$1" \
  CONTENT_RATE_LIMIT_PER_KEY=1000000000 CONTENT_RATE_LIMIT_PER_ADDRESS=1000000000 \
    "$java_bin" -XX:AOTCache="$aot_cache" -jar "$jar" >"$module/target/bench-service.log" 2>&1 &
  pid=$!
  local started; started=$(date +%s%N)
  for _ in $(seq 1 240); do
    if curl -sf "http://127.0.0.1:$management_port/q/health/ready" >/dev/null; then
      ready_ms=$(( ($(date +%s%N) - started) / 1000000 ))
      return 0
    fi
    sleep 0.25
  done
  echo "service did not become ready; see target/bench-service.log" >&2; exit 1
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
# PostgreSQL's processes (backends, and through the postmaster's children fields those that ended), for its CPU per
# request; meaningful when nothing else uses the server, as under the bench's exclusive lock.
pg_ticks() { pgrep -x postgres | sed 's|.*|/proc/&/stat|' | xargs cat 2>/dev/null | awk '{t += $14 + $15 + $16 + $17} END {print t + 0}'; }
mem() { awk '/VmRSS|VmHWM/ {printf "%s %d MiB  ", $1, $2/1024}' "/proc/$pid/status"; }

per_request() { # $1 clock ticks, $2 requests: CPU-ms per request
  awk -v t="$1" -v r="$2" -v hz="$tick" 'BEGIN {if (r > 0) printf "%.3f", t * 1000 / hz / r; else printf "n/a"}'
}

row() { # $1 label, $2 path, $3 optional extra header, $4 connections (32; 1 = one client, latency without queueing),
        # $5 optional wrk script
  [[ $1 =~ $rows ]] || return 0
  local url="http://127.0.0.1:$port/api/content/v1/blogs/bench$2"
  local conns=${4:-32}
  local args=(-t"$([ "$conns" = 1 ] && echo 1 || echo 2)" -c"$conns" --latency -H "Authorization: Key $key")
  [ -n "${3:-}" ] && args+=(-H "$3")
  [ -n "${5:-}" ] && args+=(-s "$5")
  if [ "$pass" = warm ]; then wrk "${args[@]}" -d"$jit_warmup" "$url" >/dev/null; return 0; fi
  wrk "${args[@]}" -d"$warmup" "$url" >/dev/null
  local before; before=$(cpu_ticks)
  local pg_before; pg_before=$(pg_ticks)
  local out; out=$(wrk "${args[@]}" -d"$duration" "$url")
  local after; after=$(cpu_ticks)
  local pg_after; pg_after=$(pg_ticks)
  local requests; requests=$(echo "$out" | awk '/requests in/ {print $1}')
  local rps; rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  local p50; p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
  local p99; p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  local non2xx; non2xx=$(echo "$out" | awk '/Non-2xx/ {print $NF}')
  local cpu; cpu=$(per_request $((after - before)) "${requests:-0}")
  local pg_cpu; pg_cpu=$(per_request $((pg_after - pg_before)) "${requests:-0}")
  printf "| %-22s | %9s | %8s | %8s | %8s | %8s | %s\n" "$1" "$rps" "$p50" "$p99" "$cpu" "$pg_cpu" "${non2xx:+non-2xx/3xx: $non2xx}"
}

# The first 10 s after readiness against the same window once every row has run: a theme's reads in turn (bench/mix.lua),
# 8 connections; answers per second and per CPU-second of the service. A new pod takes traffic at once after its
# warm-up (CONTENT_WARM_UP; README, "Warm-up"); the target is within 20% of warm.
mix_window() {
  local blog=/api/content/v1/blogs/bench
  local before; before=$(cpu_ticks)
  local out; out=$(BENCH_MIX_PATHS="$blog/posts $blog/posts?include=tags,authors $blog/posts/post-50000 $blog/tags \
$blog/authors $blog/ghost/api/content/posts/?include=tags,authors $blog/rss/" \
    wrk -t2 -c8 -d10s -H "Authorization: Key $key" -s "$module/bench/mix.lua" "http://127.0.0.1:$port")
  local rps; rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  awk -v rate="$rps" -v ticks="$(( $(cpu_ticks) - before ))" -v hz="$tick" \
    'BEGIN { printf "%.0f %.0f\n", rate, rate * 10 / (ticks / hz) }'
}

# A held arrival rate: each of 32 connections pauses a random 32,000/rate ms on average after each answer
# (bench/paced.lua), so p99 is the answer time at that load rather than the queueing of a saturated closed loop.
# The req/s column is the rate achieved (a little under the offered rate, as a connection waits for its answer).
rate_row() { # $1 label, $2 path, $3 offered requests/s
  BENCH_PAUSE_MS=$(awk -v r="$3" 'BEGIN {print 32000 / r}') row "$1" "$2" "" 32 "$module/bench/paced.lua"
}

all_rows() {
  row "GET /posts (15)" "/posts"
  row "GET /posts?limit=100" "/posts?limit=100"
  row "deep page (page=5000)" "/posts?page=5000"
  row "tag filter" "/posts?tag=tag-7"
  row "GET /posts/:slug" "/posts/post-50000"
  # Ghost's Content API shape (README, "Ghost compatibility") beside the same answers of ours: they should cost the same.
  row "Ghost posts (15)" "/ghost/api/content/posts/"
  row "posts, include" "/posts?include=tags,authors"
  row "Ghost posts, include" "/ghost/api/content/posts/?include=tags,authors"
  row "Ghost posts/slug/:slug" "/ghost/api/content/posts/slug/post-50000/"
  row "Ghost tags" "/ghost/api/content/tags/"
  row "Ghost settings" "/ghost/api/content/settings/"
  row "GET /tags" "/tags"
  row "GET /authors" "/authors"
  row "GET /settings" "/settings"
  row "304 revalidation" "/posts" "If-None-Match: $etag"
  row "search (3 words, prefix)" "/posts?search=post+number+4242"
  row "filter (tags, date)" "/posts?filter=tag:%5Btag-3,tag-7%5D%2Bpublished_at:%3E'2022-01-01'"
  row "RSS feed (20 posts)" "/rss/"
  row "sitemap index" "/sitemap.xml"
  row "search, one client" "/posts?search=post+number+4242" "" 1
  rate_row "search at 100 req/s" "/posts?search=post+number+4242" 100
  rate_row "search at 150 req/s" "/posts?search=post+number+4242" 150
  row "filter, one client" "/posts?filter=tag:%5Btag-3,tag-7%5D%2Bpublished_at:%3E'2022-01-01'" "" 1
}

start true
echo "seeding (once) ..." >&2
(cd "$module/bench" && java -cp "$pgjar" Seed.java seed) >&2
key=$("$module/scripts/admin.sh" key rotate bench bench | sed -n 's/^KEY=//p')
etag=$(curl -sI -H "Authorization: Key $key" "http://127.0.0.1:$port/api/content/v1/blogs/bench/posts" | awk -F': ' 'tolower($1) == "etag" {print $2}' | tr -d '\r')

echo "PostgreSQL: ${db_url:+Unix socket, }${db_url:-TCP ${PG_HOST:-127.0.0.1}:${PG_PORT:-5432}}; kernel TCP congestion control: $(sysctl -n net.ipv4.tcp_congestion_control 2>/dev/null || echo unknown)"
echo "JVM: $java_opts; $(printf '%s\n' "${config_env[@]}" | grep -E '^(MALLOC_ARENA_MAX|QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE|CONTENT_DB_POOL|CONTENT_CACHE_MAX_BYTES)=' | tr '\n' ' ')"
first=true
for mode in $modes; do
  restarted=false
  if [ "$first" != true ] || [ "$mode" != true ]; then stop; start "$mode"; restarted=true; fi
  first=false
  echo
  echo "### server cache: $([ "$mode" = true ] && echo on || echo off)   ($(nproc) cores, wrk -t2 -c32 -d$duration, loopback)"
  echo "| row                    |     req/s |      p50 |      p99 | CPU-ms/req | PostgreSQL CPU-ms/req |"
  echo "|---|---|---|---|---|---|"
  # The first start precedes the seed, so its warm-up could not read the bench blog: no first window then.
  first_window=""
  [ "$restarted" = true ] && first_window=$(mix_window)
  # Every selected row once first, so that no row is measured while the JIT is still compiling its code.
  pass=warm; all_rows
  pass=measure; all_rows
  echo "memory: $(mem) load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  if [ -n "$first_window" ]; then
    read -r first_rate first_per_cpu <<<"$first_window"
    read -r warm_rate warm_per_cpu < <(mix_window)
    awk -v fr="$first_rate" -v fc="$first_per_cpu" -v wr="$warm_rate" -v wc="$warm_per_cpu" -v r="$ready_ms" 'BEGIN {
      printf "warm-up: ready after %d ms; a theme'"'"'s reads, first 10 s after readiness %.0f/s (%.0f per CPU-s), warm %.0f/s (%.0f per CPU-s): %.2fx, %.2fx per CPU-s\n",
        r, fr, fc, wr, wc, fr / wr, fc / wc }'
  fi
done
stop

# BENCH_IMPORT=0 leaves the import out (e.g. to compare JVM flags on a few rows).
if [ "${BENCH_IMPORT:-1}" != 0 ]; then
  echo
  echo "### Ghost export import"
  bash "$module/bench/ghost-import.sh"
fi
