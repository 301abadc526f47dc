#!/usr/bin/env bash
# Stops the WordPress started by scripts/wordpress/start.sh: kills the process
# groups of `php -S` (its forked workers included) and of mariadbd.
#
#   scripts/wordpress/stop.sh [--quiet]
#
# Environment: WP_STATE_DIR (default <repo>/.wp). The install is kept; the next
# start.sh reuses it (start.sh --fresh wipes it).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
state="${WP_STATE_DIR:-$repo/.wp}"
run="$state/run"
quiet=0
[[ "${1:-}" == "--quiet" ]] && quiet=1

say() { [[ "$quiet" == 1 ]] || printf '[wordpress] %s\n' "$*" >&2; }

# Kills the process group led by the pid in $1 (TERM, then KILL after a grace period).
stop_group() {
  local name="$1" pidfile="$2" grace="$3"
  [[ -f "$pidfile" ]] || return 0
  local pid pgid
  pid="$(cat "$pidfile")"
  if ! kill -0 "$pid" 2>/dev/null; then
    rm -f "$pidfile"
    return 0
  fi
  pgid="$(ps -o pgid= -p "$pid" | tr -d ' ')"
  if [[ -z "$pgid" || "$pgid" == "$(ps -o pgid= -p $$ | tr -d ' ')" ]]; then
    pgid="" # never kill our own group: fall back to the process itself
  fi
  if [[ -n "$pgid" ]]; then kill -TERM -- "-$pgid" 2>/dev/null || true; else kill -TERM "$pid" 2>/dev/null || true; fi
  for _ in $(seq 1 $((grace * 10))); do
    if [[ -n "$pgid" ]]; then
      pgrep -g "$pgid" >/dev/null 2>&1 || break
    else
      kill -0 "$pid" 2>/dev/null || break
    fi
    sleep 0.1
  done
  if [[ -n "$pgid" ]] && pgrep -g "$pgid" >/dev/null 2>&1; then
    kill -KILL -- "-$pgid" 2>/dev/null || true
  elif [[ -z "$pgid" ]]; then
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$pidfile"
  say "stopped $name (pid $pid${pgid:+, process group $pgid})"
}

stop_group "php -S" "$run/php.pid" 5
stop_group mariadbd "$run/mariadbd.pid" 30
rm -f "$run/mysqld.sock"
rm -f "$state/env.json"
