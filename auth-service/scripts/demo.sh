#!/usr/bin/env bash
# Demo data for `make run`: a demo account, the demo first-party confidential client and an initial access token.
# Idempotent: the account is created once; the demo client is saved again on every run, which rotates its
# secret (secrets are stored hashed and shown once), so the printed DEMO_CLIENT_SECRET is always the current one.
# Needs curl only. Env: SERVICE_URL (public, default http://127.0.0.1:8083), AUTH_ADMIN_URL (management
# interface, default http://127.0.0.1:9083), AUTH_ADMIN_TOKEN (required outside dev).
set -euo pipefail

SERVICE_URL="${SERVICE_URL:-http://127.0.0.1:8083}"
AUTH_ADMIN_URL="${AUTH_ADMIN_URL:-http://127.0.0.1:9083}"
AUTH_ADMIN_TOKEN="${AUTH_ADMIN_TOKEN:-dev-admin-token-change-me}"
DEMO_EMAIL="demo@pressroom.test"
DEMO_PASSWORD="pressroom-demo-password"
DEMO_CLIENT_ID="pressroom-demo"
REDIRECT="http://127.0.0.1:9999/cb"
SCOPES="openid profile email roles licenses:read offline_access"
# RFC 7636 Appendix B pair, so the printed authorize URL works without computing SHA-256 here.
VERIFIER="dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
CHALLENGE="E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

admin() { # method path [json]
  local method="$1" path="$2" body="${3:-}"
  local out status
  out=$(curl -sS -w '\n%{http_code}' -X "$method" -H "Authorization: Bearer ${AUTH_ADMIN_TOKEN}" \
    -H 'Content-Type: application/json' ${body:+--data "$body"} "${AUTH_ADMIN_URL}${path}")
  status="${out##*$'\n'}"
  printf '%s\n%s' "${out%$'\n'*}" "$status"
}
field() { sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p"; }

result=$(admin POST /admin/accounts "{\"email\":\"${DEMO_EMAIL}\",\"password\":\"${DEMO_PASSWORD}\",\"name\":\"Demo Person\",\"email_verified\":true}")
status="${result##*$'\n'}"
if [[ "$status" != 201 && "$status" != 409 ]]; then
  echo "demo.sh: creating the demo account failed (HTTP $status): ${result%$'\n'*}" >&2; exit 1
fi
account_id=$(printf '%s' "${result%$'\n'*}" | field id)
if [[ -n "$account_id" ]]; then
  admin POST "/admin/accounts/${account_id}/roles" "{\"client_id\":\"${DEMO_CLIENT_ID}\",\"role\":\"editor\"}" >/dev/null
  admin POST "/admin/accounts/${account_id}/licenses" '{"product":"pressroom","plan":"pro","status":"active","major_version":1}' >/dev/null
fi

result=$(admin PUT "/admin/clients/${DEMO_CLIENT_ID}" "{\"client_name\":\"Pressroom demo app\",\"redirect_uris\":[\"${REDIRECT}\"],\"post_logout_redirect_uris\":[\"http://127.0.0.1:9999/\"],\"token_endpoint_auth_method\":\"client_secret_basic\",\"scope\":\"${SCOPES}\"}")
[[ "${result##*$'\n'}" == 200 ]] || { echo "demo.sh: saving the demo client failed: ${result}" >&2; exit 1; }
DEMO_CLIENT_SECRET=$(printf '%s' "${result%$'\n'*}" | field client_secret)

result=$(admin POST /admin/initial-access-tokens)
[[ "${result##*$'\n'}" == 201 ]] || { echo "demo.sh: minting an initial access token failed: ${result}" >&2; exit 1; }
INITIAL_ACCESS_TOKEN=$(printf '%s' "${result%$'\n'*}" | field initial_access_token)

AUTH_ISSUER=$(curl -sS "${SERVICE_URL}/.well-known/openid-configuration" | field issuer)

cat <<OUT
DEMO_EMAIL=${DEMO_EMAIL}
DEMO_PASSWORD=${DEMO_PASSWORD}
DEMO_CLIENT_ID=${DEMO_CLIENT_ID}
DEMO_CLIENT_SECRET=${DEMO_CLIENT_SECRET}
INITIAL_ACCESS_TOKEN=${INITIAL_ACCESS_TOKEN}
AUTH_ISSUER=${AUTH_ISSUER}
OUT

scope_q=${SCOPES// /%20}
cat >&2 <<HELP

auth-service demo (sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}):
  curl -s ${AUTH_ISSUER}/.well-known/openid-configuration
  # open in a browser, sign in, allow; copy the code from the address bar of the (failing) redirect to ${REDIRECT}:
  ${AUTH_ISSUER}/oauth/authorize?response_type=code&client_id=${DEMO_CLIENT_ID}&redirect_uri=http%3A%2F%2F127.0.0.1%3A9999%2Fcb&scope=${scope_q}&state=demo&nonce=demo&code_challenge=${CHALLENGE}&code_challenge_method=S256
  curl -s -u ${DEMO_CLIENT_ID}:${DEMO_CLIENT_SECRET} -d grant_type=authorization_code -d code=PASTE_CODE -d redirect_uri=${REDIRECT} -d code_verifier=${VERIFIER} ${AUTH_ISSUER}/oauth/token
  # register a self-hosted instance:
  curl -s -H 'Authorization: Bearer ${INITIAL_ACCESS_TOKEN}' -H 'Content-Type: application/json' -d '{"client_name":"My blog","redirect_uris":["https://blog.example.org/cb"],"scope":"openid profile email offline_access"}' ${AUTH_ISSUER}/oauth/register
HELP
