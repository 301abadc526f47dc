#!/usr/bin/env bash
# Installs Debian's `redis-server` package (redis-server, redis-cli) when the binary is missing:
# as root, else with sudo; `apt-get update` only when a first install attempt fails; never skips.
# Used by start.sh and cluster-start.sh. Environment: REDIS_STATE_DIR (where apt.log goes).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
state="${REDIS_STATE_DIR:-$repo/.tmp/redis}"
say() { printf '[redis] %s\n' "$*" >&2; }
die() {
  printf '[redis] ERROR: %s\n' "$*" >&2
  exit 1
}
mkdir -p "$state"

if ! command -v redis-server >/dev/null 2>&1 || ! command -v setsid >/dev/null 2>&1; then
  # One install at a time (several test files may start servers at once).
  exec 9>"${TMPDIR:-/tmp}/viewlink-redis-apt.lock"
  flock -w 600 9 || die "another install holds the apt lock file for more than 600 s"
  if ! command -v redis-server >/dev/null 2>&1; then
    command -v apt-get >/dev/null 2>&1 || die "redis-server is missing and there is no apt-get to install it"
    as_root=()
    if [[ "$(id -u)" != 0 ]]; then
      command -v sudo >/dev/null 2>&1 || die "redis-server is missing; not root and no sudo: apt-get install -y redis-server"
      as_root=(sudo -n)
    fi
    export DEBIAN_FRONTEND=noninteractive
    log="$state/apt.log"
    : >"$log"
    apt_install() { "${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends redis-server >>"$log" 2>&1; }
    say "installing Debian package redis-server, log in $log"
    if ! apt_install; then
      say "apt-get install failed; running apt-get update and trying again"
      "${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 update -q >>"$log" 2>&1 || die "apt-get update failed: $(tail -n 5 "$log")"
      apt_install || die "apt-get install redis-server failed: $(tail -n 5 "$log")"
    fi
    # The package starts a system-wide service on 6379 where systemd runs; we use our own server only.
    command -v redis-server >/dev/null 2>&1 || die "redis-server still missing after apt-get install"
  fi
  flock -u 9
fi

