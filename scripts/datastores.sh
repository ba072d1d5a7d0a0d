#!/usr/bin/env bash
# Makes sure a PostgreSQL and a Redis answer, for make run, make test, make bench and make import.
#
#   scripts/datastores.sh up    ensure both, create the project's databases, write .local/datastores.env
#   scripts/datastores.sh down  stop the private instances that `up` started (nothing else)
#
# Which servers, for each of the two:
#   1. PG_HOST (with PG_PORT, PG_USER, PG_PASSWORD) / REDIS_HOST (with REDIS_PORT, REDIS_PASSWORD) from the environment;
#   2. else the one answering on 127.0.0.1:$LOCAL_PG_PORT (5432) / 127.0.0.1:$LOCAL_REDIS_PORT (6379);
#   3. else a private instance under .local/ on $PRIVATE_PG_PORT (15432) / $PRIVATE_REDIS_PORT (16379), using the
#      distribution's binaries when installed, else PostgreSQL 17 and Redis binaries taken from Maven Central jars.
#      As root, the private PostgreSQL's folder is outside the checkout and .local/pg links to it (see pg_dir).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
LOCAL="$ROOT/.local"
ENV_FILE="$LOCAL/datastores.env"
LOCAL_PG_PORT=${LOCAL_PG_PORT:-5432}
LOCAL_REDIS_PORT=${LOCAL_REDIS_PORT:-6379}
PRIVATE_PG_PORT=${PRIVATE_PG_PORT:-15432}
PRIVATE_REDIS_PORT=${PRIVATE_REDIS_PORT:-16379}
DATABASES="content content_test auth auth_test content_native auth_native"
# Kept equal to the versions the Quarkus BOM and our pom resolve; only used to fetch binaries and the JDBC driver.
PGJDBC_VERSION=42.7.10
ZONKY_PG_VERSION=17.6.0
EMBEDDED_REDIS_VERSION=1.4.3

# Never fails: `down` runs while make run stops, when its terminal or pipe may be gone (EIO, EPIPE).
say() { { echo "datastores: $*" >&2; } 2>/dev/null || true; }

answers_tcp() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

redis_answers() { # host port [password]
  local reply
  { exec 3<>"/dev/tcp/$1/$2"; } 2>/dev/null || return 1
  if [[ -n ${3:-} ]]; then printf 'AUTH %s\r\nPING\r\n' "$3" >&3; else printf 'PING\r\n' >&3; fi
  while read -r -t 2 reply <&3; do
    [[ $reply == *PONG* ]] && { exec 3>&-; return 0; }
  done
  exec 3>&-
  return 1
}

fetch_jar() { # groupId:artifactId:version -> prints the jar's path
  local coords=$1 group artifact version jar in_m2
  IFS=: read -r group artifact version <<<"$coords"
  jar="$LOCAL/cache/$artifact-$version.jar"
  # Usually the build has put it in Maven's local repository already: copying it from there saves a Maven start.
  in_m2="$HOME/.m2/repository/${group//.//}/$artifact/$version/$artifact-$version.jar"
  mkdir -p "$LOCAL/cache"
  if [[ ! -f $jar && -f $in_m2 ]]; then
    cp "$in_m2" "$jar"
  elif [[ ! -f $jar ]]; then
    say "fetching $coords from Maven Central"
    (cd "$ROOT" && ./mvnw -B -q dependency:copy -Dartifact="$coords" -DoutputDirectory="$LOCAL/cache" >&2)
  fi
  echo "$jar"
}

machine_arch() {
  case $(uname -m) in
    x86_64|amd64) echo amd64 ;;
    aarch64|arm64) echo arm64 ;;
    *) say "no packaged PostgreSQL/Redis binaries for $(uname -m); set PG_HOST and REDIS_HOST"; exit 1 ;;
  esac
}

# PostgreSQL refuses to run as root: when we are root, the private server runs as nobody (from /, since it may not be
# allowed into the current folder; every path it is given is absolute).
as_pg_user() { if [[ $(id -u) == 0 ]]; then (cd / && runuser -u nobody -- "$@"); else "$@"; fi; }

