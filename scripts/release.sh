#!/usr/bin/env bash
# make release VERSION=x.y.z: releases the checked-out commit (CONTRIBUTING.md, Releases).
#
#   scripts/release.sh <x.y.z>           release commit and annotated tag v<x.y.z>, deliverables in dist/<x.y.z>/,
#                                        then a commit that returns the poms to the branch's version; the branch is
#                                        fast-forwarded to it. Local only: pushing the branch and the tag is yours.
#   scripts/release.sh verify <x.y.z>    checks dist/<x.y.z>/ against its SHA256SUMS and the tag's integrations
#
# RELEASE_DRY_RUN=1 builds the deliverables into dist/ the same way but leaves the branch and the tags alone.
# RELEASE_NATIVE_SOURCES=0 skips the native-image sources (a quicker rehearsal; not for a real release).
# RELEASE_URL is where the deliverables will be published (the CLI jar's URL in the integrations).
# RELEASE_MAVEN_ARGS adds Maven arguments, e.g. -o to build offline.
#
# The build runs in a fresh clone of the commit (never in this checkout), its tests neither compiled nor run: release
# a commit that CI (.ci/run) has passed. Each deliverable gets a CycloneDX SBOM of what it ships; SHA256SUMS covers
# them all.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
APPS=(manifest-service content-service auth-service manifest-cli)
SERVICES=(manifest-service content-service auth-service)
CLI_JAR=pressroom-manifest-runner.jar
RELEASE_URL="${RELEASE_URL:-https://artifacts.example.com/pressroom}"
DIST="${RELEASE_DIST:-$ROOT/dist}"
read -r -a MAVEN_ARGS <<<"${RELEASE_MAVEN_ARGS:-}"

die() {
  echo "release.sh: $*" >&2
  exit 1
}

check_version() {
  [[ "$1" =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$ ]] ||
    die "'$1' is not a semantic version x.y.z (optionally -pre.release); e.g. make release VERSION=0.1.0"
  [[ "$1" != *-SNAPSHOT ]] || die "a release version has no -SNAPSHOT"
}

# The first <version> of the parent POM is the project's own.
pom_version() { sed -n 's:.*<version>\([^<]*\)</version>.*:\1:p' "$1/pom.xml" | head -n 1; }

mvnw() { ./mvnw -B -q "${MAVEN_ARGS[@]}" "$@"; }

set_version() { # checkout, version
  (cd "$1" && mvnw org.codehaus.mojo:versions-maven-plugin:set -DnewVersion="$2")
  sed -i "s|^\(    newTag: \).*|\1$2|" "$1/deploy/overlays/dev/kustomization.yaml"
}

# Reproducible archives: sorted names, the commit's time, no owners.
archive() { # folder, parent-relative name inside, output
  tar --sort=name --mtime="@$EPOCH" --owner=0 --group=0 --numeric-owner -C "$1" -cf - "$2" | gzip -n >"$3"
}

