#!/usr/bin/env bash
# Stops the redis-server processes started by scripts/redis/cluster-start.sh, by the pids it
# recorded (TERM, then KILL after 5 s). Environment: REDIS_STATE_DIR (default
# <repo>/.tmp/redis-cluster). Idempotent.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
state="${REDIS_STATE_DIR:-$repo/.tmp/redis-cluster}"
pidfile="$state/pids"
[[ -f "$pidfile" ]] || exit 0
mapfile -t pids <"$pidfile"
for pid in "${pids[@]}"; do
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && kill -TERM "$pid" 2>/dev/null || true
done
for pid in "${pids[@]}"; do
  [[ -n "$pid" ]] || continue
  for _ in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
done
rm -f "$pidfile"
