#!/usr/bin/env bash
# Runs one admin command of content-service (import, key, demo) with the service's own jar, HTTP server off (and
# the management interface on a free port, beside a running service).
# It connects to PostgreSQL through JDBC (PG_*, CONTENT_DB_NAME) and migrates the schema first if needed.
# Commands: import <blog> <folder> | import-ghost <blog> <export.json> | key rotate|create <blog> <label> [origin...] | key revoke <blog> <label>
#           | demo <blog> <folder> <site>
set -euo pipefail
module=$(cd "$(dirname "$0")/.." && pwd)
jar="$module/target/quarkus-app/quarkus-run.jar"
if [ ! -f "$jar" ]; then
  (cd "$module/.." && ./mvnw -B -q -pl content-service package -DskipTests) >&2
fi
# The key commands and the demo blog take a few seconds: C1 alone compiles enough of them (the demo import: 3 instead
# of 5.5 s of CPU). An import of a whole blog keeps C2 for its Markdown rendering.
jit=""
case ${1:-} in key | demo) jit=-XX:TieredStopAtLevel=1 ;; esac
exec java -Xmx256m $jit \
  -Dquarkus.http.host-enabled=false \
  -Dquarkus.management.port=0 \
  -Dquarkus.flyway.migrate-at-start=true \
  -Dcontent.listen.enabled=false \
  -Dquarkus.log.level=WARN \
  -Dquarkus.log.category.\"dev.pressroom\".level=INFO \
  -jar "$jar" "$@"
