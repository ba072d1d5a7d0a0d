#!/usr/bin/env bash
# Tests the steps of scripts/release.sh that need no build, in a throwaway clone: the integrations and CHANGELOG.md
# are pointed at a release, the tag holds them, and verify accepts matching deliverables and refuses a file changed
# after its checksum, a missing SBOM and a tag whose GitHub Action names another jar. Runs in make lint (seconds).
# The build itself is proven by a rehearsal: RELEASE_DRY_RUN=1 make release VERSION=x.y.z.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
failures=0
VERSION=9.8.7

fail() {
  echo "FAIL $*" >&2
  failures=$((failures + 1))
}
ok() { echo "ok   $*" >&2; }

git clone -q --no-checkout "$ROOT" "$WORK/repo"
git -C "$WORK/repo" checkout -q --detach "$(git -C "$ROOT" rev-parse HEAD)"
git -C "$WORK/repo" config user.name test
git -C "$WORK/repo" config user.email test@localhost

# The deliverables a build would leave, as small files.
export RELEASE_DIST="$WORK/dist" RELEASE_URL="https://downloads.example.org/pressroom"
# shellcheck source=release.sh disable=SC1091
source "$ROOT/scripts/release.sh"
dist="$RELEASE_DIST/$VERSION"
mkdir -p "$dist"
for app in "${SERVICES[@]}"; do echo "$app jvm" >"$dist/$app-$VERSION.tar.gz"; done
for app in "${APPS[@]}"; do echo "{\"app\": \"$app\"}" >"$dist/$app-$VERSION.cdx.json"; done
echo "cli jar" >"$dist/$CLI_JAR"
(cd "$dist" && sha256sum -- * >SHA256SUMS)
sha="$(sha256sum "$dist/$CLI_JAR" | cut -d' ' -f1)"

repo="$WORK/repo"
sed -i "0,/<version>[^<]*<\/version>/s//<version>$VERSION<\/version>/" "$repo/pom.xml"
update_integrations "$repo" "$VERSION" "$sha"
update_changelog "$repo" "$VERSION" "$sha"
git -C "$repo" commit -q -am "Release $VERSION"
git -C "$repo" tag -a "v$VERSION" -m "test"

expect_line() { # file, fixed string
  if grep -qF -- "$2" "$repo/$1"; then ok "$1 has: $2"; else fail "$1 lacks: $2"; fi
}
expect_line .pre-commit-hooks.yaml "entry: pressroom/manifest-cli:$VERSION validate"
expect_line integrations/gitlab/pressroom-manifest.gitlab-ci.yml "PRESSROOM_MANIFEST_IMAGE: pressroom/manifest-cli:$VERSION"
expect_line integrations/github/action.yml "#       cli-jar: $RELEASE_URL/$VERSION/$CLI_JAR"
expect_line integrations/github/action.yml "#       cli-jar-sha256: $sha"
expect_line integrations/github/action.yml "/integrations/github@v$VERSION"
expect_line manifest-service/README.md "      cli-jar-sha256: $sha"
expect_line manifest-service/README.md "    rev: v$VERSION"
expect_line deploy/overlays/prod/kustomization.yaml "newTag: $VERSION-native"
expect_line CHANGELOG.md "## [$VERSION] - "
expect_changed() { # file, lines the release changes in it (nothing else may change)
  local changed
  changed="$(git -C "$repo" diff --numstat HEAD~1 HEAD -- "$1" | cut -f1)"
  if [[ "$changed" == "$2" ]]; then ok "$1: $2 lines changed"; else fail "$1: ${changed:-0} lines changed, not $2"; fi
}
expect_changed .pre-commit-hooks.yaml 1
expect_changed integrations/gitlab/pressroom-manifest.gitlab-ci.yml 1
expect_changed integrations/github/action.yml 3
expect_changed deploy/overlays/prod/kustomization.yaml 3
expect_changed manifest-service/README.md 5
if grep -q -- "-SNAPSHOT" "$repo/.pre-commit-hooks.yaml" "$repo/integrations/gitlab/pressroom-manifest.gitlab-ci.yml"; then
  fail "an integration still names a -SNAPSHOT"
fi
if [[ "$(grep -c '^## \[Unreleased\]$' "$repo/CHANGELOG.md")" == 1 ]]; then ok "one Unreleased section"; else fail "Unreleased sections"; fi

verify_outcome() { # expected (pass|fail), name
  local status=0
  (verify "$VERSION" "$repo") >"$WORK/verify.out" 2>"$WORK/verify.err" || status=$?
  if [[ "$1" == pass && $status -eq 0 ]] || [[ "$1" == fail && $status -ne 0 ]]; then
    ok "verify: $2"
  else
    fail "verify: $2: exit $status: $(cat "$WORK/verify.err")"
  fi
}
verify_outcome pass "matching deliverables and tag"

cp "$dist/$CLI_JAR" "$WORK/jar"
echo "swapped" >"$dist/$CLI_JAR"
verify_outcome fail "a jar changed after its checksum"
cp "$WORK/jar" "$dist/$CLI_JAR"

mv "$dist/auth-service-$VERSION.cdx.json" "$WORK/sbom"
verify_outcome fail "a missing SBOM"
mv "$WORK/sbom" "$dist/auth-service-$VERSION.cdx.json"

git -C "$repo" tag -d "v$VERSION" >/dev/null
sed -i "s/cli-jar-sha256: $sha/cli-jar-sha256: $(printf '0%.0s' {1..64})/" "$repo/integrations/github/action.yml"
git -C "$repo" commit -q -am "other jar"
git -C "$repo" tag -a "v$VERSION" -m "test"
verify_outcome fail "a tag whose action names another jar"

((failures == 0)) || { echo "release-test.sh: $failures failed" >&2; exit 1; }
echo "release-test.sh: all passed" >&2
