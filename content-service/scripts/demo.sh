#!/usr/bin/env bash
# Called by `make run` once content-service is ready: (re)imports the demo blog and issues fresh demo keys
# (keys are stored hashed, so each import rotates them: the previous demo keys are revoked).
# The import (a JVM of its own, some seconds) runs only when needed: when the demo folder and the service's build are
# those of the last import and its key still opens the blog, that import's lines are printed again.
# STDOUT: KEY=value lines for .local/demo.env. STDERR: curl lines to try.
set -euo pipefail
root=${ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
service=${SERVICE_URL:-http://127.0.0.1:${CONTENT_PORT:-8082}}
site=http://localhost:3000
demo="$root/content-service/demo/kitchen"
last="$root/.local/content-demo.env"
inputs=$({
  (cd "$demo" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
  stat -c %Y "$root/content-service/target/quarkus-app/quarkus-run.jar"
} | sha256sum | cut -c1-16)
out=""
if [ -f "$last" ] && [ "$(sed -n 's/^# inputs //p' "$last")" = "$inputs" ] && curl -fsS -o /dev/null \
  -H "Authorization: Key $(sed -n 's/^CONTENT_KEY=//p' "$last")" \
  "$service/api/content/v1/blogs/$(sed -n 's/^CONTENT_BLOG=//p' "$last")/settings" 2>/dev/null; then
  out=$(grep -v '^#' "$last")
fi
if [ -z "$out" ]; then
  # Only its KEY=value lines: the command's log shares its standard output.
  out=$("$root/content-service/scripts/admin.sh" demo demo "$demo" "$site" | grep -E '^[A-Z_]+=')
  printf '# inputs %s\n%s\n' "$inputs" "$out" >"$last"
fi
echo "$out"
value() { printf '%s\n' "$out" | sed -n "s/^$1=//p"; }
blog=$(value CONTENT_BLOG)
key=$(value CONTENT_KEY)
key_site=$(value CONTENT_KEY_SITE)
api="$service/api/content/v1/blogs/$blog"
cat >&2 <<TXT
content-service: demo blog '$blog' loaded. Try:
  curl -s '$api/posts?key=$key&limit=2&fields=title,url,published_at'
  curl -s -H 'Authorization: Key $key' '$api/posts/tomato-soup?formats=both&include=tags,authors'
  curl -s -H 'Authorization: Key $key' '$api/tags'
  curl -s -H 'Authorization: Key $key' '$api/settings'
  curl -si -H 'Authorization: Key $key' -H 'If-None-Match: <etag from above>' '$api/settings'      # 304
  curl -si -H 'Authorization: Key $key_site' -H 'Origin: $site' '$api/posts?limit=1'       # allowed site
  curl -si -H 'Authorization: Key $key_site' -H 'Origin: https://evil.example' '$api/posts'  # 403 origin_not_allowed
  curl -si -X OPTIONS -H 'Origin: $site' -H 'Access-Control-Request-Method: GET' '$api/posts' # 204 preflight
TXT
