/**
 * The shared stores of `@viewlink/redis` for the example backend (`--redis`): on REDIS_URL when
 * set, else on a private redis-server started on 127.0.0.1 by scripts/redis/start.sh (installs
 * Debian's package when missing; no persistence) and stopped by pid with scripts/redis/stop.sh.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRedisStores } from '@viewlink/redis';
import { Redis } from 'ioredis';

const scripts = fileURLToPath(new URL('../../scripts/redis/', import.meta.url));

/** The stores and how to stop what was started for them. */
export interface BackendRedis {
  readonly url: string;
  readonly stores: ReturnType<typeof createRedisStores>;
  close(): Promise<void>;
}

/** Connects to REDIS_URL, or starts a private redis-server first. */
export function startBackendRedis(url = process.env.REDIS_URL): BackendRedis {
  let stateDir: string | undefined;
  if (!url) {
    stateDir = mkdtempSync(join(tmpdir(), 'viewlink-backend-redis-'));
    const started = execFileSync('bash', [join(scripts, 'start.sh')], {
      env: { ...process.env, REDIS_STATE_DIR: stateDir },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    url = (JSON.parse(started) as { url: string }).url;
  }
  // Fail fast while Redis is down: a typed SharedStoreError instead of a queued command.
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  return {
    url,
    stores: createRedisStores(redis, { prefix: 'viewlink-demo:' }),
    close: async () => {
      redis.disconnect();
      if (stateDir) {
        execFileSync('bash', [join(scripts, 'stop.sh')], { env: { ...process.env, REDIS_STATE_DIR: stateDir } });
        rmSync(stateDir, { recursive: true, force: true });
      }
    },
  };
}