# The private PostgreSQL's folder (binaries fetched for it, data, socket, log), made if missing; prints its real path.
# For root, nobody usually cannot reach the checkout (/root and mktemp -d folders are 0700), so the folder is
# /var/tmp/pressroom-pg-<hash of the checkout's path>, owned by nobody, and .local/pg is a link to it: the data stays
# with the checkout (make clean keeps it, moving the checkout keeps the link) without opening the checkout to anyone.
pg_dir() {
  if [[ $(id -u) != 0 ]]; then
    mkdir -p "$LOCAL/pg"
    echo "$LOCAL/pg"
    return
  fi
  local dir
  if [[ -L $LOCAL/pg ]]; then
    dir=$(readlink "$LOCAL/pg")
  else
    dir="/var/tmp/pressroom-pg-$(printf '%s' "$ROOT" | sha256sum | cut -c1-16)"
  fi
  if [[ ! -e $dir ]]; then
    mkdir -m 0700 "$dir"
    chown nobody: "$dir"
  fi
  # /var/tmp is writable by everyone: use the folder only if it is what we made.
  if [[ -L $dir || ! -d $dir || $(stat -c %U "$dir") != nobody ]]; then
    say "$dir is not a folder owned by nobody; remove it or the link .local/pg"
    exit 1
  fi
  # A checkout from before this layout: its folder moves out once.
  if [[ -d $LOCAL/pg && ! -L $LOCAL/pg ]]; then
    cp -a "$LOCAL/pg/." "$dir/" && rm -rf "$LOCAL/pg"
  fi
  ln -sfn "$dir" "$LOCAL/pg"
  echo "$dir"
}

