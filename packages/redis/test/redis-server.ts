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
