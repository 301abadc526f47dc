#!/usr/bin/env bash
# Starts a private Redis Cluster on 127.0.0.1 for the failover test: 3 masters with one replica
# each, six real redis-server processes, joined with `redis-cli --cluster create`.
#
#   scripts/redis/cluster-start.sh
#
# What it does:
#   1. installs Debian's `redis-server` package when missing (install.sh), never skips;
#   2. picks six free ports below the ephemeral range whose cluster bus ports (port + 10000)
#      are free too;
#   3. starts each (a failure later stops those started) `redis-server --cluster-enabled yes` without persistence under setsid, with a
#      short `cluster-node-timeout` (REDIS_CLUSTER_NODE_TIMEOUT ms, default 1000) so a replica
#      takes over a dead master within seconds; pids in $REDIS_STATE_DIR/pids, logs beside them;
#   4. creates the cluster (`--cluster-replicas 1`) and waits until every node reports
#      `cluster_state:ok` and every replica has finished its initial sync
#      (`master_link_status:up`), then prints one JSON line on stdout:
#      {"nodes":[{"port":N,"pid":N},...]}
#
# Why the sync wait and the two replication settings: a replica that has never synced with its
# master refuses to fail over ("Disconnected from master for longer than allowed"; its data age
# counts from never) and would hold none of the master's keys anyway. Redis 7 delays a diskless
# full sync by 5 s (`repl-diskless-sync-delay`), so a master killed in the first seconds, or
# later on a loaded machine, was never replaced. `repl-diskless-sync-delay 0` starts the sync at
# once; `cluster-replica-validity-factor 0` lets a synced replica keep trying when elections on a
# loaded machine take longer than node-timeout * 10 + 10 s (callers check replication themselves).
#
# Stop it with scripts/redis/cluster-stop.sh (same REDIS_STATE_DIR): by pid, never by name.
# Environment: REDIS_STATE_DIR (default <repo>/.tmp/redis-cluster), REDIS_CLUSTER_NODE_TIMEOUT.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
state="${REDIS_STATE_DIR:-$repo/.tmp/redis-cluster}"
export REDIS_STATE_DIR="$state"
timeout_ms="${REDIS_CLUSTER_NODE_TIMEOUT:-1000}"
say() { printf '[redis-cluster] %s\n' "$*" >&2; }
die() {
  printf '[redis-cluster] ERROR: %s\n' "$*" >&2
  exit 1
}
port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

mkdir -p "$state"
[[ -s "$state/pids" ]] && die "a cluster started from $state may still run; stop it with scripts/redis/cluster-stop.sh"

# ---------------------------------------------------------------- 1. package
bash "$here/install.sh"

# ---------------------------------------------------------------- 2. ports
# Below the kernel's ephemeral range (32768+), so no outgoing connection takes a port between
# this check and the bind: nodes on 20000-22767, their bus ports on 30000-32767.
ports=()
for _ in $(seq 1 200); do
  candidate=$((20000 + RANDOM % 2768))
  [[ " ${ports[*]} " == *" $candidate "* ]] && continue
  if ! port_taken "$candidate" && ! port_taken $((candidate + 10000)); then ports+=("$candidate"); fi
  [[ ${#ports[@]} -eq 6 ]] && break
done
[[ ${#ports[@]} -eq 6 ]] || die "found no six free ports on 127.0.0.1"

# ---------------------------------------------------------------- 3. start
: >"$state/pids"
# A failure from here on stops the nodes already started.
fail() {
  bash "$here/cluster-stop.sh"
  die "$@"
}
json=""
for port in "${ports[@]}"; do
  dir="$state/$port"
  rm -rf "$dir"
  mkdir -p "$dir"
  setsid redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no --daemonize no \
    --cluster-enabled yes --cluster-config-file "$dir/nodes.conf" --cluster-node-timeout "$timeout_ms" \
    --cluster-replica-validity-factor 0 --repl-diskless-sync-delay 0 \
    --dir "$dir" --logfile "$dir/redis.log" --protected-mode yes </dev/null >/dev/null 2>&1 &
  pid=$!
  echo "$pid" >>"$state/pids"
  json+="${json:+,}{\"port\":$port,\"pid\":$pid}"
done
for port in "${ports[@]}"; do
  for _ in $(seq 1 100); do
    [[ "$(redis-cli -h 127.0.0.1 -p "$port" PING 2>/dev/null)" == PONG ]] && break
    sleep 0.05
  done
  [[ "$(redis-cli -h 127.0.0.1 -p "$port" PING 2>/dev/null)" == PONG ]] ||
    fail "redis-server on port $port did not answer PING: $(tail -n 5 "$state/$port/redis.log" 2>/dev/null)"
done

# ---------------------------------------------------------------- 4. create, wait for ok
nodes=()
for port in "${ports[@]}"; do nodes+=("127.0.0.1:$port"); done
redis-cli --cluster create "${nodes[@]}" --cluster-replicas 1 --cluster-yes >"$state/create.log" 2>&1 ||
  fail "redis-cli --cluster create failed: $(tail -n 5 "$state/create.log")"
# Ready: the cluster is ok on all six nodes, and three of them are replicas whose link to their
# master is up (initial sync done).
deadline=$((SECONDS + 60))
while ((SECONDS < deadline)); do
  ok=0
  synced=0
  for port in "${ports[@]}"; do
    redis-cli -h 127.0.0.1 -p "$port" CLUSTER INFO 2>/dev/null | grep -q '^cluster_state:ok' && ok=$((ok + 1))
    redis-cli -h 127.0.0.1 -p "$port" INFO replication 2>/dev/null | grep -q '^master_link_status:up' &&
      synced=$((synced + 1))
  done
  if [[ $ok -eq 6 && $synced -eq 3 ]]; then
    printf '{"nodes":[%s]}\n' "$json"
    exit 0
  fi
  sleep 0.1
done
fail "within 60 s the cluster did not reach cluster_state:ok on all six nodes ($ok) with three synced replicas ($synced)"
