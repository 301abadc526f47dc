/**
 * The browser build of the transport (`dist/browser`, the `browser` export condition): the code
 * behind `!BROWSER_BUILD` (tracing on node:diagnostics_channel, socket errno details) is gone from
 * a bundle, and what is left behaves as the Node build: data, typed errors, redaction, retries.
 * Both builds are made here by tsup from tsup.config.ts, as `pnpm build` makes them.
 */
import diagnostics from 'node:diagnostics_channel';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { type Options, build as tsup } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as node from '../src/index.js';
import tsupConfig from '../tsup.config.js';

const PACKAGE = fileURLToPath(new URL('../', import.meta.url));
const configs = (Array.isArray(tsupConfig) ? tsupConfig : [tsupConfig]) as Options[];
const browserConfig = configs.find((c) => c.outDir === 'dist/browser');
const esmConfig = configs.find((c) => c.format?.includes('esm') && c.outDir === undefined);

/** The package's ESM build (`dist/`) or its browser build (`dist/browser/`), made by tsup as `pnpm build` does, into `outDir`. */
async function packageBuild(config: Options | undefined, outDir: string): Promise<string> {
  if (!Array.isArray(config?.entry)) throw new Error('tsup.config.ts: no such build, or its entries are not a list');
  const entry = config.entry.map((file) => join(PACKAGE, file));
  await tsup({ ...config, entry, outDir, dts: false, sourcemap: false, silent: true, clean: false });
  return join(outDir, 'index.js');
}

/** A site's bundle (createTransport, the route client, a tracing channel) of a package build, minified as a site's bundler does. */
async function siteBundle(file: string): Promise<string> {
  const result = await build({
    stdin: {
      // A channel too, as the CMS batch uses one: inert in the browser build, with no lookup left in it.
      contents: `export { batchChunkChannel, createRouteClient, createTransport, defineMethods } from ${JSON.stringify(file)};`,
      resolveDir: dir,
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

let dir: string;
let browserFile: string;
let nodeFile: string;
let browser: typeof node;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'transport-browser-'));
  browserFile = await packageBuild(browserConfig, join(dir, 'browser'));
  nodeFile = await packageBuild(esmConfig, join(dir, 'node'));
  browser = (await import(pathToFileURL(browserFile).href)) as typeof node;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the package', () => {
  it('sends browsers to dist/browser and workerd (which has diagnostics_channel) to the full build', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, Record<string, { types: string; default: string }> | string>;
    };
    for (const [subpath, conditions] of Object.entries(pkg.exports)) {
      if (typeof conditions === 'string') continue;
      const name = subpath === '.' ? 'index' : subpath.slice(2);
      expect(Object.keys(conditions), subpath).toEqual(['workerd', 'browser', 'import', 'require']);
      expect(conditions.browser, subpath).toEqual({
        types: `./dist/${name}.d.ts`,
        default: `./dist/browser/${name}.js`,
      });
      expect(conditions.workerd, subpath).toEqual(conditions.import);
    }
  });

  it('builds dist/browser from the same entries with VIEWLINK_BROWSER_BUILD defined and folded', () => {
    expect(browserConfig?.entry).toEqual(esmConfig?.entry);
    expect(browserConfig?.define).toEqual({ VIEWLINK_BROWSER_BUILD: 'true' });
    expect(browserConfig?.minifySyntax).toBe(true);
  });
});

describe('a site bundle of the browser build', () => {
  it('carries no tracing and no socket errno reading; the same bundle without the define does', async () => {
    const withDefine = await siteBundle(browserFile);
    const without = await siteBundle(nodeFile);
    for (const nodeOnly of [
      'tracePromise',
      'getBuiltinModule',
      'hasSubscribers',
      'viewlink:request',
      'AggregateError',
    ]) {
      expect(without, nodeOnly).toContain(nodeOnly);
      expect(withDefine, nodeOnly).not.toContain(nodeOnly);
    }
    expect(withDefine.length).toBeLessThan(without.length - 1000);
  });

  it('asks no more whether ReadableStream, Blob and FormData exist (every browser has them; React Native resolves the import build)', async () => {
    const withDefine = await siteBundle(browserFile);
    const without = await siteBundle(nodeFile);
    for (const lookup of ['typeof ReadableStream', 'typeof Blob', 'typeof FormData']) {
      expect(without, lookup).toContain(lookup);
      expect(withDefine, lookup).not.toContain(lookup);
    }
  });
});

