/**
 * `@viewlink/web` in a real Node process (issue 20, item 1): a script that imports the SDK,
 * initializes it and does nothing else exits by itself (the expiry timer is unref'd), and
 * importing and initializing never reads `window`. The SDK is bundled from source with esbuild
 * and run by this Node as a child process.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const src = (path: string) => join(repo, 'packages', path);
const dir = mkdtempSync(join(tmpdir(), 'viewlink-web-node-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bundles `code` (an ES module importing `@viewlink/web`) for Node and returns its path. */
async function script(name: string, code: string): Promise<string> {
  const entry = join(dir, `${name}.src.mjs`);
  writeFileSync(entry, code);
  const outfile = join(dir, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    alias: {
      '@viewlink/web': src('web/src/index.ts'),
      '@viewlink/schemas': src('schemas/src/index.ts'),
      '@viewlink/transport/errors': src('transport/src/errors.ts'),
      '@viewlink/transport/engine': src('transport/src/engine.ts'),
    },
    logLevel: 'warning',
  });
  return outfile;
}

/** Runs a script; resolves with its exit code and output, or `timedOut` after `boundMs` (then kills it). */
function run(file: string, boundMs: number) {
  return new Promise<{ code: number | null; out: string; timedOut: boolean; ms: number }>((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: null, out, timedOut: true, ms: Date.now() - started });
    }, boundMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, timedOut: false, ms: Date.now() - started });
    });
  });
}

// Watches every read of `window` from here on; the SDK is imported only afterwards.
const TRAP = `
const touched = [];
Object.defineProperty(globalThis, 'window', { configurable: true, get() { touched.push(new Error().stack); return undefined; } });
`;

describe('@viewlink/web in a Node process', () => {
  it('a script that imports, initializes and does nothing exits by itself, without reading window', async () => {
    const file = await script(
      'idle',
      `${TRAP}
const { SDK, createSdk } = await import('@viewlink/web');
const pair = { access_token: 'vl_at_node', refresh_token: 'vl_rt_node', token_type: 'Bearer', expires_in: 3600 };
SDK.onTokenExpired(() => {});
SDK.initialize('vl_sdk_node', pair, { baseUrl: 'https://api.example.test' });
createSdk({ baseUrl: 'https://api.example.test' }).initialize('vl_sdk_node', pair);
console.log(JSON.stringify({ initialized: SDK.initialized, touched }));
`,
    );
    const result = await run(file, 10_000);
    expect(result.timedOut, `still running after 10 s:\n${result.out}`).toBe(false);
    expect(result.code, result.out).toBe(0);
    expect(JSON.parse(result.out)).toEqual({ initialized: true, touched: [] });
  });
  it('dispose() is still the way to stop an instance at once', async () => {
    const file = await script(
      'disposed',
      `const { createSdk } = await import('@viewlink/web');
const sdk = createSdk({ baseUrl: 'https://api.example.test' });
sdk.initialize('vl_sdk_node', { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 3600 });
sdk.dispose();
console.log(sdk.initialized);
`,
    );
    const result = await run(file, 10_000);
    expect(result).toMatchObject({ code: 0, timedOut: false });
    expect(result.out.trim()).toBe('false');
  });
});
