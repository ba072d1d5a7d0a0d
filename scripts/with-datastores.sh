#!/usr/bin/env bash
# Runs a command with PostgreSQL and Redis ensured (see datastores.sh) and their settings exported;
# private instances started for it are stopped when it ends.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
"$ROOT/scripts/datastores.sh" up
trap '"$ROOT/scripts/datastores.sh" down' EXIT
# shellcheck source=/dev/null
source "$ROOT/.local/datastores.env"
"$@"
