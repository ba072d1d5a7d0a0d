#!/usr/bin/env bash
# Called by `make run` once content-service is ready: (re)imports the demo blog and issues fresh demo keys
# (keys are stored hashed, so each run rotates them: the previous demo keys are revoked).
# STDOUT: KEY=value lines for .local/demo.env. STDERR: curl lines to try.
set -euo pipefail
root=${ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
service=${SERVICE_URL:-http://127.0.0.1:${CONTENT_PORT:-8082}}
site=http://localhost:3000
out=$("$root/content-service/scripts/admin.sh" demo demo "$root/content-service/demo/kitchen" "$site")
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
