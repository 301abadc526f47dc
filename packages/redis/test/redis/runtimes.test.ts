/**
 * @viewlink/redis on the server runtimes of the runtime matrix (docs/runtimes.md): Node 22 and 26,
 * Node 24 (this one), Deno and Bun at the versions scripts/runtimes/versions.mjs pins (installed from npm into
 * .cache/runtimes/ as that gate does), each with ioredis and node-redis, against a real
 * redis-server: every store works, a command while Redis is stopped (by pid) fails at once with
 * SharedStoreError, and the same client works again once Redis is back. The package is bundled
 * from its sources first (esbuild), so no build step is needed before this gate.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedis } from '../redis-server.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const scenario = fileURLToPath(new URL('../runtime-scenario.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'viewlink-redis-runtimes-'));
const bundle = join(dir, 'viewlink-redis.mjs');
let server: RedisServer;
const binaries: Record<string, string> = {};

beforeAll(async () => {
  server = startRedis();
  await build({
    entryPoints: [join(root, 'packages/redis/src/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    tsconfig: join(root, 'tsconfig.json'),
    outfile: bundle,
    logLevel: 'error',
  });
  // The runtime matrix's own installer and pins (npm, cached in .cache/runtimes/).
  const script = `import { ensureInstalled } from './scripts/runtimes/install.mjs';
import { SERVER_RUNTIMES } from './scripts/runtimes/versions.mjs';
const out = {};
for (const id of ['node22', 'node26', 'deno', 'bun']) out[id] = (await ensureInstalled(SERVER_RUNTIMES.find((s) => s.id === id))).bin;
console.log(JSON.stringify(out));`;
  Object.assign(
    binaries,
    JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })),
  );
}, 600_000);
afterAll(() => {
  server?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** The command line of `runtime`; Deno with the permissions the matrix grants, plus the Redis client's. */
function commandOf(runtime: string): [string, string[]] {
  if (runtime === 'node24') return [process.execPath, [scenario]];
  if (runtime === 'node22' || runtime === 'node26') return [binaries[runtime] as string, [scenario]];
  if (runtime === 'deno')
    return [
      binaries.deno as string,
      ['run', '--allow-net=127.0.0.1', '--allow-read', '--allow-env', '--allow-sys', scenario],
    ];
  return [binaries.bun as string, [scenario]];
}

/** Runs the scenario, stopping Redis after its first line and starting it after its second. */
function run(runtime: string, library: string): Promise<Array<Record<string, unknown>>> {
  const [cmd, args] = commandOf(runtime);
  const child = spawn(cmd, [...args, `${runtime}-${Date.now()}`, library], {
    cwd: join(root, 'packages/redis'),
    env: {
      ...process.env,
      REDIS_PORT: String(server.port),
      VIEWLINK_REDIS: pathToFileURL(bundle).href,
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    for (;;) {
      const end = stdout.indexOf('\n');
      if (end < 0) break;
      lines.push(JSON.parse(stdout.slice(0, end)));
      stdout = stdout.slice(end + 1);
      if (lines.length === 1) server.stop();
      if (lines.length === 2) server.start();
      if (lines.length < 3) child.stdin.write('go\n');
      else child.stdin.end();
    }
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && lines.length === 3) resolve(lines);
      else reject(new Error(`${runtime} ${library}: exit ${code}, lines ${JSON.stringify(lines)}\n${stderr}`));
    });
  });
}

describe.each(['node22', 'node24', 'node26', 'deno', 'bun'])('%s', (runtime) => {
  it.each(['ioredis', 'node-redis'])(
    '%s: every store, a fast typed failure while Redis is stopped, recovery',
    async (library) => {
      const [up, down, back] = await run(runtime, library);
      expect(up).toEqual({ up: { tokens: true, renewal: true, notified: true, ledger: true, events: true } });
      expect(down).toMatchObject({ down: { typed: true, operation: 'token-store.get' } });
      for (const ms of (down as { down: { ms: number[] } }).down.ms) expect(ms).toBeLessThan(100);
      expect(back).toEqual({ back: true });
    },
    90_000,
  );
});
