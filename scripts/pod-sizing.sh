#!/usr/bin/env bash
# What a service's Deployment sets that sizes its JVM and the service, as NAME=value lines: from
# deploy/base/<service>/config.env the JVM flags, malloc arenas, pools, answer cache, event loops and graceful shutdown
# (not its addresses, users or secrets), and the container's memory limit as all the memory the JVM's ergonomics see
# (-XX:MaxRAM), as in the pod. make run and make faults start each service with these, so it weighs and stops as a pod
# does: a stop finishes the requests under way (a refresh cut short after its rotation would cost the client its chain).
#   scripts/pod-sizing.sh <service>
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
base="$ROOT/deploy/base/${1:?usage: $0 <service>}"
for name in JDK_JAVA_OPTIONS MALLOC_ARENA_MAX QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE CONTENT_DB_POOL CONTENT_CACHE_MAX_BYTES \
  AUTH_HASH_THREADS QUARKUS_SHUTDOWN_TIMEOUT; do
  value=$(sed -n "s/^$name=//p" "$base/config.env")
  [[ -n $value ]] || continue
  if [[ $name == JDK_JAVA_OPTIONS ]]; then
    # The first memory limit under containers: (not initContainers:), the service's own container's.
    limit=$(awk '/^ *containers:/ {c = 1} c && /limits:/ {l = 1} c && l && /memory:/ {print $2; exit}' \
      "$base/deployment.yaml")
    case $limit in
      *Mi) value="$value -XX:MaxRAM=${limit%Mi}m" ;;
      *Gi) value="$value -XX:MaxRAM=$((${limit%Gi} * 1024))m" ;;
      *) echo "pod-sizing: $1's memory limit '$limit' is not in Mi or Gi" >&2; exit 1 ;;
    esac
  fi
  echo "$name=$value"
done