build() { # checkout, version, dist
  local work="$1" version="$2" dist="$3" app modules
  modules="$(IFS=,; echo "${APPS[*]}")"
  if [[ "${RELEASE_NATIVE_SOURCES:-1}" != 0 ]]; then
    echo "==> native-image sources" >&2
    (cd "$work" && mvnw package -Dnative -Dquarkus.native.sources-only=true -Dmaven.test.skip=true -pl "$modules" -am)
    for app in "${APPS[@]}"; do
      [[ -d "$work/$app/target/native-sources" ]] || die "$app: no target/native-sources"
      archive "$work/$app/target" native-sources "$dist/$app-$version-native-sources.tar.gz"
    done
  fi
  echo "==> jars and SBOMs" >&2
  (cd "$work" && mvnw package org.cyclonedx:cyclonedx-maven-plugin:makeBom -Dmaven.test.skip=true -pl "$modules" -am)
  for app in "${SERVICES[@]}"; do
    archive "$work/$app/target" quarkus-app "$dist/$app-$version.tar.gz"
  done
  cp "$work/manifest-cli/target/$CLI_JAR" "$dist/$CLI_JAR"
  for app in "${APPS[@]}"; do
    jq -e --arg v "$version" '.metadata.component.version == $v' "$work/$app/target/bom.json" >/dev/null ||
      die "$app: its SBOM does not describe version $version"
    cp "$work/$app/target/bom.json" "$dist/$app-$version.cdx.json"
  done
  local -a files
  mapfile -t files < <(find "$dist" -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\n' | LC_ALL=C sort)
  (cd "$dist" && sha256sum "${files[@]}" >SHA256SUMS.new && mv SHA256SUMS.new SHA256SUMS)
}

# Points the published integrations at the release: the CLI image's tag, the jar's URL and SHA-256, the tag as ref.
update_integrations() { # checkout, version, jar sha256
  local work="$1" version="$2" sha="$3" jar_url="$RELEASE_URL/$2/$CLI_JAR"
  sed -i "s|^\(  entry: pressroom/manifest-cli:\)[^ ]*|\1$version|" "$work/.pre-commit-hooks.yaml"
  sed -i "s|^\(  PRESSROOM_MANIFEST_IMAGE: pressroom/manifest-cli:\).*|\1$version|" \
    "$work/integrations/gitlab/pressroom-manifest.gitlab-ci.yml"
  sed -i -e "s|^\(#   - uses: .*/integrations/github@\).*|\1v$version|" \
    -e "s|^\(#       cli-jar: \)[^ ]*|\1$jar_url|" \
    -e "s|^\(#       cli-jar-sha256: \)[^ ]*.*|\1$sha|" "$work/integrations/github/action.yml"
  sed -i -e "s|^\(  - uses: .*/integrations/github@\).*|\1v$version|" \
    -e "s|^\(      cli-jar: \)http[^ ]*|\1$jar_url|" \
    -e "s|^\(      cli-jar-sha256: \).*|\1$sha|" \
    -e "s|^\(  PRESSROOM_MANIFEST_IMAGE: registry.example.com/pressroom/manifest-cli:\).*|\1$version|" \
    -e "s|^\(    rev: \).*|\1v$version|" "$work/manifest-service/README.md"
  # Production runs the release's native images; the dev overlay follows the poms (set_version).
  sed -i "s|^\(    newTag: \).*|\1$version-native|" "$work/deploy/overlays/prod/kustomization.yaml"
}

# The Unreleased section becomes the release's, with the CLI jar's checksum; a new empty Unreleased goes on top.
update_changelog() { # checkout, version, jar sha256
  local file="$1/CHANGELOG.md" today
  today="$(date -u +%F)"
  grep -q '^## \[Unreleased\]$' "$file" || die "CHANGELOG.md has no '## [Unreleased]' section"
  awk -v v="$2" -v d="$today" -v sha="$3" -v url="$RELEASE_URL/$2/$CLI_JAR" '
    /^## \[Unreleased\]$/ && !done {
      print; print ""; print "## [" v "] - " d; print ""
      print "CLI jar: " url ","
      print "SHA-256 `" sha "`"
      print "(the GitHub Action'"'"'s `cli-jar` and `cli-jar-sha256`); every file'"'"'s checksum is in the release'"'"'s SHA256SUMS."
      done = 1; next }
    { print }' "$file" >"$file.new"
  mv "$file.new" "$file"
}

verify() { # version [repository holding the tag]
  local version="$1" dist="$DIST/$1" repo="${2:-$ROOT}" app sha
  [[ -f "$dist/SHA256SUMS" ]] || die "no $dist/SHA256SUMS"
  (cd "$dist" && sha256sum --quiet -c SHA256SUMS) || die "$dist: a checksum does not match"
  for app in "${APPS[@]}"; do
    [[ -f "$dist/$app-$version.cdx.json" ]] || die "no SBOM for $app"
    grep -q " $app-$version.cdx.json\$" "$dist/SHA256SUMS" || die "$app's SBOM is not in SHA256SUMS"
  done
  for app in "${SERVICES[@]}"; do
    grep -q " $app-$version.tar.gz\$" "$dist/SHA256SUMS" || die "$app's jar is not in SHA256SUMS"
  done
  sha="$(sed -n "s/^\([0-9a-f]\{64\}\)  $CLI_JAR\$/\1/p" "$dist/SHA256SUMS")"
  [[ -n "$sha" ]] || die "the CLI jar is not in SHA256SUMS"
  if git -C "$repo" rev-parse -q --verify "refs/tags/v$version" >/dev/null; then
    [[ "$(git -C "$repo" cat-file -t "v$version")" == tag ]] || die "v$version is not an annotated tag"
    git -C "$repo" show "v$version:integrations/github/action.yml" | grep -q "cli-jar-sha256: $sha" ||
      die "the tag's GitHub Action does not name the jar's SHA-256"
    git -C "$repo" show "v$version:integrations/gitlab/pressroom-manifest.gitlab-ci.yml" |
      grep -q "pressroom/manifest-cli:$version\$" || die "the tag's GitLab template does not name $version"
    git -C "$repo" show "v$version:.pre-commit-hooks.yaml" | grep -q "pressroom/manifest-cli:$version " ||
      die "the tag's pre-commit hook does not name $version"
    [[ "$(git -C "$repo" show "v$version:pom.xml" | sed -n 's:.*<version>\([^<]*\)</version>.*:\1:p' | head -n 1)" == "$version" ]] ||
      die "the tag's pom is not at $version"
  fi
  echo "release.sh: dist/$version verified: $(wc -l <"$dist/SHA256SUMS") files, CLI jar SHA-256 $sha" >&2
}

