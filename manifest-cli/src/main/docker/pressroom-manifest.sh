#!/bin/sh
# pressroom-manifest in the CLI's JVM image (Dockerfile.jvm): the runnable jar on a short-lived JVM. C1 alone starts
# and finishes a run of a few add-ons sooner than tiered compilation would.
exec java -XX:TieredStopAtLevel=1 -jar "${PRESSROOM_MANIFEST_JAR:-/deployments/pressroom-manifest-runner.jar}" "$@"
