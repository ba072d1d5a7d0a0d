#!/usr/bin/env bash
# Third-party licences, from a CycloneDX SBOM of the build (./mvnw cyclonedx:makeAggregateBom writes target/bom.json).
#
#   scripts/licenses.sh check  <bom.json> [allowed.txt]   fails, naming each one, on a dependency none of whose
#                                                          licences is in the allow-list (licenses/allowed.txt)
#   scripts/licenses.sh notice <bom.json>                 prints NOTICE: licenses/NOTICE.head, then every
#                                                          third-party library grouped by its licences
#
# Our own modules (group dev.pressroom) are skipped. A licence is a CycloneDX id, name or SPDX expression; an
# expression is split at OR (any alternative may be allowed) and AND (every part must be allowed).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OWN_GROUP="dev.pressroom"

usage() {
  echo "usage: scripts/licenses.sh check <bom.json> [allowed.txt] | notice <bom.json>" >&2
  exit 2
}

# One line per third-party component: purl without version and qualifiers, TAB, its licences joined by " | ".
components() {
  jq -r --arg own "$OWN_GROUP" '
    .components[]
    | select(.group != $own)
    | [ "pkg:maven/\(.group)/\(.name)",
        ((.licenses // []) | map(.license.id // .license.name // .expression) | join(" | ")) ]
    | @tsv' "$1" | sort -u
}

check() {
  local bom="$1" allowed="${2:-$ROOT/licenses/allowed.txt}"
  [[ -f "$bom" ]] || { echo "licenses.sh: no SBOM at $bom (./mvnw cyclonedx:makeAggregateBom writes it)" >&2; return 2; }
  [[ -f "$allowed" ]] || { echo "licenses.sh: no allow-list at $allowed" >&2; return 2; }
  local -A ok=()
  local line
  while IFS= read -r line || [[ -n "$line" ]]; do
    line="${line%%#*}"
    line="$(sed 's/^[[:space:]]*//; s/[[:space:]]*$//' <<<"$line")"
    [[ -n "$line" ]] && ok["$line"]=1
  done <"$allowed"

  local purl licences failures=0 checked=0
  while IFS=$'\t' read -r purl licences; do
    checked=$((checked + 1))
    [[ -n "${ok[$purl]:-}" ]] && continue
    if [[ -z "$licences" ]]; then
      echo "licenses.sh: $purl declares no licence; find it and allow the component (pkg: line) in $allowed" >&2
      failures=$((failures + 1))
    elif ! any_allowed "$licences" ok; then
      echo "licenses.sh: $purl is licensed $licences, none of which is allowed ($allowed)" >&2
      failures=$((failures + 1))
    fi
  done < <(components "$bom")

  if ((failures > 0)); then
    echo "licenses.sh: $failures of $checked third-party components have a licence Pressroom cannot ship under" \
      "Apache-2.0 (GPL without the Classpath exception, AGPL, SSPL, ...) or none; replace them" >&2
    return 1
  fi
  echo "licenses.sh: $checked third-party components, every one under an allowed licence" >&2
}

# True when one of the " | "-separated licences, or one OR-alternative of an expression, is wholly allowed.
any_allowed() {
  local -n allowed_set="$2"
  local choice alternative part all
  local -a choices alternatives parts
  IFS='|' read -r -a choices <<<"${1// | /|}"
  for choice in "${choices[@]}"; do
    [[ -n "${allowed_set[$choice]:-}" ]] && return 0
    choice="${choice//[()]/}"
    mapfile -t alternatives <<<"${choice// OR /$'\n'}"
    for alternative in "${alternatives[@]}"; do
      mapfile -t parts <<<"${alternative// AND /$'\n'}"
      all=1
      for part in "${parts[@]}"; do
        part="$(sed 's/^[[:space:]]*//; s/[[:space:]]*$//' <<<"$part")"
        [[ -n "${allowed_set[$part]:-}" ]] || all=0
      done
      ((all)) && return 0
    done
  done
  return 1
}

notice() {
  local bom="$1"
  cat "$ROOT/licenses/NOTICE.head"
  components "$bom" \
    | awk -F'\t' '{ name = $1; sub(/^pkg:maven\//, "", name); sub(/\//, ":", name)
                    print ($2 == "" ? "(no licence declared)" : $2) "\t" name }' \
    | LC_ALL=C sort \
    | awk -F'\t' '$1 != last { printf "\n%s\n", $1; last = $1 } { printf "  %s\n", $2 }'
}

case "${1:-}" in
  check) [[ $# -ge 2 ]] || usage; check "$2" "${3:-}" ;;
  notice) [[ $# -eq 2 ]] || usage; notice "$2" ;;
  *) usage ;;
esac
