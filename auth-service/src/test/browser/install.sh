#!/usr/bin/env bash
# Installs axe-core (package-lock.json) for the real-browser page tests, before they run (auth-service/pom.xml).
# Offline once it is in node_modules or npm's cache. Where npm is missing (make deps installs it) or the registry is
# out of reach, it warns and the accessibility checks are skipped, or fail under CI=true (support/RealBrowser).
set -uo pipefail
cd "$(dirname "$0")" || exit 1

wanted=$(node -p 'require("./package-lock.json").packages["node_modules/axe-core"].version' 2>/dev/null)
installed=$(node -p 'require("./node_modules/axe-core/package.json").version' 2>/dev/null)
if [[ -n "$wanted" && "$wanted" == "$installed" ]]; then
  exit 0
fi
if ! command -v npm >/dev/null; then
  echo "WARNING: npm is not installed (make deps installs it): the pages' axe-core checks will be skipped" >&2
  exit 0
fi
if ! npm ci --prefer-offline --no-audit --no-fund --loglevel=error; then
  echo "WARNING: npm ci failed (registry out of reach?): the pages' axe-core checks will be skipped" >&2
fi
