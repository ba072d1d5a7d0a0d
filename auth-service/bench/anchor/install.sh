#!/usr/bin/env bash
# Installs the anchor's packages (package-lock.json, exactly) into bench/anchor/node_modules when they are missing or
# older than the lock file: `make bench-anchor`, and bench/run.sh before it starts the anchor. Needs node and npm.
set -euo pipefail
DIR="$(cd "$(dirname "$0")" && pwd)"
[[ "${AUTH_BENCH_ANCHOR:-1}" == 0 ]] && exit 0
if [[ -f "$DIR/node_modules/.package-lock.json" && ! "$DIR/package-lock.json" -nt "$DIR/node_modules/.package-lock.json" ]]; then
  exit 0
fi
command -v npm >/dev/null || { echo "bench-anchor: npm is needed (node 20 or later)" >&2; exit 1; }
echo "bench-anchor: installing oidc-provider and argon2 from npm into $DIR/node_modules (npm ci)" >&2
# argon2's install script only builds from source where its prebuilt binaries (linux x64/arm64, glibc and musl) do
# not fit; npm ci runs it unless npm's own policy holds it back, and the prebuilt binary loads either way.
npm ci --prefix "$DIR" --no-audit --no-fund >&2
