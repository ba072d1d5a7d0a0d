#!/usr/bin/env bash
# make run: ensure PostgreSQL and Redis, start the three services (migrations run at their start), load each service's
# demo data, print where everything is, then wait. Ctrl-C, a TERM or HUP signal (to this script or to the whole process
# group: a closed terminal, a killed tmux pane, a cancelled CI job) or `make stop` stops what it started, the private
# PostgreSQL and Redis included, even when the terminal or pipe it writes to is gone; scripts/run-signals-test.sh
# tests each. Works without a terminal too (`make run > run.log 2>&1 &`). RUN_SERVICES (all three) starts fewer.
# The services and their management ports (auth's admin API) listen on 127.0.0.1 only: the dev profile's kernel
# default; RUN_HOST=0.0.0.0 make run opens them to the network.
#
# Each service runs as its pod does: the JVM flags, malloc arenas, pools, cache and event loops of its Deployment
# and, as the machine's memory, the pod's memory limit (scripts/pod-sizing.sh). The first run after a build
# records the classes each service loads into an AppCDS archive (<service>/target/run-cds.jsa, written when it stops);
# later runs map it instead of loading and verifying those classes again.
set -euo pipefail
SECONDS=0

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
RUN="$ROOT/.local/run"
LOGS="$ROOT/.local/logs"
mkdir -p "$RUN" "$LOGS"

