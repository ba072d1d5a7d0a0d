#!/usr/bin/env bash
# make deps: the system packages the tests and benchmarks use, installed in one visible step, each only when what it
# provides is missing (nothing runs when all is there). Debian and Ubuntu (apt-get), as root.
# Where it cannot install (not root, no apt-get, a package no source offers), it lists what is missing and how to get
# it, then exits 1 under CI=true (a check that cannot run must fail CI) and 0 elsewhere: on a contributor's machine the
# tests that need a missing tool skip, saying what to install (dev.pressroom.kernel.testing.Prerequisites).
#   scripts/deps.sh          install what is missing
#   scripts/deps.sh --check  only list what is missing (exit 1 if anything is)
set -euo pipefail

# Each need: what shows it is there (a command on PATH, or file:<path>) | the Debian package | who needs it.
NEEDS=(
  "chromium|chromium|auth-service's browser tests (support/RealBrowser)"
  "chromedriver|chromium-driver|auth-service's browser tests (support/RealBrowser)"
  "npm|npm|axe-core in the browser tests, Ghost's client test (content-service), make fuzz-http, make soak"
  "gcc|gcc|auth-service's JNI libraries (OpenSSL RS256, Argon2id)"
  "file:/usr/include/openssl/evp.h|libssl-dev|auth-service's OpenSSL RS256 signer and its tests"
  "unzip|unzip|manifest-engine's extractor parity tests (Info-ZIP unzip and zipinfo)"
  "bsdtar|libarchive-tools|manifest-engine's extractor parity tests (bsdtar)"
  "7z|p7zip-full|manifest-engine's extractor parity tests (7-Zip)"
  "python3|python3|manifest-engine's extractor parity tests (Python's zipfile)"
  "redis-server|redis-server|the Redis TLS tests (Debian's redis-server is built with TLS; the fallback binary is not)"
  "kubectl|kubectl|deploy's overlay and monitoring checks (kubectl kustomize; a kustomize on PATH does too)"
  "shellcheck|shellcheck|make lint"
  "jq|jq|make licenses, make release"
  "curl|curl|make run, the benchmarks"
  "wrk|wrk|make bench"
  "hey|hey|manifest-service's benchmark (fixed-rate rows)"
  "file:/usr/bin/time|time|content-service's Ghost import benchmark"
  "stress-ng|stress-ng|the CPU-hog runs of the test suite (CONTRIBUTING.md, Tests)"
)

check_only=0
[[ ${1:-} == --check ]] && check_only=1
in_ci() { [[ ${CI:-} == true || ${CI:-} == 1 ]]; }

present() { # what
  case $1 in
    file:*) [[ -e ${1#file:} ]] ;;
    kubectl) command -v kubectl >/dev/null || command -v kustomize >/dev/null ;;
    *) command -v "$1" >/dev/null ;;
  esac
}

missing=() packages=()
for need in "${NEEDS[@]}"; do
  IFS='|' read -r what package why <<<"$need"
  if ! present "$what"; then
    missing+=("$package|$why")
    [[ " ${packages[*]} " == *" $package "* ]] || packages+=("$package")
  fi
done

if ((${#packages[@]} == 0)); then
  echo "deps: every tool the tests and benchmarks use is installed"
  exit 0
fi
if ((check_only)); then
  printf 'deps: missing %s\n' "${missing[@]}" | sed 's/|/: /'
  exit 1
fi

# Another apt-get (a second checkout's make deps) holds dpkg's lock for a while: wait for it rather than fail.
apt() { DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 "$@"; }
if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
  echo "deps: installing ${packages[*]}"
  apt update -qq
  # One package at a time only when the whole set fails: one no source offers (kubectl is not in Debian) must not
  # stop the rest.
  if ! apt install -y -qq --no-install-recommends "${packages[@]}"; then
    for package in "${packages[@]}"; do
      apt install -y -qq --no-install-recommends "$package" \
        || echo "deps: apt-get could not install $package" >&2
    done
  fi
fi

left=()
for need in "${NEEDS[@]}"; do
  IFS='|' read -r what package why <<<"$need"
  present "$what" || left+=("$package ($why)")
done
((${#left[@]} == 0)) && { echo "deps: done"; exit 0; }

{
  echo "deps: still missing:"
  printf '  %s\n' "${left[@]}"
  echo "  Debian/Ubuntu, as root: apt-get install $(printf '%s\n' "${left[@]}" | cut -d' ' -f1 | sort -u | tr '\n' ' ')"
  if [[ " ${left[*]} " == *" kubectl "* ]]; then
    echo "  kubectl is not in Debian: add the Kubernetes apt repository (https://kubernetes.io/docs/tasks/tools/" \
      "install-kubectl-linux/), or put kustomize on PATH"
  fi
} >&2
if in_ci; then
  echo "deps: CI=true: the tests that need these would skip, so CI stops here" >&2
  exit 1
fi
echo "deps: the tests that need these skip, saying so" >&2