postgres_bindir() { # folder for the binaries if fetched
  local dir
  if dir=$(command -v initdb 2>/dev/null) && [[ -x $(dirname "$dir")/pg_ctl ]]; then dirname "$dir"; return; fi
  for dir in $(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V -r); do
    [[ -x $dir/initdb && -x $dir/pg_ctl ]] && { echo "$dir"; return; }
  done
  local arch jar flavour pgsql="$1/pgsql"
  arch=$(machine_arch)
  flavour=$([[ $arch == arm64 ]] && echo arm64v8 || echo amd64)
  if [[ ! -x "$pgsql/bin/initdb" ]]; then
    jar=$(fetch_jar "io.zonky.test.postgres:embedded-postgres-binaries-linux-$flavour:$ZONKY_PG_VERSION")
    rm -rf "$pgsql" && mkdir -p "$pgsql"
    (cd "$pgsql" && jar xf "$jar" && tar -xJf ./*.txz && rm -f ./*.txz)
  fi
  echo "$pgsql/bin"
}

start_private_postgres() {
  local bin pg data
  pg=$(pg_dir)
  data="$pg/data"
  bin=$(postgres_bindir "$pg")
  if [[ ! -f $data/PG_VERSION ]]; then
    say "initialising a private PostgreSQL in $data"
    # C.UTF-8, as Debian's packaged server: lower() and full-text search fold non-ASCII letters (German Ü, Russian Ё)
    # only with a UTF-8 ctype, and content-service's search depends on it. The C locale only where the system has no
    # C.UTF-8.
    if ! as_pg_user "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$pg/initdb.log" 2>&1
    then
      rm -rf "$data"
      as_pg_user "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --no-locale >"$pg/initdb.log"
    fi
  fi
  # Its Unix socket too (content-service's socket test and bench use it); a socket address holds 107 bytes, so a
  # checkout in a deep folder gets a short one under /tmp.
  local sockets="$pg/socket"
  if (( ${#sockets} > 90 )); then sockets="/tmp/pressroom-pg-$PRIVATE_PG_PORT"; fi
  mkdir -p "$sockets"
  if [[ $(id -u) == 0 ]]; then chown nobody "$sockets"; fi
  say "starting the private PostgreSQL on 127.0.0.1:$PRIVATE_PG_PORT"
  # Marked before it starts: a signal during the start (pg_ctl waits for it) must still leave it to `down`.
  echo "$bin" >"$pg/started-by-us"
  as_pg_user "$bin/pg_ctl" -D "$data" -l "$pg/server.log" -w -t 60 \
    -o "-p $PRIVATE_PG_PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories='$sockets' -c fsync=off" start >/dev/null \
    || { say "the private PostgreSQL did not start; see $pg/server.log"; exit 1; }
}

redis_binary() {
  if command -v redis-server >/dev/null; then command -v redis-server; return; fi
  local arch name jar
  arch=$(machine_arch)
  name=$([[ $arch == arm64 ]] && echo redis-server-6.2.7-linux-arm64 || echo redis-server-6.2.6-v5-linux-amd64)
  if [[ ! -x "$LOCAL/redis/$name" ]]; then
    jar=$(fetch_jar "com.github.codemonstur:embedded-redis:$EMBEDDED_REDIS_VERSION")
    mkdir -p "$LOCAL/redis"
    (cd "$LOCAL/redis" && jar xf "$jar" "$name" && chmod +x "$name")
  fi
  echo "$LOCAL/redis/$name"
}

start_private_redis() {
  local bin
  bin=$(redis_binary)
  mkdir -p "$LOCAL/redis"
  say "starting a private Redis on 127.0.0.1:$PRIVATE_REDIS_PORT"
  touch "$LOCAL/redis/started-by-us" # before it starts, as for PostgreSQL
  # AOF on: refresh-token chains must survive a restart, as in production.
  "$bin" --port "$PRIVATE_REDIS_PORT" --bind 127.0.0.1 --daemonize yes --dir "$LOCAL/redis" \
    --pidfile "$LOCAL/redis/redis.pid" --logfile "$LOCAL/redis/server.log" --save "" --appendonly yes
  for _ in $(seq 50); do redis_answers 127.0.0.1 "$PRIVATE_REDIS_PORT" && break; sleep 0.1; done
}

ensure_postgres() {
  if [[ -n ${PG_HOST:-} ]]; then
    PG_PORT=${PG_PORT:-5432}
    answers_tcp "$PG_HOST" "$PG_PORT" || { say "PostgreSQL at $PG_HOST:$PG_PORT (from PG_HOST) does not answer"; exit 1; }
    say "PostgreSQL: $PG_HOST:$PG_PORT (from the environment)"
  elif answers_tcp 127.0.0.1 "$LOCAL_PG_PORT"; then
    PG_HOST=127.0.0.1 PG_PORT=$LOCAL_PG_PORT
    say "PostgreSQL: the one answering on 127.0.0.1:$PG_PORT"
  else
    answers_tcp 127.0.0.1 "$PRIVATE_PG_PORT" || start_private_postgres
    PG_HOST=127.0.0.1 PG_PORT=$PRIVATE_PG_PORT
    say "PostgreSQL: private instance on 127.0.0.1:$PG_PORT (data in .local/pg)"
  fi
  PG_USER=${PG_USER:-postgres} PG_PASSWORD=${PG_PASSWORD:-}
  export PG_HOST PG_PORT PG_USER PG_PASSWORD
  local driver
  driver=$(fetch_jar "org.postgresql:postgresql:$PGJDBC_VERSION")
  # A JVM of a second: C1 alone compiles enough of it (0.6 instead of 1.1 s of CPU).
  # shellcheck disable=SC2086 # one argument per database name
  java -XX:TieredStopAtLevel=1 -cp "$driver" "$ROOT/scripts/EnsureDatabases.java" $DATABASES
}

ensure_redis() {
  if [[ -n ${REDIS_HOST:-} ]]; then
    REDIS_PORT=${REDIS_PORT:-6379}
    redis_answers "$REDIS_HOST" "$REDIS_PORT" "${REDIS_PASSWORD:-}" \
      || { say "Redis at $REDIS_HOST:$REDIS_PORT (from REDIS_HOST) does not answer"; exit 1; }
    say "Redis: $REDIS_HOST:$REDIS_PORT (from the environment)"
  elif redis_answers 127.0.0.1 "$LOCAL_REDIS_PORT"; then
    REDIS_HOST=127.0.0.1 REDIS_PORT=$LOCAL_REDIS_PORT
    say "Redis: the one answering on 127.0.0.1:$REDIS_PORT"
  else
    redis_answers 127.0.0.1 "$PRIVATE_REDIS_PORT" || start_private_redis
    REDIS_HOST=127.0.0.1 REDIS_PORT=$PRIVATE_REDIS_PORT
    say "Redis: private instance on 127.0.0.1:$REDIS_PORT (data in .local/redis)"
  fi
  REDIS_PASSWORD=${REDIS_PASSWORD:-}
  export REDIS_HOST REDIS_PORT REDIS_PASSWORD
}

up() {
  mkdir -p "$LOCAL"
  ensure_postgres
  ensure_redis
  {
    printf 'export PG_HOST=%q PG_PORT=%q PG_USER=%q PG_PASSWORD=%q\n' "$PG_HOST" "$PG_PORT" "$PG_USER" "$PG_PASSWORD"
    printf 'export REDIS_HOST=%q REDIS_PORT=%q REDIS_PASSWORD=%q\n' "$REDIS_HOST" "$REDIS_PORT" "$REDIS_PASSWORD"
    # For the tests that start Redis servers of their own (auth-service's cluster and ACL tests).
    printf 'export REDIS_SERVER_BIN=%q\n' "$(redis_binary)"
  } >"$ENV_FILE"
}

down() {
  # Once begun, finish: a supervisor may repeat its signal while make run stops (a CI runner, make itself).
  trap '' HUP INT TERM PIPE
  if [[ -f "$LOCAL/pg/started-by-us" ]]; then
    say "stopping the private PostgreSQL"
    local pg
    pg=$(readlink -f "$LOCAL/pg")
    as_pg_user "$(cat "$pg/started-by-us")/pg_ctl" -D "$pg/data" -m fast -w stop >/dev/null || true
    rm -f "$pg/started-by-us"
  fi
  if [[ -f "$LOCAL/redis/started-by-us" ]]; then
    say "stopping the private Redis"
    local pid
    if pid=$(cat "$LOCAL/redis/redis.pid" 2>/dev/null) && kill "$pid" 2>/dev/null; then
      # Until it has written its AOF and let go of the port, so that an `up` right after finds the port free.
      for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -f "$LOCAL/redis/started-by-us"
  fi
}

case ${1:-} in
  up) up ;;
  down) down ;;
  *) echo "usage: $0 up|down" >&2; exit 2 ;;
esac
