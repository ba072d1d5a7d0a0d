#!/usr/bin/env bash
# make import BLOG=<name> DIR=<folder>: imports (or re-imports, in place by slug) one blog folder in one transaction.
# A bad file stops the import with file:line: reason and changes nothing. Running replicas pick up the new content
# version at once (PostgreSQL NOTIFY on commit). Prints BLOG_ID= and CONTENT_VERSION= on stdout.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 <blog name> <folder>" >&2
  exit 2
fi
folder=$(cd "$2" && pwd)
exec "$(dirname "$0")/admin.sh" import "$1" "$folder"