describe('the browser build, run', () => {
  const SECRET = 'sk_live_browser_build_secret';
  const BASE = 'https://api.example/v1';

  /** A transport of `m` whose fetch answers each call with the next of `answers`, counting calls. */
  function transportOf(m: typeof node, answers: Array<() => Response | Promise<Response>>) {
    let calls = 0;
    const transport = m.createTransport({
      baseUrl: BASE,
      secrets: () => [SECRET],
      retry: { limit: 2, baseDelayMs: 1, maxDelayMs: 1 },
      fetch: async () => {
        const answer = answers[Math.min(calls, answers.length - 1)];
        calls++;
        if (!answer) throw new Error('no answer');
        return answer();
      },
    });
    return { transport, calls: () => calls };
  }

  /** What a request of each build ends in: its data, or its error's class name and JSON. */
  async function outcome(m: typeof node, answers: Array<() => Response | Promise<Response>>) {
    const { transport, calls } = transportOf(m, answers);
    try {
      const response = await transport.request({ method: 'GET', path: `/items?token=${SECRET}` });
      return { data: response.data, status: response.status, calls: calls() };
    } catch (error) {
      expect(m.isViewlinkError(error)).toBe(true);
      return { error: (error as Error).name, json: JSON.stringify(error), calls: calls() };
    }
  }

  const json =
    (body: unknown, status = 200) =>
    () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it.each([
    ['a 2xx body', [json({ id: 1 })]],
    ['a 404 echoing the secret', [json({ code: 'nope', message: `no ${SECRET}` }, 404)]],
    ['two 503s, then data (retried)', [json({}, 503), json({}, 503), json({ ok: true })]],
    ['invalid JSON', [() => new Response('{', { status: 200 })]],
    [
      'a connection failure whose cause echoes the secret',
      [
        () => {
          throw new TypeError('Failed to fetch', { cause: new Error(`refused ${SECRET}`) });
        },
      ],
    ],
  ])('%s: the same outcome as the Node build, no secret in it', async (_, answers) => {
    const expected = await outcome(node, answers);
    const received = await outcome(browser, answers);
    expect(received).toEqual(expected);
    expect(JSON.stringify(received)).not.toContain(SECRET);
  });

  it('names a socket error by its innermost message (the Node build: errno and address)', async () => {
    const socket = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
      code: 'ECONNREFUSED',
      address: '127.0.0.1',
      port: 9,
    });
    const answers = [
      () => {
        throw new TypeError('fetch failed', { cause: socket });
      },
    ];
    expect((await outcome(node, answers)).json).toContain('Connection failed for GET');
    // Retried, then failing: the message ends with the attempts (3 over some 0.0 s).
    expect((await outcome(node, answers)).json).toMatch(/: ECONNREFUSED 127\.0\.0\.1:9; 3 attempts over \d+\.\d s"/);
    expect((await outcome(browser, answers)).json).toMatch(
      /: connect ECONNREFUSED 127\.0\.0\.1:9; 3 attempts over \d+\.\d s"/,
    );
  });

  it('publishes no tracing event (the Node build does)', async () => {
    const events: string[] = [];
    const record = (message: unknown) => events.push((message as { method: string }).method);
    const channel = diagnostics.tracingChannel('viewlink:request');
    const handlers = { start: record, end() {}, asyncStart() {}, asyncEnd() {}, error() {} };
    channel.subscribe(handlers);
    try {
      await outcome(browser, [json({ id: 1 })]);
      expect(events).toEqual([]);
      expect(browser.tracingSupported).toBe(false);
      const batch = diagnostics.tracingChannel('viewlink:batch-chunk');
      batch.subscribe(handlers);
      try {
        expect(browser.batchChunkChannel.active).toBe(false);
        await expect(
          browser.batchChunkChannel.trace({ chunk: 0, chunks: 1, size: 1 }, async () => 'ran'),
        ).resolves.toBe('ran');
        expect(events).toEqual([]);
      } finally {
        batch.unsubscribe(handlers);
      }
      await outcome(node, [json({ id: 1 })]);
      expect(events).toEqual(['GET']);
    } finally {
      channel.unsubscribe(handlers);
    }
  });
});
