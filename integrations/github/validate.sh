#!/usr/bin/env bash
# The GitHub Action's validation step (action.yml): the CLI prints one ::error/::warning workflow command per problem
# (the runner turns them into annotations), then writes the SARIF log. Always exits 0 and reports through
# $GITHUB_OUTPUT: status (the CLI's exit status), sarif-file and sarif-written, so the SARIF upload runs before the
# action fails.
# Env: INPUT_PATH (paths, space-separated), INPUT_CLI_JAR (a path or an http(s) URL of pressroom-manifest-runner.jar),
#      INPUT_CLI_JAR_SHA256 (the jar's SHA-256, required with a URL: a download runs only if it matches),
#      SARIF_FILE, and the runner's GITHUB_OUTPUT and RUNNER_TEMP.
set -uo pipefail

finish() { # status, sarif-written
  {
    echo "status=$1"
    echo "sarif-file=$SARIF_FILE"
    echo "sarif-written=$2"
  } >>"$GITHUB_OUTPUT"
  exit 0
}

jar=${INPUT_CLI_JAR:-}
if [[ -z $jar ]]; then
  echo "::error title=pressroom-manifest::The cli-jar input is required: a path or an http(s) URL of pressroom-manifest-runner.jar."
  finish 2 false
fi
if [[ $jar == http://* || $jar == https://* ]]; then
  # A downloaded jar runs with the workflow's token and secrets in reach: pinned by its hash, never by its URL alone.
  expected=$(tr '[:upper:]' '[:lower:]' <<<"${INPUT_CLI_JAR_SHA256:-}")
  if [[ ! $expected =~ ^[0-9a-f]{64}$ ]]; then
    echo "::error title=pressroom-manifest::A cli-jar URL needs cli-jar-sha256, the SHA-256 of that release's jar (64 hex digits)."
    finish 2 false
  fi
  download="$RUNNER_TEMP/pressroom-manifest-runner.jar"
  if ! curl -fsSL --retry 3 -o "$download" "$jar"; then
    echo "::error title=pressroom-manifest::Could not download the CLI jar from $jar."
    finish 2 false
  fi
  actual=$(sha256sum "$download" | cut -d' ' -f1)
  if [[ $actual != "$expected" ]]; then
    rm -f "$download"
    echo "::error title=pressroom-manifest::The CLI jar from $jar has SHA-256 $actual, not the pinned $expected; it was not run."
    finish 2 false
  fi
  jar=$download
fi

set -f # paths are taken literally, never as globs
# shellcheck disable=SC2206 # word splitting is the documented input format
paths=(${INPUT_PATH:-.})
set +f

java -jar "$jar" validate "${paths[@]}" --format github
status=$?
java -jar "$jar" validate "${paths[@]}" --format sarif --output "$SARIF_FILE"
sarif_status=$?
if ((sarif_status <= 1)); then # 0 or 1: the log is written; 2: nothing could be validated
  finish "$status" true
fi
finish "$status" false
