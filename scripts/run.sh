#!/usr/bin/env bash
# make run: ensure PostgreSQL and Redis, start the three services (migrations run at their start), load each service's
# demo data, print where everything is, then wait. Ctrl-C, a TERM signal or `make stop` stops what it started.
# Works without a terminal too (`make run > run.log 2>&1 &`).
set -euo pipefail

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

SERVICES=(manifest-service content-service auth-service)
declare -A URL=([manifest-service]="http://127.0.0.1:$MANIFEST_PORT" [content-service]="http://127.0.0.1:$CONTENT_PORT"
  [auth-service]="http://127.0.0.1:$AUTH_PORT")
declare -A HEALTH=([manifest-service]="http://127.0.0.1:$MANIFEST_MANAGEMENT_PORT/q/health/ready"
  [content-service]="http://127.0.0.1:$CONTENT_MANAGEMENT_PORT/q/health/ready"
  [auth-service]="http://127.0.0.1:$AUTH_ADMIN_PORT/q/health/ready")

stopping=0
stop_all() {
  ((stopping)) && return
  stopping=1
  echo >&2
  echo "Stopping..." >&2
  local pid_file
  for pid_file in "$RUN"/*-service.pid; do
    [[ -f $pid_file ]] || continue
    kill "$(cat "$pid_file")" 2>/dev/null || true
  done
  for pid_file in "$RUN"/*-service.pid; do
    [[ -f $pid_file ]] || continue
    while kill -0 "$(cat "$pid_file")" 2>/dev/null; do sleep 0.2; done
    rm -f "$pid_file"
  done
  scripts/datastores.sh down
  rm -f "$RUN/run.pid"
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
echo $$ >"$RUN/run.pid"

scripts/datastores.sh up
# shellcheck source=/dev/null
source .local/datastores.env

# The admin token of auth-service's admin API: made once per checkout, kept in .local (git-ignored).
[[ -s .local/auth-admin-token ]] || head -c 32 /dev/urandom | base64 | tr -d '/+=\n' >.local/auth-admin-token
AUTH_ADMIN_TOKEN=$(cat .local/auth-admin-token)
export AUTH_ADMIN_TOKEN

for svc in "${SERVICES[@]}"; do
  QUARKUS_PROFILE=dev java -jar "$svc/target/quarkus-app/quarkus-run.jar" >"$LOGS/$svc.log" 2>&1 </dev/null &
  echo $! >"$RUN/$svc.pid"
  echo "started $svc (pid $!, log .local/logs/$svc.log)" >&2
done

wait_ready() { # service: up to 90 s for its readiness check
  local svc=$1
  for _ in $(seq 450); do
    curl -fsS -o /dev/null "${HEALTH[$svc]}" 2>/dev/null && return 0
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
  echo "$svc is ready at ${URL[$svc]}" >&2
  if [[ -f $svc/scripts/demo.sh ]]; then
    # The demo loaders run in the services' dev profile too (its demo key pepper, its databases).
    QUARKUS_PROFILE=dev SERVICE_URL=${URL[$svc]} ROOT=$ROOT AUTH_ADMIN_URL="http://127.0.0.1:$AUTH_ADMIN_PORT" \
      bash "$svc/scripts/demo.sh" >>"$demo_env.new"
  fi
done
mv "$demo_env.new" "$demo_env"

cat >&2 <<EOF

Pressroom is running. Demo credentials are in .local/demo.env (source it: . .local/demo.env)

  service            url                              health
  manifest-service   ${URL[manifest-service]}           ${HEALTH[manifest-service]}
  content-service    ${URL[content-service]}           ${HEALTH[content-service]}
  auth-service       ${URL[auth-service]}           ${HEALTH[auth-service]}
  auth admin API     http://127.0.0.1:$AUTH_ADMIN_PORT           (Authorization: Bearer \$AUTH_ADMIN_TOKEN)
  metrics            http://127.0.0.1:{$MANIFEST_MANAGEMENT_PORT,$CONTENT_MANAGEMENT_PORT,$AUTH_ADMIN_PORT}/q/metrics

Stop with Ctrl-C or \`make stop\`.
EOF

# Wait for the services; if one dies, stop the rest.
wait -n
echo "a service exited; see .local/logs" >&2
exit 1