MANIFEST_PORT=${MANIFEST_PORT:-8081}
CONTENT_PORT=${CONTENT_PORT:-8082}
AUTH_PORT=${AUTH_PORT:-8083}
AUTH_ADMIN_PORT=${AUTH_ADMIN_PORT:-9083}
MANIFEST_MANAGEMENT_PORT=${MANIFEST_MANAGEMENT_PORT:-9081}
CONTENT_MANAGEMENT_PORT=${CONTENT_MANAGEMENT_PORT:-9082}
AUTH_ISSUER=${AUTH_ISSUER:-http://127.0.0.1:$AUTH_PORT}
export MANIFEST_PORT CONTENT_PORT AUTH_PORT AUTH_ADMIN_PORT MANIFEST_MANAGEMENT_PORT CONTENT_MANAGEMENT_PORT AUTH_ISSUER

read -r -a SERVICES <<<"${RUN_SERVICES:-manifest-service content-service auth-service}"
declare -A URL=([manifest-service]="http://127.0.0.1:$MANIFEST_PORT" [content-service]="http://127.0.0.1:$CONTENT_PORT"
  [auth-service]="http://127.0.0.1:$AUTH_PORT")
declare -A HEALTH=([manifest-service]="http://127.0.0.1:$MANIFEST_MANAGEMENT_PORT/q/health/ready"
  [content-service]="http://127.0.0.1:$CONTENT_MANAGEMENT_PORT/q/health/ready"
  [auth-service]="http://127.0.0.1:$AUTH_ADMIN_PORT/q/health/ready")
for svc in "${SERVICES[@]}"; do
  [[ -v "URL[$svc]" ]] || { echo "run: RUN_SERVICES names $svc; the services are ${!URL[*]}" >&2; exit 2; }
done

say() { echo "run: ${SECONDS}s  $*" >&2; }

cds_archive() { echo "$1/target/run-cds.jsa"; }
RECORDING=() # the services started without an archive: each writes one when it stops

# A service gets what its pod gets: 30 s (terminationGracePeriodSeconds) to finish, then SIGKILL.
STOP_GRACE_SECONDS=30
stopping=0
stop_all() {
  ((stopping)) && return
  stopping=1
  # Once stopping, finish: make forwards a TERM the group already got, and a supervisor may repeat its signal. The
  # terminal or pipe this writes to may be gone (a closed terminal, a cancelled CI job): a failed write, EPIPE or EIO,
  # must not end the script before the datastores are down, so SIGPIPE is ignored and errors do not stop it.
  trap '' HUP INT TERM PIPE
  set +e
  echo >&2
  if ((${#RECORDING[@]})); then
    echo "Stopping (${RECORDING[*]}: writing the AppCDS archive of their first run since the build)..." >&2
  else
    echo "Stopping..." >&2
  fi
  local pid_file svc archive waited
  for pid_file in "$RUN"/*-service.pid; do
    [[ -f $pid_file ]] || continue
    kill "$(cat "$pid_file")" 2>/dev/null
  done
  for pid_file in "$RUN"/*-service.pid; do
    [[ -f $pid_file ]] || continue
    waited=0
    while kill -0 "$(cat "$pid_file")" 2>/dev/null; do
      if ((waited++ == STOP_GRACE_SECONDS * 5)); then kill -KILL "$(cat "$pid_file")" 2>/dev/null; fi
      sleep 0.2
    done
    rm -f "$pid_file"
    # An archive recorded by a service that got ready is kept; one cut short is not.
    svc=$(basename "$pid_file" .pid)
    archive=$(cds_archive "$svc")
    if [[ -f $archive.recording && -f $RUN/$svc.ready ]]; then mv "$archive.recording" "$archive"; fi
    rm -f "$archive.recording" "$RUN/$svc.ready"
  done
  scripts/datastores.sh down
  rm -f "$RUN/run.pid"
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP
echo $$ >"$RUN/run.pid"
rm -f "$RUN"/*.ready
# What no trap sees, a SIGKILL (a CI runner's, once its grace period after TERM is over), ends this script before it
# stops anything: a guard in a session of its own stops what it left behind once it is gone (scripts/stop.sh).
setsid -f scripts/stop.sh --after $$ >>"$LOGS/stop-guard.log" 2>&1 </dev/null

scripts/datastores.sh up
# shellcheck source=/dev/null
source .local/datastores.env
say "PostgreSQL and Redis ready"

# The admin token of auth-service's admin API: made once per checkout, kept in .local (git-ignored).
[[ -s .local/auth-admin-token ]] || head -c 32 /dev/urandom | base64 | tr -d '/+=\n' >.local/auth-admin-token
AUTH_ADMIN_TOKEN=$(cat .local/auth-admin-token)
export AUTH_ADMIN_TOKEN

for svc in "${SERVICES[@]}"; do
  jar=$svc/target/quarkus-app/quarkus-run.jar
  archive=$(cds_archive "$svc")
  if [[ $archive -nt $jar ]]; then
    cds=-XX:SharedArchiveFile=$archive
  else
    rm -f "$archive"
    cds=-XX:ArchiveClassesAtExit=$archive.recording
    RECORDING+=("$svc")
  fi
  mapfile -t sizing < <(scripts/pod-sizing.sh "$svc")
  env "${sizing[@]}" QUARKUS_PROFILE=dev java "$cds" -jar "$jar" >"$LOGS/$svc.log" 2>&1 </dev/null &
  echo $! >"$RUN/$svc.pid"
  say "started $svc (pid $!, log .local/logs/$svc.log$([[ $cds == *AtExit* ]] && echo ", recording its AppCDS archive"))"
done

wait_ready() { # service: up to 90 s for its readiness check
  local svc=$1
  for _ in $(seq 450); do
    if curl -fsS -o /dev/null "${HEALTH[$svc]}" 2>/dev/null; then
      touch "$RUN/$svc.ready"
      # A JDK other than the one that recorded the archive refuses it: record it again next time.
      if grep -q 'Unable to use shared archive' "$LOGS/$svc.log"; then rm -f "$(cds_archive "$svc")"; fi
      return 0
    fi
    kill -0 "$(cat "$RUN/$svc.pid")" 2>/dev/null || { echo "$svc exited; see .local/logs/$svc.log" >&2; exit 1; }
    sleep 0.2
  done
  echo "$svc is not ready after 90 s; see .local/logs/$svc.log" >&2
  exit 1
}

demo_env="$ROOT/.local/demo.env"
{
  echo "# Written by make run: demo credentials and addresses (source it: . .local/demo.env)"
  echo "MANIFEST_URL=${URL[manifest-service]}"
  echo "CONTENT_URL=${URL[content-service]}"
  echo "AUTH_URL=${URL[auth-service]}"
  echo "AUTH_ADMIN_URL=http://127.0.0.1:$AUTH_ADMIN_PORT"
  echo "AUTH_ADMIN_TOKEN=$AUTH_ADMIN_TOKEN"
} >"$demo_env.new"
for svc in "${SERVICES[@]}"; do
  wait_ready "$svc"
  say "$svc is ready at ${URL[$svc]} ($(grep -o 'started in [0-9.]*s' "$LOGS/$svc.log" | head -1))"
  if [[ -f $svc/scripts/demo.sh ]]; then
    # The demo loaders run in the services' dev profile too (its demo key pepper, its databases).
    QUARKUS_PROFILE=dev SERVICE_URL=${URL[$svc]} ROOT=$ROOT AUTH_ADMIN_URL="http://127.0.0.1:$AUTH_ADMIN_PORT" \
      bash "$svc/scripts/demo.sh" >>"$demo_env.new"
  fi
done
mv "$demo_env.new" "$demo_env"

row() { printf '  %-18s %-32s %s\n' "$@" >&2; }
echo >&2
echo "Pressroom is running (${SECONDS}s). Demo credentials are in .local/demo.env (source it: . .local/demo.env)" >&2
echo >&2
row service url health
metrics=()
for svc in "${SERVICES[@]}"; do
  row "$svc" "${URL[$svc]}" "${HEALTH[$svc]}"
  metrics+=("${HEALTH[$svc]%/health/ready}/metrics")
done
if [[ " ${SERVICES[*]} " == *" auth-service "* ]]; then
  # shellcheck disable=SC2016 # the variable is the reader's to expand
  row "auth admin API" "http://127.0.0.1:$AUTH_ADMIN_PORT" '(Authorization: Bearer $AUTH_ADMIN_TOKEN)'
fi
row metrics "${metrics[*]}"
echo >&2
echo "Stop with Ctrl-C or \`make stop\`." >&2

# Wait for the services; if one dies, stop the rest.
wait -n
echo "a service exited; see .local/logs" >&2
exit 1
