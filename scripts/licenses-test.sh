#!/usr/bin/env bash
# Tests scripts/licenses.sh check on small SBOMs written here: what Pressroom may ship passes, and each licence it
# cannot ship under Apache-2.0 fails the check, naming the component. Runs in make lint (jq only, no build).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
failures=0

# bom <file> <licences...>: one component per argument, "group:name=licence entries as JSON".
bom() {
  local file="$1" spec group name licences
  shift
  {
    echo '{"bomFormat": "CycloneDX", "components": ['
    echo '{"group": "dev.pressroom", "name": "auth-service", "version": "1"}'
    for spec in "$@"; do
      group="${spec%%:*}" name="${spec#*:}" name="${name%%=*}" licences="${spec#*=}"
      echo ", {\"group\": \"$group\", \"name\": \"$name\", \"version\": \"1\", \"licenses\": $licences}"
    done
    echo ']}'
  } >"$file"
}

expect() { # expect pass|fail <name> <component spec>... ; for fail, the component's purl must be in the message
  local outcome="$1" name="$2" status=0
  shift 2
  bom "$WORK/$name.json" "$@"
  "$ROOT/scripts/licenses.sh" check "$WORK/$name.json" "$ROOT/licenses/allowed.txt" 2>"$WORK/$name.err" || status=$?
  if [[ "$outcome" == pass && $status -ne 0 ]]; then
    echo "FAIL $name: expected the check to pass, it exited $status: $(cat "$WORK/$name.err")" >&2
    failures=$((failures + 1))
  elif [[ "$outcome" == fail && $status -ne 1 ]]; then
    echo "FAIL $name: expected the check to fail (exit 1), it exited $status" >&2
    failures=$((failures + 1))
  elif [[ "$outcome" == fail ]] && ! grep -q "pkg:maven/org.example/bad " "$WORK/$name.err"; then
    echo "FAIL $name: the message does not name pkg:maven/org.example/bad: $(cat "$WORK/$name.err")" >&2
    failures=$((failures + 1))
  else
    echo "ok   $name" >&2
  fi
}

id() { echo "[{\"license\": {\"id\": \"$1\"}}]"; }
name() { echo "[{\"license\": {\"name\": \"$1\"}}]"; }
expression() { echo "[{\"expression\": \"$1\"}]"; }

apache="org.example:good=$(id Apache-2.0)"

expect pass permissive "$apache" "org.example:mit=$(id MIT)" "org.example:bsd=$(id BSD-3-Clause)"
expect pass dual-licensed-jakarta \
  "org.example:jakarta=[{\"license\": {\"id\": \"EPL-2.0\"}}, {\"license\": {\"id\": \"GPL-2.0-with-classpath-exception\"}}]"
expect pass classpath-exception-expression \
  "org.example:expr=$(expression "EPL-2.0 OR GPL-2.0-only WITH Classpath-exception-2.0")"
expect fail gpl-3 "$apache" "org.example:bad=$(id GPL-3.0-only)"
expect fail gpl-2-without-exception "$apache" "org.example:bad=$(id GPL-2.0-only)"
expect fail gpl-by-name "$apache" "org.example:bad=$(name "GNU General Public License, version 2")"
expect fail agpl "$apache" "org.example:bad=$(id AGPL-3.0-only)"
expect fail sspl "$apache" "org.example:bad=$(id SSPL-1.0)"
expect fail lgpl "$apache" "org.example:bad=$(id LGPL-2.1-only)"
expect fail and-gpl "$apache" "org.example:bad=$(expression "(Apache-2.0 AND GPL-3.0-only)")"
expect fail no-licence "$apache" "org.example:bad=[]"

# A component allowed by purl passes whatever it declares; the allow-list is copied, not edited.
cp "$ROOT/licenses/allowed.txt" "$WORK/allowed.txt"
echo "pkg:maven/org.example/unlabelled" >>"$WORK/allowed.txt"
bom "$WORK/purl.json" "$apache" "org.example:unlabelled=[]"
if "$ROOT/scripts/licenses.sh" check "$WORK/purl.json" "$WORK/allowed.txt" 2>"$WORK/purl.err"; then
  echo "ok   allowed-by-purl" >&2
else
  echo "FAIL allowed-by-purl: $(cat "$WORK/purl.err")" >&2
  failures=$((failures + 1))
fi

((failures == 0)) || { echo "licenses-test.sh: $failures failed" >&2; exit 1; }
echo "licenses-test.sh: all passed" >&2
