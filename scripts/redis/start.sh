#!/usr/bin/env bash
# Starts a private redis-server on 127.0.0.1 for the multi-instance tests and benchmarks.
#
#   scripts/redis/start.sh
#
# What it does:
#   1. installs Debian's `redis-server` package when the binary is missing (as root, else with
#      sudo; `apt-get update` only when a first install attempt fails), never skips;
#   2. picks a free port (REDIS_PORT to choose one, e.g. to restart on the same port);
#   3. starts `redis-server --bind 127.0.0.1 --save '' --appendonly no` (no persistence) under
#      setsid, its pid in $REDIS_STATE_DIR/redis.pid, its log in $REDIS_STATE_DIR/redis.log;
#   4. waits until it answers PING, then prints one JSON line on stdout: {"port":N,"pid":N,"url":"redis://127.0.0.1:N"}.
#
# Stop it with scripts/redis/stop.sh (same REDIS_STATE_DIR): by pid, never by name.
# Environment: REDIS_PORT (default: a free port), REDIS_STATE_DIR (default <repo>/.tmp/redis),
# REDIS_KEEP_DATA=1 (load the snapshot a test wrote with SAVE before a stop; default: start empty).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
state="${REDIS_STATE_DIR:-$repo/.tmp/redis}"
say() { printf '[redis] %s\n' "$*" >&2; }
die() {
  printf '[redis] ERROR: %s\n' "$*" >&2
  exit 1
}
port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

mkdir -p "$state"

# ---------------------------------------------------------------- 1. package
bash "$here/install.sh"

# ---------------------------------------------------------------- 2. port
# A free port below Linux's ephemeral range (32768-60999 by default): a port above it may be the
# local end of some client's connection, which accepts nothing (so it looks free) yet cannot be
# bound. 22768-29999 stays clear of cluster-start.sh's node and bus ports too. Another server
# may still take the port between the check and the bind: a start that fails to bind picks
# another port and tries again (with REDIS_PORT, that port or nothing).
pick_port() {
  local candidate
  for _ in $(seq 1 50); do
    candidate=$((22768 + RANDOM % 7232))
    if ! port_taken "$candidate"; then
      echo "$candidate"
      return 0
    fi
  done
  die "found no free port on 127.0.0.1"
}
if [[ -n "${REDIS_PORT:-}" ]]; then
  port_taken "$REDIS_PORT" && die "port $REDIS_PORT on 127.0.0.1 is taken; choose another with REDIS_PORT=..."
fi

# ---------------------------------------------------------------- 3. start
pidfile="$state/redis.pid"
if [[ -f "$pidfile" ]] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
  die "a redis-server started from $state still runs (pid $(cat "$pidfile")); stop it with scripts/redis/stop.sh"
fi
[[ "${REDIS_KEEP_DATA:-0}" == 1 ]] || rm -f "$state/dump.rdb"

for attempt in 1 2 3 4 5; do
  port="${REDIS_PORT:-$(pick_port)}"
  : >"$state/redis.log"
  setsid redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no --daemonize no \
    --dir "$state" --logfile "$state/redis.log" --protected-mode yes </dev/null >/dev/null 2>&1 &
  pid=$!
  echo "$pid" >"$pidfile"

  # -------------------------------------------------------------- 4. wait for PING
  for _ in $(seq 1 100); do
    if ! kill -0 "$pid" 2>/dev/null; then
      if [[ -z "${REDIS_PORT:-}" && "$attempt" -lt 5 ]] && grep -q 'Address already in use' "$state/redis.log"; then
        say "port $port was taken before redis-server could bind it; trying another"
        continue 2
      fi
      die "redis-server exited at start: $(tail -n 5 "$state/redis.log" 2>/dev/null)"
    fi
    if reply="$(redis-cli -h 127.0.0.1 -p "$port" PING 2>/dev/null)" && [[ "$reply" == PONG ]]; then
      printf '{"port":%s,"pid":%s,"url":"redis://127.0.0.1:%s"}\n' "$port" "$pid" "$port"
      exit 0
    fi
    sleep 0.05
  done
  kill "$pid" 2>/dev/null || true
  die "redis-server on port $port did not answer PING within 5 s: $(tail -n 5 "$state/redis.log" 2>/dev/null)"
done