release() { # version
  local version="$1" branch_version head work dist sha
  cd "$ROOT"
  [[ -z "$(git status --porcelain --untracked-files=no)" ]] || die "commit or stash your changes first"
  ! git rev-parse -q --verify "refs/tags/v$version" >/dev/null || die "tag v$version exists already"
  command -v jq >/dev/null || die "needs jq (make deps installs it)"
  head="$(git rev-parse HEAD)"
  branch_version="$(pom_version "$ROOT")"
  EPOCH="$(git log -1 --format=%ct HEAD)"
  dist="$DIST/$version"
  rm -rf "$dist"
  mkdir -p "$dist"
  work="$(mktemp -d)"
  WORK_DIR="$work"
  trap 'rm -rf "$WORK_DIR"' EXIT
  git clone -q --no-local --no-checkout "$ROOT" "$work"
  git -C "$work" checkout -q --detach "$head"
  git -C "$work" config user.name "$(git config user.name || echo release)"
  git -C "$work" config user.email "$(git config user.email || echo release@localhost)"

  echo "==> $version from $(git log -1 --format='%h %s' HEAD) in $work" >&2
  set_version "$work" "$version"
  build "$work" "$version" "$dist"
  sha="$(sed -n "s/^\([0-9a-f]\{64\}\)  $CLI_JAR\$/\1/p" "$dist/SHA256SUMS")"
  update_integrations "$work" "$version" "$sha"
  update_changelog "$work" "$version" "$sha"
  write_notes "$work" "$version" "$sha" >"$dist/RELEASE.md"

  git -C "$work" add -u
  git -C "$work" commit -q -m "Release $version" -m "Sets the version to $version and points the integrations at it:
the CLI image pressroom/manifest-cli:$version, the CLI jar
$RELEASE_URL/$version/$CLI_JAR (SHA-256 $sha),
the prod overlay at $version-native. Built by make release; SHA256SUMS and
the SBOMs are in the release's files."
  git -C "$work" tag -a "v$version" -m "Pressroom $version" -m "$(cat "$dist/SHA256SUMS")"
  set_version "$work" "$branch_version"
  git -C "$work" add -u
  git -C "$work" commit -q -m "Return to $branch_version after releasing $version" -m "The integrations and the prod overlay keep naming $version, the latest release;
the poms and the dev overlay go back to the branch's version."

  if [[ "${RELEASE_DRY_RUN:-0}" != 0 ]]; then
    echo "release.sh: dry run: dist/$version built; the branch and the tags are unchanged. The commits would be:" >&2
    git -C "$work" log --stat --format='--- %s' "$head..HEAD" >&2
    verify "$version" "$work"
    return
  fi
  git fetch -q "$work" "refs/tags/v$version:refs/tags/v$version"
  git fetch -q "$work" HEAD
  git merge -q --ff-only FETCH_HEAD
  verify "$version"
  echo "release.sh: tagged v$version. Publish dist/$version/ at $RELEASE_URL/$version/, push the images, then" \
    "git push origin HEAD v$version" >&2
}

write_notes() { # checkout, version, jar sha256
  local app
  cat <<NOTES
# Pressroom $2

Files (checksums in SHA256SUMS, \`sha256sum -c SHA256SUMS\`; a CycloneDX SBOM per deliverable, *.cdx.json):

NOTES
  for app in "${SERVICES[@]}"; do
    echo "- \`$app-$2.tar.gz\`: the service's JVM build (quarkus-app/; \`java -jar quarkus-app/quarkus-run.jar\`)"
  done
  echo "- \`$CLI_JAR\`: the pressroom-manifest CLI (\`java -jar $CLI_JAR validate <path>\`)"
  if [[ "${RELEASE_NATIVE_SOURCES:-1}" != 0 ]]; then
    echo "- \`<app>-$2-native-sources.tar.gz\`: native-image inputs (\`native-sources/native-image.args\`)"
  fi
  cat <<NOTES

GitHub Action:

\`\`\`yaml
- uses: <owner>/<this repository>/integrations/github@v$2
  with:
    cli-jar: $RELEASE_URL/$2/$CLI_JAR
    cli-jar-sha256: $3
\`\`\`

GitLab CI and pre-commit: image \`pressroom/manifest-cli:$2\` (\`make images\` on the tag, then push it).
Kubernetes: the prod overlay names \`pressroom/<service>:$2-native\`; add each image's \`digest:\` once pushed.

$(awk -v h="## [$2]" 'index($0, h) == 1 { on = 1; next } on && /^## \[/ { exit } on' "$1/CHANGELOG.md")
NOTES
}

main() {
  case "${1:-}" in
    verify) [[ $# -eq 2 ]] || die "usage: scripts/release.sh verify <x.y.z>"; check_version "$2"; verify "$2" ;;
    "") die "usage: make release VERSION=x.y.z (or scripts/release.sh <x.y.z> | verify <x.y.z>)" ;;
    *) check_version "$1"; release "$1" ;;
  esac
}

# scripts/release-test.sh sources this file to test its steps without a build.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  main "$@"
fi
