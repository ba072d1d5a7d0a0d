#!/usr/bin/env bash
# make build (and what make run, bench, fuzz-http and import build first): each service's runnable jar, and the
# pressroom-manifest CLI's, whose sources, the kernel's, the manifest engine's or a pom changed since it was built, all in one parallel Maven run that skips what running them does
# not need: compiling and running the tests, Quarkus code generation (no extension here generates code), the deploy
# checks and native steps. Prints a line per step, so a long first build never looks hung; Maven's full output goes
# to .local/logs/build.log.
#   scripts/build.sh [module...]   (default: the three services and manifest-cli)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
services=("$@")
((${#services[@]})) || services=(manifest-service content-service auth-service manifest-cli)

# What a module's build produces: a service's fast-jar, or the CLI's single runnable jar.
artifact() {
  case $1 in
    manifest-cli) echo manifest-cli/target/pressroom-manifest-runner.jar ;;
    *) echo "$1/target/quarkus-app/quarkus-run.jar" ;;
  esac
}

stale=()
for svc in "${services[@]}"; do
  jar=$(artifact "$svc")
  # The libraries built with it (shared-kernel, and manifest-engine for manifest-service and manifest-cli) count too.
  if [[ ! -f $jar ]] || [[ -n $(find "$svc/src" "$svc/pom.xml" shared-kernel/src shared-kernel/pom.xml \
    manifest-engine/src manifest-engine/pom.xml pom.xml -newer "$jar" -print -quit) ]]; then
    stale+=("$svc")
  fi
done
if ((${#stale[@]} == 0)); then
  echo "build: ${services[*]} up to date" >&2
  exit 0
fi

mkdir -p .local/logs
log=.local/logs/build.log
echo "build: ${stale[*]} (one Maven run, tests not compiled; log $log)" >&2
modules=$(IFS=,; echo "${stale[*]}")
# A step line per module as Maven reaches it: which step, and seconds since the start.
progress() {
  local line module step downloading=0
  while IFS= read -r line; do
    printf '%s\n' "$line" >>"$log"
    case $line in
      *"Downloading from"*)
        ((downloading)) || echo "build: ${SECONDS}s  downloading Maven and dependencies (first build on this machine)" >&2
        downloading=1 ;;
      *"--- "*" @ "*" ---"*)
        module=${line##* @ }
        module=${module%% ---*}
        case $line in
          *"--- compiler:"*":compile "*) step="compiling" ;;
          *"--- antrun:"*) step="compiling its native libraries" ;;
          *"--- quarkus:"*":build "*) step="packaging (Quarkus build)" ;;
          *) continue ;;
        esac
        echo "build: ${SECONDS}s  $module: $step" >&2 ;;
      *"BUILD SUCCESS"*) echo "build: ${SECONDS}s  done" >&2 ;;
    esac
  done
}
# Maven's JVM lives for a minute or two: C1 compiles enough of it (javac and Quarkus's build run in it), and C2's
# compilations took about half the build's CPU here (43-49 s of user CPU for the three services, 24-28 s without).
export MAVEN_OPTS="${MAVEN_OPTS:-} -XX:TieredStopAtLevel=1"
SECONDS=0
: >"$log"
if ! ./mvnw -B package -pl "$modules" -am -T 1C -Dmaven.test.skip=true -Dquarkus.generate-code.skip=true 2>&1 | progress; then
  echo "build: failed; the end of $log:" >&2
  grep -E '\[ERROR\]|BUILD FAILURE' "$log" | head -40 >&2
  exit 1
fi
