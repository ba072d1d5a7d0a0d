#!/usr/bin/env bash
# make import-ghost BLOG=<name> FILE=<export.json>: imports (or re-imports, in place by slug) a Ghost JSON export as
# one blog, in one transaction. A bad row stops the import with the row and the reason and changes nothing; what has
# no counterpart here (members, newsletters, members-only posts...) is reported as skipped on stderr. Prints BLOG_ID=
# and CONTENT_VERSION= on stdout.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 <blog name> <export.json>" >&2
  exit 2
fi
file=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
exec "$(dirname "$0")/admin.sh" import-ghost "$1" "$file"
