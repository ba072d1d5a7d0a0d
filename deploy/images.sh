#!/usr/bin/env bash
# Builds the container images of the three services and of the pressroom-manifest CLI (manifest-cli) with docker or
# podman. The CLI's image runs `pressroom-manifest` (JVM: a script around its runnable jar, with a shell for CI jobs).
#
#   deploy/images.sh [jvm]        JVM images pressroom/<service>:<version> (packages the fast-jars first)
#   deploy/images.sh native       native images pressroom/<service>:<version>-native, compiled inside the
#                                 Mandrel builder image (Dockerfile.native-build): needs Docker/Podman only
#   deploy/images.sh native-micro native images from executables already in <service>/target/*-runner
#                                 (./mvnw package -Dnative -Dquarkus.native.container-build=true)
#   deploy/images.sh all          jvm, then native
#   deploy/images.sh list         print the image references the builds produce, build nothing
#
# auth-service's RS256 signer (a JNI library over OpenSSL) is compiled by its Maven build: on this machine for jvm
# and native-micro (gcc and the OpenSSL 3 headers, e.g. libssl-dev; without them it warns and the image signs with
# the JDK), inside the builder image for native. Its images carry libcrypto.so.3. The same build compiles the
# reference Argon2id library (gcc and libc only; without gcc the service hashes with Bouncy Castle in Java).
#
# IMAGE_PREFIX (default pressroom) and IMAGE_TAG (default: the project version) change the references;
# the overlays' `images:` entries must name the same ones (deploy/README.md).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SERVICES=(manifest-service content-service auth-service manifest-cli)
PREFIX="${IMAGE_PREFIX:-pressroom}"
# The first <version> of the parent POM is the project's own.
VERSION="$(sed -n 's:.*<version>\([^<]*\)</version>.*:\1:p' "$ROOT/pom.xml" | head -n 1)"
TAG="${IMAGE_TAG:-$VERSION}"

jvm_image() { echo "$PREFIX/$1:$TAG"; }
native_image() { echo "$PREFIX/$1:$TAG-native"; }

engine() {
  local candidate
  for candidate in docker podman; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" info >/dev/null 2>&1; then
      echo "$candidate"
      return 0
    fi
  done
  cat >&2 <<'MSG'
images.sh: no working container engine. Install Docker (and start its daemon) or Podman, then run this again.
Without one you can still build everything the images contain:
  ./mvnw -B package -DskipTests                                         JVM fast-jars (target/quarkus-app)
  ./mvnw -B package -Dnative -Dquarkus.native.sources-only=true -DskipTests -pl <service> -am
                                                                        native-image inputs (target/native-sources)
MSG
  return 1
}

build() { # engine, dockerfile, image, extra args...
  local engine="$1" dockerfile="$2" image="$3"
  shift 3
  echo "==> $image ($dockerfile)" >&2
  "$engine" build -f "$ROOT/$dockerfile" -t "$image" "$@" "$ROOT"
}

build_jvm() {
  local engine="$1" service sizing args
  (cd "$ROOT" && ./mvnw -B -q package -DskipTests -pl "$(IFS=,; echo "${SERVICES[*]}")" -am)
  for service in "${SERVICES[@]}"; do
    # A service's image records its AOT cache in a start with the JVM flags its Deployment runs it with
    # (scripts/pod-sizing.sh: config.env's, with the pod's memory limit); the CLI's has none.
    args=()
    if [[ -d "$ROOT/deploy/base/$service" ]]; then
      sizing="$("$ROOT/scripts/pod-sizing.sh" "$service" | sed -n 's/^JDK_JAVA_OPTIONS=//p')"
      args=(--build-arg "JDK_JAVA_OPTIONS=$sizing")
    fi
    build "$engine" "$service/src/main/docker/Dockerfile.jvm" "$(jvm_image "$service")" "${args[@]}"
  done
}

build_native() {
  local engine="$1" service ignore
  for service in "${SERVICES[@]}"; do
    ignore="$service/src/main/docker/Dockerfile.native-build.dockerignore"
    if [ "$engine" = podman ]; then
      build "$engine" "$service/src/main/docker/Dockerfile.native-build" "$(native_image "$service")" --ignorefile "$ROOT/$ignore"
    else
      build "$engine" "$service/src/main/docker/Dockerfile.native-build" "$(native_image "$service")"
    fi
  done
}

build_native_micro() {
  local engine="$1" service
  for service in "${SERVICES[@]}"; do
    if ! compgen -G "$ROOT/$service/target/*-runner" >/dev/null; then
      echo "images.sh: no $service/target/*-runner; build it with ./mvnw package -Dnative -Dquarkus.native.container-build=true -pl $service -am, or use: images.sh native" >&2
      return 1
    fi
    build "$engine" "$service/src/main/docker/Dockerfile.native-micro" "$(native_image "$service")"
  done
}

MODE="${1:-jvm}"
case "$MODE" in
  list)
    for service in "${SERVICES[@]}"; do jvm_image "$service"; native_image "$service"; done
    exit 0
    ;;
  jvm | native | native-micro | all) ;;
  *)
    echo "usage: deploy/images.sh [jvm|native|native-micro|all|list]" >&2
    exit 2
    ;;
esac

ENGINE="$(engine)" || exit 1
case "$MODE" in
  jvm) build_jvm "$ENGINE" ;;
  native) build_native "$ENGINE" ;;
  native-micro) build_native_micro "$ENGINE" ;;
  all)
    build_jvm "$ENGINE"
    build_native "$ENGINE"
    ;;
esac
