/**
 * The runtime matrix's harness for @viewlink/redis (runtimes.test.ts, cluster-runtimes.test.ts):
 * the package bundled from its sources (esbuild, so no build step is needed first), the server
 * runtimes at the pins of scripts/runtimes/versions.mjs (installed from npm into .cache/runtimes/
 * as that gate does), and runtime-scenario.mjs run on one of them, line by line.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Node 24 is the Node of the test run; the others come from the runtime matrix's installer. */
export const RUNTIMES = ['node22', 'node24', 'node26', 'deno', 'bun'] as const;
export type Runtime = (typeof RUNTIMES)[number];

const root = fileURLToPath(new URL('../../../', import.meta.url));
const scenario = fileURLToPath(new URL('./runtime-scenario.mjs', import.meta.url));

/** The bundle and the runtimes' binaries, ready to run the scenario; `dispose` removes the bundle. */
export interface RuntimeHarness {
  /**
   * Runs the scenario on `runtime` with `library` (`ioredis` or `node-redis`) and `env`; after
   * each JSON line but the last, `between(index, lines)` runs and the scenario is told to go on.
   */
  run(
    runtime: Runtime,
    library: string,
    env: Record<string, string>,
    between: (index: number, lines: Array<Record<string, unknown>>) => void | Promise<void>,
    lineCount: number,
  ): Promise<Array<Record<string, unknown>>>;
  dispose(): void;
}

/** Bundles the package and installs the runtimes (cached after the first run). */
export async function prepareRuntimes(): Promise<RuntimeHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'viewlink-redis-runtimes-'));
  const bundle = join(dir, 'viewlink-redis.mjs');
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
  const binaries: Record<string, string> = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }),
  );

  /** The command line of `runtime`; Deno with the permissions the matrix grants, plus the Redis client's. */
  const commandOf = (runtime: Runtime): [string, string[]] => {
    if (runtime === 'node24') return [process.execPath, [scenario]];
    if (runtime === 'deno')
      return [
        binaries.deno as string,
        ['run', '--allow-net=127.0.0.1', '--allow-read', '--allow-env', '--allow-sys', scenario],
      ];
    return [binaries[runtime] as string, [scenario]];
  };

  return {
    run: (runtime, library, env, between, lineCount) => {
      const [cmd, args] = commandOf(runtime);
      const child = spawn(cmd, [...args, `${runtime}-${Date.now()}`, library], {
        cwd: join(root, 'packages/redis'),
        env: {
          ...process.env,
          ...env,
          VIEWLINK_REDIS: pathToFileURL(bundle).href,
          DENO_NO_UPDATE_CHECK: '1',
          NO_COLOR: '1',
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const lines: Array<Record<string, unknown>> = [];
      let stdout = '';
      let stderr = '';
      let failure: unknown;
      // One line at a time: the parent's step between two lines may take a while (a failover).
      let turn = Promise.resolve();
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        for (;;) {
          const end = stdout.indexOf('\n');
          if (end < 0) break;
          lines.push(JSON.parse(stdout.slice(0, end)));
          stdout = stdout.slice(end + 1);
          const index = lines.length - 1;
          turn = turn.then(async () => {
            if (index + 1 >= lineCount) return void child.stdin.end();
            try {
              await between(index, lines);
            } catch (error) {
              failure = error;
              child.kill('SIGKILL');
              return;
            }
            child.stdin.write('go\n');
          });
        }
      });
      return new Promise((resolve, reject) => {
        // A scenario still running by then hangs (a client or subscriber keeping the process alive).
        let hung = false;
        const timer = setTimeout(() => {
          hung = true;
          child.kill('SIGKILL');
        }, 75_000);
        child.on('close', (code) => {
          clearTimeout(timer);
          void turn.then(() => {
            if (failure) reject(failure);
            else if (code === 0 && lines.length === lineCount) resolve(lines);
            else
              reject(
                new Error(
                  `${runtime} ${library}: ${hung ? 'still running after 75 s' : `exit ${code}`}, lines ${JSON.stringify(lines)}\n${stderr}`,
                ),
              );
          });
        });
      });
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
