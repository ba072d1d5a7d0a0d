#!/usr/bin/env bash
# The JVM images' start (deploy/README.md, Warm-up), for the benches to run a service as its image does: JDK 25, and
# an AOT cache recorded by a start that ends with its startup, as each Dockerfile.jvm's training step records it (same
# command; the caller's environment carries JDK_JAVA_OPTIONS, the Deployment's flags, and what the service's config
# requires). A cache belongs to one JDK build and one set of jars: record it again after a build.
#   scripts/jvm-aot.sh java                                  prints the launcher: $RUNTIME_JDK/bin/java
#   scripts/jvm-aot.sh train <quarkus-run.jar> <cache> [NAME=value...]
#                                                            records <cache>; map it with -XX:AOTCache=<cache>
set -euo pipefail
JDK=${RUNTIME_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
JAVA="$JDK/bin/java"
[[ -x $JAVA ]] || { echo "jvm-aot: no JDK at $JDK (RUNTIME_JDK names one, 25 or later for the AOT cache)" >&2; exit 1; }
case ${1:-} in
  java) echo "$JAVA" ;;
  train)
    jar=${2:?usage: $0 train <quarkus-run.jar> <cache> [NAME=value...]}
    cache=${3:?usage: $0 train <quarkus-run.jar> <cache> [NAME=value...]}
    shift 3
    log="$cache.log"
    rm -f "$cache"
    status=0
    env "$@" QUARKUS_INIT_AND_EXIT=true "$JAVA" -XX:AOTCacheOutput="$cache" \
      -Djava.util.logging.manager=org.jboss.logmanager.LogManager -Dquarkus.http.host=0.0.0.0 -jar "$jar" >"$log" 2>&1 \
      || status=$?
    if ((status != 0)) || [[ ! -s $cache ]]; then
      echo "jvm-aot: the training start exited $status with $( [[ -s $cache ]] && echo a || echo no ) cache; log:" >&2
      tail -20 "$log" >&2
      exit 1
    fi
    ;;
  *) echo "usage: $0 java | train <quarkus-run.jar> <cache> [NAME=value...]" >&2; exit 2 ;;
esac
