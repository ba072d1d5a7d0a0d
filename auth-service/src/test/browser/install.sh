#!/usr/bin/env bash
# Installs axe-core (package-lock.json) for the real-browser page tests, before they run (auth-service/pom.xml).
# Offline once it is in node_modules or npm's cache. Where npm is missing and cannot be installed, or the registry
# is out of reach, it warns and the accessibility checks are skipped with that message (support/RealBrowser).
set -uo pipefail
cd "$(dirname "$0")" || exit 1

wanted=$(node -p 'require("./package-lock.json").packages["node_modules/axe-core"].version' 2>/dev/null)
installed=$(node -p 'require("./node_modules/axe-core/package.json").version' 2>/dev/null)
if [[ -n "$wanted" && "$wanted" == "$installed" ]]; then
  exit 0
fi
if ! command -v npm >/dev/null && [[ $(id -u) == 0 ]]; then
  { apt-get update -qq && apt-get install -y -qq npm; } >&2
fi
if ! command -v npm >/dev/null; then
  echo "WARNING: npm is not installed and cannot be installed here: the pages' axe-core checks will be skipped" >&2
  exit 0
fi
if ! npm ci --prefer-offline --no-audit --no-fund --loglevel=error; then
  echo "WARNING: npm ci failed (registry out of reach?): the pages' axe-core checks will be skipped" >&2
fi
