#!/usr/bin/env bash
# Native executables of the services and the CLI on this kind of machine, with nothing but Maven Central and Debian's
# packages: the test vehicle of the native build (README, "Native executables"). The shipped images are built the
# standard way instead (deploy/images.sh native: Quarkus with a Mandrel builder image), from the same
# native-image.args.
#
#   scripts/native.sh setup                 the one-time toolchain in .local/native (see setup below); prints each step
#   scripts/native.sh build [app...]        Quarkus' native sources, then the compiled executable <app>/target/native/
#   scripts/native.sh analyse [app...]      the same, stopping after the builder's analysis (what CI runs for every app)
#   scripts/native.sh test [app...]         each app's *NativeIT (failsafe) against the executable build wrote
#   scripts/native.sh path <app>            the executable build writes
#
# Apps: manifest-service content-service auth-service manifest-cli (default: all four). NATIVE_XMX (default 5g) is
# the builder's heap; NATIVE_BUILDER_ARGS adds builder options (e.g. -H:TempDirectory=...). One build at a time, it takes most of a 2-core machine for about 8 minutes.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

CACHE=${NATIVE_CACHE:-$ROOT/.local/native}
GRAALVM_VERSION=25.0.4
# Temurin 25 has JVMCI; its Debian counterpart with GraalVM's static libraries is openjdk-25-jvmci-jdk (trixie).
HOST_JDK=${NATIVE_HOST_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
DEBIAN_PACKAGE=openjdk-25-jvmci-jdk
DEBIAN_SOURCES=("deb http://deb.debian.org/debian-security trixie-security main" "deb http://deb.debian.org/debian trixie main")
XMX=${NATIVE_XMX:-5g}
ALL_APPS=(manifest-service content-service auth-service manifest-cli)

JDK=$CACHE/jdk
BUILDER=$CACHE/builder
CLIBS=$CACHE/clibraries
STATIC=$JDK/lib/static/linux-amd64/glibc

log() { echo "native: $*" >&2; }

ready() { [[ -f $CACHE/.ready-$GRAALVM_VERSION ]]; }

# The builder's JDK: a copy of Temurin 25 (java.home must be where the builder finds the static libraries and its
# own helper), with the JDK's static libraries from Debian's JVMCI JDK, extracted, never installed.
setup_jdk() {
  [[ -x $HOST_JDK/bin/java ]] || { log "no JDK 25 at $HOST_JDK (set NATIVE_HOST_JDK)"; exit 1; }
  log "copying $HOST_JDK to $JDK"
  rm -rf "$JDK"
  cp -a "$HOST_JDK" "$JDK"
  local apt=$CACHE/apt
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/deb"
  printf '%s\n' "${DEBIAN_SOURCES[@]}" >"$apt/sources.list"
  local opts=(-o "Dir::Etc::SourceList=$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o Dir::State::Status=/dev/null)
  log "apt-get download $DEBIAN_PACKAGE (Debian trixie; a private package list, nothing installed)"
  apt-get "${opts[@]}" -qq update
  rm -f "$apt/deb/"*.deb
  (cd "$apt/deb" && apt-get "${opts[@]}" -qq download "$DEBIAN_PACKAGE" 2>/dev/null)
  rm -rf "$apt/x"
  dpkg-deb -x "$apt/deb/"*.deb "$apt/x"
  mkdir -p "$STATIC"
  cp "$apt/x"/usr/lib/jvm/java-25-openjdk-amd64-jvmci/lib/*.a "$STATIC/"
  rm -rf "$apt/x" "$apt/deb"
  log "$(find "$STATIC" -name '*.a' | wc -l) static libraries in $STATIC"
}

# GraalVM's builder (pure Java) from Maven Central: scripts/native/pom.xml.
setup_builder() {
  log "fetching org.graalvm.nativeimage:svm:$GRAALVM_VERSION and its dependencies into $BUILDER"
  rm -rf "$BUILDER"
  ./mvnw -B -q -f scripts/native/pom.xml -Dgraalvm.version="$GRAALVM_VERSION" \
    dependency:copy-dependencies -DoutputDirectory="$BUILDER"
}

# Our own C support libraries (scripts/native/c): what the image's runtime and the builder call in C.
setup_clibraries() {
  log "compiling scripts/native/c into $CLIBS"
  rm -rf "$CLIBS"
  mkdir -p "$CLIBS/include" "$JDK/lib/svm/builder/lib"
  cp scripts/native/c/include/*.h "$CLIBS/include/"
  local obj=$CACHE/obj name
  mkdir -p "$obj"
  for name in libchelper svm_container jvm glibc_shims jdk_shims; do
    gcc -O2 -fPIC -Wall -Wextra -Werror -Iscripts/native/c/include -I"$JDK/include" -I"$JDK/include/linux" \
      -c "scripts/native/c/$name.c" -o "$obj/$name.o"
  done
  ar rcs "$CLIBS/liblibchelper.a" "$obj/libchelper.o"
  ar rcs "$CLIBS/libsvm_container.a" "$obj/svm_container.o"
  ar rcs "$CLIBS/libjvm.a" "$obj/jvm.o" "$obj/glibc_shims.o" "$obj/jdk_shims.o"
  gcc -O2 -shared -fPIC -Wall -Wextra -Werror -I"$JDK/include" -I"$JDK/include/linux" \
    scripts/native/c/reporterchelper.c -o "$JDK/lib/svm/builder/lib/libreporterchelper.so"
}

setup() {
  command -v gcc >/dev/null || { log "installing gcc"; apt-get update -qq && apt-get install -y -qq gcc >&2; }
  command -v dpkg-deb >/dev/null || { log "dpkg-deb missing: this route needs a Debian-based machine"; exit 1; }
  local started=$SECONDS
  mkdir -p "$CACHE"
  rm -f "$CACHE"/.ready-*
  setup_jdk
  setup_builder
  setup_clibraries
  touch "$CACHE/.ready-$GRAALVM_VERSION"
  log "toolchain ready in $((SECONDS - started)) s ($(du -sh "$CACHE" | cut -f1) in $CACHE)"
}

# The C libraries follow their sources without a full setup.
refresh_clibraries() {
  if [[ ! -f $CLIBS/libjvm.a ]] || [[ -n $(find scripts/native/c -newer "$CLIBS/libjvm.a" -print -quit) ]]; then
    setup_clibraries
  fi
}

executable_name() {
  case $1 in
    manifest-cli) echo pressroom-manifest-runner ;;
    *) echo "$1-$(sed -n 's:.*<version>\([^<]*\)</version>.*:\1:p' pom.xml | head -n 1)-runner" ;;
  esac
}

native_sources() {
  local modules
  modules=$(IFS=,; echo "$*")
  log "Quarkus native sources of $* (every native build step short of the compiler)"
  ./mvnw -B -q package -Dnative -Dquarkus.native.sources-only=true -DskipTests -pl "$modules" -am >&2
}

# Runs the builder on one app's native sources; extra arguments go to the builder.
compile() {
  local app=$1 out=$ROOT/$1/target/native
  shift
  local started=$SECONDS extra=()
  read -r -a extra <<<"${NATIVE_BUILDER_ARGS:-}"
  mkdir -p "$out"
  log "$app: builder (-Xmx$XMX) $*; log $out/build.log"
  if ! /usr/bin/time -f '%e s, builder peak RSS %M KiB' -o "$out/build.time" \
    "$JDK/bin/java" --add-modules=jdk.internal.vm.ci scripts/native/NativeImage.java \
    "$JDK" "$BUILDER" "$CLIBS" "$app/target/native-sources" "$out" "$XMX" "$@" "${extra[@]}" \
    >"$out/build.log" 2>&1; then
    grep -v "^Warning: Option 'DynamicProxyConfigurationResources'" "$out/build.log" | tail -n 60 >&2
    log "$app: FAILED after $((SECONDS - started)) s (full log: $out/build.log)"
    return 1
  fi
  log "$app: $(cat "$out/build.time")"
}

# The native integration tests of one app: its *NativeIT classes, run by failsafe with the executable's path.
native_test() {
  local app=$1 executable
  executable=$ROOT/$app/target/native/$(executable_name "$app")
  if [[ ! -x $executable ]]; then
    ready || setup
    refresh_clibraries
    native_sources "$app"
    compile "$app" || return 1
  fi
  log "$app: native integration tests against $executable"
  ./mvnw -B -q -pl "$app" -am test-compile failsafe:integration-test failsafe:verify \
    -DskipITs=false -Dit.test='*NativeIT' -Dfailsafe.failIfNoSpecifiedTests=false -Djacoco.skip=true \
    -Dnative.executable="$executable" >&2
}

apps_or_all() {
  if (($#)); then printf '%s\n' "$@"; else printf '%s\n' "${ALL_APPS[@]}"; fi
}

command=${1:-build}
shift || true
case $command in
  setup) setup ;;
  clibraries) setup_clibraries ;;
  path) echo "$ROOT/$1/target/native/$(executable_name "$1")" ;;
  build | analyse)
    ready || setup
    refresh_clibraries
    mapfile -t apps < <(apps_or_all "$@")
    # NATIVE_SOURCES=keep reuses target/native-sources (while working on this route itself).
    [[ ${NATIVE_SOURCES:-} == keep ]] || native_sources "${apps[@]}"
    failed=()
    for app in "${apps[@]}"; do
      if [[ $command == analyse ]]; then
        compile "$app" -H:+ExitAfterAnalysis || failed+=("$app")
      else
        compile "$app" || failed+=("$app")
      fi
    done
    if ((${#failed[@]})); then
      log "failed: ${failed[*]}"
      exit 1
    fi
    ;;
  test)
    mapfile -t apps < <(apps_or_all "$@")
    failed=()
    for app in "${apps[@]}"; do
      native_test "$app" || failed+=("$app")
    done
    if ((${#failed[@]})); then
      log "native tests failed: ${failed[*]}"
      exit 1
    fi
    ;;
  *)
    echo "usage: scripts/native.sh setup | build [app...] | analyse [app...] | test [app...] | path <app>" >&2
    exit 2
    ;;
esac
