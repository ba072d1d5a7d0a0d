#!/usr/bin/env bash
# Applies an overlay and waits until the release is live:
#   deploy/apply.sh dev|prod
# 1. deletes the previous, finished migration Jobs (a Job's pod template is immutable, and each release
#    must migrate with its own image), 2. applies the overlay, 3. waits for the migration Jobs, 4. waits for
# every Deployment's rollout. New pods wait for their migration anyway (wait-for-migrations init container),
# so a plain `kubectl apply -k` is safe too; this script adds the ordering and the waiting.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OVERLAY="${1:?usage: deploy/apply.sh <overlay: $(cd "$ROOT/deploy/overlays" && echo *)>}"
DIR="$ROOT/deploy/overlays/$OVERLAY"
[ -f "$DIR/kustomization.yaml" ] || { echo "apply.sh: no overlay $DIR" >&2; exit 2; }
command -v kubectl >/dev/null || { echo "apply.sh: kubectl is not installed" >&2; exit 1; }

NAMESPACE="$(sed -n 's/^namespace: *//p' "$DIR/kustomization.yaml")"
MIGRATIONS="app.kubernetes.io/part-of=pressroom,app.kubernetes.io/component=migration"

kubectl get namespace "$NAMESPACE" >/dev/null 2>&1 &&
  kubectl -n "$NAMESPACE" delete job -l "$MIGRATIONS" --ignore-not-found --wait=true
kubectl apply -k "$DIR"
kubectl -n "$NAMESPACE" wait --for=condition=complete job -l "$MIGRATIONS" --timeout=15m
for deployment in $(kubectl -n "$NAMESPACE" get deployment -l app.kubernetes.io/part-of=pressroom -o name); do
  kubectl -n "$NAMESPACE" rollout status "$deployment" --timeout=10m
done
echo "apply.sh: $OVERLAY is live in namespace $NAMESPACE"
