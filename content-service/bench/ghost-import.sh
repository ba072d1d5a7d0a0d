#!/usr/bin/env bash
# The Ghost export import at scale (make bench, after the HTTP rows): writes a Ghost 5 export of
# BENCH_GHOST_POSTS (10,000) posts (bench/GhostExportSeed.java), imports it as blog bench-ghost, then imports it again
# (in place, the same ids), each with its wall time, CPU time and peak resident memory (GNU time). It imports into a
# database of its own (BENCH_GHOST_DB), dropped and created empty each run: the rows it replaces would otherwise stay
# as dead tuples beside the bench blog's and slow its uncached queries wherever autovacuum is off.
set -euo pipefail
module=$(cd "$(dirname "$0")/.." && pwd)
posts=${BENCH_GHOST_POSTS:-10000}
export_file="$module/target/bench-ghost-export.json"
export CONTENT_DB_NAME=${BENCH_GHOST_DB:-content_ghost_bench}
pgjar=$(ls "$module"/target/quarkus-app/lib/main/org.postgresql.postgresql-*.jar)
java -XX:TieredStopAtLevel=1 -cp "$pgjar" "$module/../scripts/EnsureDatabases.java" --recreate "$CONTENT_DB_NAME"
# The import checks its configuration like the service; a key pepper is required though no key is issued here.
export CONTENT_KEY_PEPPER="${CONTENT_KEY_PEPPER:-bench-pepper-not-a-secret}"
[ -x /usr/bin/time ] || { echo "/usr/bin/time is not installed: make deps installs it" >&2; exit 1; }
java "$module/bench/GhostExportSeed.java" "$export_file" "$posts"
for run in first again; do
  stats=$(mktemp)
  /usr/bin/time -f '%e %U %S %M' -o "$stats" "$module/scripts/import-ghost.sh" bench-ghost "$export_file" >/dev/null 2>"$stats.err" \
    || { cat "$stats.err" >&2; exit 1; }
  read -r wall user sys rss <"$stats"
  echo "ghost import ($run): $posts posts, $(grep -c '^skipped' "$stats.err" || true) kinds skipped, wall ${wall} s, CPU $(awk -v u="$user" -v s="$sys" 'BEGIN {print u + s}') s, peak RSS $((rss / 1024)) MiB (load $(cut -d' ' -f1 /proc/loadavg))"
  rm -f "$stats" "$stats.err"
done
