#!/usr/bin/env bash
# make bench: each service's benchmark (<service>/bench/run.sh), one after the other so they don't share the 2 cores.
# Metrics and the access log are always on, as in production. BENCH_TRACING=1 also records traces and exports them
# over OTLP/HTTP to a local sink that discards them (scripts/OtlpSink.java), to measure tracing's cost: the share of
# requests traced is BENCH_TRACING_RATIO, by default the production overlay's (deploy/overlays/prod: 0.1); 1 traces
# every request.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
if [[ ${BENCH_TRACING:-0} == 1 ]]; then
  sink_port=${BENCH_OTLP_PORT:-14318}
  java scripts/OtlpSink.java "$sink_port" &
  sink=$!
  trap 'kill $sink; wait $sink 2>/dev/null || true' EXIT
  export OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:$sink_port" OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf
  export OTEL_TRACES_SAMPLER_ARG=${BENCH_TRACING_RATIO:-0.1}
  echo "tracing on: a share of $OTEL_TRACES_SAMPLER_ARG of the requests traced, exported to the sink on 127.0.0.1:$sink_port"
fi
services=("$@")
((${#services[@]})) || services=(manifest-service content-service auth-service)
for svc in "${services[@]}"; do
  if [[ -x $svc/bench/run.sh || -f $svc/bench/run.sh ]]; then
    echo "=== $svc benchmark"
    bash "$svc/bench/run.sh"
  else
    echo "=== $svc: no benchmark yet"
  fi
done
