#!/usr/bin/env bash
# The kernel's JMH micro-benchmarks (AccessLineJmh: one access-log record through each console formatter) and the
# write-call count of the console (ConsoleWrites under strace). Arguments go to JMH, e.g.
#   shared-kernel/bench/jmh/run.sh AccessLineJmh -prof gc
# gc.alloc.rate.norm (bytes per operation) and strace's write count do not depend on the machine's load; times do.
# Results: the console and target/jmh/kernel-<UTC time>.json.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$ROOT"
MODULE=shared-kernel/bench/jmh
OUT="$ROOT/target/jmh"
mkdir -p "$OUT"

./mvnw -B -q -Pjmh -pl "$MODULE" -am package dependency:build-classpath -Dmdep.outputFile=target/jmh.classpath \
  -Dmaven.test.skip=true
cp="$MODULE/target/classes:$(cat "$MODULE/target/jmh.classpath")"

echo "kernel-jmh: load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
java -cp "$cp" org.openjdk.jmh.Main -rf json -rff "$OUT/kernel-$(date -u +%Y%m%dT%H%M%SZ).json" "$@"
if command -v strace >/dev/null; then
  for mode in per-line batched; do
    strace -f -c -e trace=write -o "$OUT/writes-$mode.txt" \
      java -cp "$cp" dev.pressroom.kernel.observe.ConsoleWrites "$mode" 100000 >/dev/null
    echo "kernel-jmh: $mode, write calls for 100000 lines: $(awk '$NF == "write" {print $4}' "$OUT/writes-$mode.txt")"
  done
fi
echo "kernel-jmh: load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
