#!/usr/bin/env bash
# make fuzz: coverage-guided fuzzing (Jazzer) of every @FuzzTest in the repository, one target at a time, each for
# FUZZ_SECONDS (60). A finding fails its target and Jazzer saves the input under the test class's
# src/test/resources/.../<Class>Inputs/<method>/, where `make test` replays it from then on (commit it with the fix).
# The growing corpus stays in <module>/.cifuzz-corpus/ (git-ignored) and seeds the next run.
# FUZZ_TARGETS narrows the run to targets whose Class#method matches an extended regular expression.
# Jazzer measures coverage in the module's own classes only; <module>/src/test/jazzer-instrument, where present,
# lists the packages to measure instead (comma-separated globs), e.g. a library a target feeds.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
seconds=${FUZZ_SECONDS:-60}
filter=${FUZZ_TARGETS:-.}
log_dir="$ROOT/target/fuzz"
mkdir -p "$log_dir"

# Every fuzz target as module<TAB>Class#method, found in the test sources.
targets() {
  grep -rl --include='*.java' '@FuzzTest' -- */src/test/java | sort | while read -r file; do
    module=${file%%/src/test/java/*}
    class=$(basename "$file" .java)
    awk '/@FuzzTest/ {armed = 1; next} armed && /void [a-zA-Z0-9_]+\(/ {match($0, /void [a-zA-Z0-9_]+\(/);
         print substr($0, RSTART + 5, RLENGTH - 6); armed = 0}' "$file" |
      while read -r method; do printf '%s\t%s#%s\n' "$module" "$class" "$method"; done
  done
}

./mvnw -B -q -o install -DskipTests >/dev/null 2>&1 || ./mvnw -B -q install -DskipTests
printf '%-60s %10s %8s %6s  %s\n' target runs exec/s cov result
failed=0
while IFS=$'\t' read -r module target; do
  [[ $target =~ $filter ]] || continue
  log="$log_dir/${target/\#/.}.log"
  instrument=()
  if [[ -f "$module/src/test/jazzer-instrument" ]]; then
    instrument=(-Djazzer.instrument="$(tr -d '[:space:]' <"$module/src/test/jazzer-instrument")")
  fi
  JAZZER_FUZZ=1 ./mvnw -B -o test -pl "$module" -Dtest="$target" -Dsurefire.failIfNoSpecifiedTests=false \
    -Djazzer.max_duration="${seconds}s" "${instrument[@]}" >"$log" 2>&1
  status=$?
  done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1)
  runs=$(sed -nE 's/^#([0-9]+).*/\1/p' <<<"$done_line")
  rate=$(sed -nE 's/.*exec\/s: ([0-9]+).*/\1/p' <<<"$done_line")
  cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$done_line")
  if ((status == 0)); then result=ok; else result="FINDING (see $log)"; failed=1; fi
  printf '%-60s %10s %8s %6s  %s\n' "$module:$target" "${runs:-?}" "${rate:-?}" "${cov:-?}" "$result"
done < <(targets)
git status --short -- '*/src/test/resources/*Inputs/*' | sed 's/^/new regression input: /'
exit $failed
