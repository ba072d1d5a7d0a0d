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
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
LOCAL="$ROOT/.local"
ENV_FILE="$LOCAL/datastores.env"
LOCAL_PG_PORT=${LOCAL_PG_PORT:-5432}
LOCAL_REDIS_PORT=${LOCAL_REDIS_PORT:-6379}
PRIVATE_PG_PORT=${PRIVATE_PG_PORT:-15432}
PRIVATE_REDIS_PORT=${PRIVATE_REDIS_PORT:-16379}
DATABASES="content content_test auth auth_test"
# Kept equal to the versions the Quarkus BOM and our pom resolve; only used to fetch binaries and the JDBC driver.
PGJDBC_VERSION=42.7.10
ZONKY_PG_VERSION=17.6.0
EMBEDDED_REDIS_VERSION=1.4.3

say() { echo "datastores: $*" >&2; }

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
  local coords=$1 artifact version
  artifact=$(cut -d: -f2 <<<"$coords")
  version=$(cut -d: -f3 <<<"$coords")
  mkdir -p "$LOCAL/cache"
  if [[ ! -f "$LOCAL/cache/$artifact-$version.jar" ]]; then
    say "fetching $coords from Maven Central"
    (cd "$ROOT" && ./mvnw -B -q dependency:copy -Dartifact="$coords" -DoutputDirectory="$LOCAL/cache" >&2)
  fi
  echo "$LOCAL/cache/$artifact-$version.jar"
}

machine_arch() {
  case $(uname -m) in
    x86_64|amd64) echo amd64 ;;
    aarch64|arm64) echo arm64 ;;
    *) say "no packaged PostgreSQL/Redis binaries for $(uname -m); set PG_HOST and REDIS_HOST"; exit 1 ;;
  esac
}

# PostgreSQL refuses to run as root: when we are root, the private server runs as nobody.
as_pg_user() { if [[ $(id -u) == 0 ]]; then runuser -u nobody -- "$@"; else "$@"; fi; }

postgres_bindir() {
  local dir
  if dir=$(command -v initdb 2>/dev/null) && [[ -x $(dirname "$dir")/pg_ctl ]]; then dirname "$dir"; return; fi
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [[ -x $dir/initdb && -x $dir/pg_ctl ]] && { echo "$dir"; return; }
  done
  local arch jar flavour
  arch=$(machine_arch)
  flavour=$([[ $arch == arm64 ]] && echo arm64v8 || echo amd64)
  if [[ ! -x "$LOCAL/pgsql/bin/initdb" ]]; then
    jar=$(fetch_jar "io.zonky.test.postgres:embedded-postgres-binaries-linux-$flavour:$ZONKY_PG_VERSION")
    rm -rf "$LOCAL/pgsql" && mkdir -p "$LOCAL/pgsql"
    (cd "$LOCAL/pgsql" && jar xf "$jar" && tar -xJf ./*.txz && rm -f ./*.txz)
  fi
  echo "$LOCAL/pgsql/bin"
}

start_private_postgres() {
  local bin data="$LOCAL/pg/data"
  bin=$(postgres_bindir)
  mkdir -p "$LOCAL/pg"
  [[ $(id -u) == 0 ]] && chown nobody "$LOCAL/pg"
  if [[ ! -f $data/PG_VERSION ]]; then
    say "initialising a private PostgreSQL in $data"
    as_pg_user "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --no-locale >"$LOCAL/pg/initdb.log"
  fi
  # Its Unix socket too (content-service's socket test and bench use it); a socket address holds 107 bytes, so a
  # checkout in a deep folder gets a short one under /tmp.
  local sockets="$LOCAL/pg/socket"
  if (( ${#sockets} > 90 )); then sockets="/tmp/pressroom-pg-$PRIVATE_PG_PORT"; fi
  mkdir -p "$sockets"
  if [[ $(id -u) == 0 ]]; then chown nobody "$sockets"; fi
  say "starting the private PostgreSQL on 127.0.0.1:$PRIVATE_PG_PORT"
  as_pg_user "$bin/pg_ctl" -D "$data" -l "$LOCAL/pg/server.log" -w -t 60 \
    -o "-p $PRIVATE_PG_PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories='$sockets' -c fsync=off" start >/dev/null
  echo "$bin" >"$LOCAL/pg/started-by-us"
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
  # AOF on: refresh-token chains must survive a restart, as in production.
  "$bin" --port "$PRIVATE_REDIS_PORT" --bind 127.0.0.1 --daemonize yes --dir "$LOCAL/redis" \
    --pidfile "$LOCAL/redis/redis.pid" --logfile "$LOCAL/redis/server.log" --save "" --appendonly yes
  for _ in $(seq 50); do redis_answers 127.0.0.1 "$PRIVATE_REDIS_PORT" && break; sleep 0.1; done
  touch "$LOCAL/redis/started-by-us"
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
  java -cp "$driver" "$ROOT/scripts/EnsureDatabases.java" $DATABASES
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
  if [[ -f "$LOCAL/pg/started-by-us" ]]; then
    say "stopping the private PostgreSQL"
    as_pg_user "$(cat "$LOCAL/pg/started-by-us")/pg_ctl" -D "$LOCAL/pg/data" -m fast -w stop >/dev/null || true
    rm -f "$LOCAL/pg/started-by-us"
  fi
  if [[ -f "$LOCAL/redis/started-by-us" ]]; then
    say "stopping the private Redis"
    [[ -f "$LOCAL/redis/redis.pid" ]] && kill "$(cat "$LOCAL/redis/redis.pid")" 2>/dev/null || true
    rm -f "$LOCAL/redis/started-by-us"
  fi
}

case ${1:-} in
  up) up ;;
  down) down ;;
  *) echo "usage: $0 up|down" >&2; exit 2 ;;
esac
