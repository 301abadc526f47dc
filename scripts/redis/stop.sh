#!/usr/bin/env bash
# Stops the redis-server started by scripts/redis/start.sh, by the pid it recorded (TERM, then
# KILL after 5 s). Environment: REDIS_STATE_DIR (default <repo>/.tmp/redis). Idempotent.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
state="${REDIS_STATE_DIR:-$repo/.tmp/redis}"
pidfile="$state/redis.pid"
[[ -f "$pidfile" ]] || exit 0
pid="$(cat "$pidfile")"
if kill -0 "$pid" 2>/dev/null; then
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
fi
rm -f "$pidfile"
