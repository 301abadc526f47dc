/**
 * A private redis-server for one test file or benchmark: scripts/redis/start.sh (installs
 * Debian's redis-server when missing, never skips) on a free 127.0.0.1 port, no persistence,
 * stopped by pid with scripts/redis/stop.sh.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const scripts = fileURLToPath(new URL('../../../scripts/redis/', import.meta.url));

/** A running redis-server. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops it (by pid). With `keepData`, writes a snapshot first, so {@link start} finds the keys again. */
  stop(options?: { keepData?: boolean }): void;
  /** Starts it again on the same port (after {@link stop}). */
  start(): void;
  /** Stops it and removes its folder. */
  dispose(): void;
  /** Sends `signal` to the running redis-server by its pid: `SIGSTOP` makes it hang, `SIGCONT` resumes it. */
  signal(signal: NodeJS.Signals): void;
}

/** Starts a redis-server in its own state folder. */
export function startRedis(): RedisServer {
  const dir = mkdtempSync(join(tmpdir(), 'viewlink-redis-'));
  const run = (script: string, env: Record<string, string> = {}) =>
    execFileSync('bash', [join(scripts, script)], {
      env: { ...process.env, REDIS_STATE_DIR: dir, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 900_000,
    });
  const first = JSON.parse(run('start.sh')) as { port: number; url: string };
  const port = first.port;
  return {
    port,
    url: first.url,
    stop: ({ keepData = false } = {}) => {
      if (keepData)
        execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'SAVE'], {
          stdio: 'ignore',
          timeout: 10_000,
        });
      run('stop.sh');
    },
    start: () => {
      run('start.sh', { REDIS_PORT: String(port), REDIS_KEEP_DATA: '1' });
    },
    dispose: () => {
      // A paused server would ignore the TERM until the KILL 5 s later.
      try {
        process.kill(Number(readFileSync(join(dir, 'redis.pid'), 'utf8')), 'SIGCONT');
      } catch {}
      run('stop.sh');
      rmSync(dir, { recursive: true, force: true });
    },
    signal: (signal) => {
      process.kill(Number(readFileSync(join(dir, 'redis.pid'), 'utf8')), signal);
    },
  };
}

/** A running Redis Cluster: 3 masters with a replica each (scripts/redis/cluster-start.sh). */
export interface RedisCluster {
  readonly nodes: ReadonlyArray<{ readonly port: number; readonly pid: number }>;
  /** Stops every node (by pid): the whole cluster is down. */
  stop(): void;
  /** Stops every node (by pid) and removes the state folder. */
  dispose(): void;
}

/** Starts a private Redis Cluster in its own state folder (installs redis-server when missing). */
export function startRedisCluster(): RedisCluster {
  const dir = mkdtempSync(join(tmpdir(), 'viewlink-redis-cluster-'));
  const run = (script: string) =>
    execFileSync('bash', [join(scripts, script)], {
      env: { ...process.env, REDIS_STATE_DIR: dir },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 900_000,
    });
  const { nodes } = JSON.parse(run('cluster-start.sh')) as { nodes: Array<{ port: number; pid: number }> };
  return {
    nodes,
    stop: () => {
      run('cluster-stop.sh');
    },
    dispose: () => {
      run('cluster-stop.sh');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** redis-cli against node `port` of 127.0.0.1: bounded, and independent of the client under test. */
function cli(port: number, ...args: string[]): string {
  return execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], {
    encoding: 'utf8',
    timeout: 2_000,
  });
}

/** The healthy masters and their slot ranges, as node `port` sees them (CLUSTER NODES). */
export function mastersOf(port: number): Array<{ port: number; slots: Array<[number, number]> }> {
  const masters: Array<{ port: number; slots: Array<[number, number]> }> = [];
  for (const line of cli(port, 'CLUSTER', 'NODES').split('\n')) {
    const [, address, flags, , , , , , ...ranges] = line.split(' ');
    if (!flags?.includes('master') || flags.includes('fail')) continue;
    const slots = ranges.map((range): [number, number] => {
      const [from, to = from] = range.split('-').map(Number);
      return [from as number, to as number];
    });
    masters.push({ port: Number(address?.split('@')[0]?.split(':')[1]), slots });
  }
  return masters;
}

/** The port of the healthy master serving `slot`, as node `port` sees it, when the cluster is ok there. */
export function ownerOf(port: number, slot: number): number | undefined {
  try {
    if (!cli(port, 'CLUSTER', 'INFO').includes('cluster_state:ok')) return undefined;
    return mastersOf(port).find((m) => m.slots.some(([from, to]) => slot >= from && slot <= to))?.port;
  } catch {
    // The node is busy failing over.
    return undefined;
  }
}

/** The cluster slot of `key` (CLUSTER KEYSLOT on node `port`). */
export function keySlot(port: number, key: string): number {
  return Number(cli(port, 'CLUSTER', 'KEYSLOT', key));
}

/** The keys matching `pattern` held by node `port` (SCAN through redis-cli). */
export function keysOn(port: number, pattern: string): string[] {
  return cli(port, '--scan', '--pattern', pattern).split('\n').filter(Boolean);
}

/**
 * Whether master `port` has an online replica that has acknowledged its whole replication stream
 * (replica offset >= master_repl_offset in INFO replication): only then does killing the master
 * lose no acknowledged write, since Redis replicates asynchronously.
 */
export function replicaCaughtUp(port: number): boolean {
  try {
    const info = cli(port, 'INFO', 'replication');
    const masterOffset = Number(/^master_repl_offset:(\d+)/m.exec(info)?.[1]);
    return [...info.matchAll(/^slave\d+:.*state=online,offset=(\d+)/gm)].some((m) => Number(m[1]) >= masterOffset);
  } catch {
    return false;
  }
}
