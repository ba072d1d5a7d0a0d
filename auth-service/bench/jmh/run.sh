#!/usr/bin/env bash
# make bench-micro: auth-service's JMH micro-benchmarks (SignJmh, IdTokenJmh, HashJmh), JNI against the Java
# fallbacks, each in 3 forks of 4 warm-up and 5 measured 2-second iterations (JMH's mean and 99.9% error), wall time
# and the benchmark thread's CPU time per call. About 17 minutes for all 13 rows at load 20. Arguments go to JMH: a
# regex of benchmarks, and options, e.g.
#   auth-service/bench/jmh/run.sh SignJmh -f 1 -wi 2 -i 3
# Results: the console and target/jmh/results-<UTC time>.json; the load average before and after is printed (the
# machine is shared: record it with the figures in auth-service/bench/RESULTS.md).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$ROOT"
MODULE=auth-service/bench/jmh
OUT="$ROOT/target/jmh"
mkdir -p "$OUT"

# auth-service's classes with its JNI libraries (compiled by its build), no tests, no Quarkus application build; then
# the benchmarks' class path.
./mvnw -B -q -Pjmh -pl "$MODULE" -am package dependency:build-classpath -Dmdep.outputFile=target/jmh.classpath \
  -Dmaven.test.skip=true -Dquarkus.generate-code.skip=true -Dquarkus.build.skip=true
cp="$MODULE/target/classes:$(cat "$MODULE/target/jmh.classpath")"

result="$OUT/results-$(date -u +%Y%m%dT%H%M%SZ).json"
echo "bench-micro: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(java -version 2>&1 | head -1)"
echo "bench-micro: load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
java -cp "$cp" org.openjdk.jmh.Main -rf json -rff "$result" "$@"
echo "bench-micro: load average after: $(cut -d' ' -f1-3 /proc/loadavg); results in ${result#"$ROOT"/}"
echo
# Wall time counts the time other processes held the core; the thread's CPU time does not (ThreadCpu).
java -cp "$cp" dev.pressroom.auth.jmh.CpuSummary "$result"
