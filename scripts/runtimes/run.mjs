#!/usr/bin/env node
// The runtime matrix (docs/runtimes.md): packs and installs every package into a scratch
// project, starts the packed `viewlink-mock` on 127.0.0.1, and runs one scenario on Node
// 22/24/26 (import and require), Deno, Bun, workerd (wrangler dev --local) and Chromium.
// Usage: node scripts/runtimes/run.mjs [runtime ids...]   e.g. `deno workerd`; none = all.
// Exits non-zero when any runtime fails or cannot run, printing the exact error.
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installIntoScratchProject } from '../pack-install.mjs';
import { runChromium } from './chromium.mjs';
import { ensureInstalled } from './install.mjs';
import { startProcess } from './process.mjs';
import { printSummary, rowFromError } from './result.mjs';
import { runServerRuntime } from './server-runtimes.mjs';
import { OTEL_PACKAGES, SERVER_RUNTIMES, WRANGLER } from './versions.mjs';
import { runWorkerd } from './workerd.mjs';

const started = Date.now();
const here = fileURLToPath(new URL('.', import.meta.url));
const ALL = [...SERVER_RUNTIMES.map((r) => r.id), 'workerd', 'chromium'];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((id) => !ALL.includes(id));
if (unknown.length) {
  console.error(`unknown runtime(s): ${unknown.join(', ')}; known: ${ALL.join(', ')}`);
  process.exit(2);
}
const selected = (id) => wanted.length === 0 || wanted.includes(id);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`run this on Node >= 22.12 (got ${process.version}): pnpm exec node scripts/runtimes/run.mjs`);
  process.exit(2);
}

// Runtime installs run in the background while the packages are packed and installed.
const servers = SERVER_RUNTIMES.filter((spec) => selected(spec.id));
const installs = new Map(servers.map((spec) => [spec.id, ensureInstalled(spec)]));
if (selected('workerd')) installs.set('workerd', ensureInstalled(WRANGLER));
for (const promise of installs.values()) promise.catch(() => {}); // reported per row below

const { project } = installIntoScratchProject({ prefix: 'viewlink-runtimes-', extra: OTEL_PACKAGES });
for (const file of ['scenario.mjs', 'entry.mjs', 'entry.cjs']) copyFileSync(join(here, file), join(project, file));

const mock = await startMock(project);
const rows = [];
try {
  for (const spec of servers) {
    const install = await settle(installs.get(spec.id));
    for (const loader of spec.loaders) {
      const pinned = { runtime: spec.id, loader, version: `${spec.pkg} ${spec.version} (not installed)` };
      if (install.error) rows.push({ ...rowFromError(pinned, install.error), seconds: 0 });
      else rows.push(await runServerRuntime(spec, install.value.bin, loader, { project, mockUrl: mock.url }));
      report(rows.at(-1));
    }
  }
  if (selected('workerd')) {
    const install = await settle(installs.get('workerd'));
    const pinned = {
      runtime: 'workerd',
      loader: 'wrangler bundle',
      version: `wrangler ${WRANGLER.version} (not installed)`,
    };
    if (install.error) rows.push({ ...rowFromError(pinned, install.error), seconds: 0 });
    else
      rows.push(
        await runWorkerd({ project, mockUrl: mock.url, wranglerBin: install.value.bin, node: process.execPath }),
      );
    report(rows.at(-1));
  }
  if (selected('chromium')) {
    rows.push(await runChromium({ project, mockUrl: mock.url }));
    report(rows.at(-1));
  }
} finally {
  mock.stop();
}

printSummary(rows);
const installed = [...installs.values()].map((p) => settle(p));
const settled = await Promise.all(installed);
const fresh = settled.filter((i) => i.value && !i.value.cached).length;
const cached = settled.filter((i) => i.value?.cached).length;
const ok = rows.length > 0 && rows.every((r) => r.ok);
console.log(
  `runtimes: ${rows.filter((r) => r.ok).length}/${rows.length} passed in ${((Date.now() - started) / 1000).toFixed(1)}s` +
    ` (runtime installs: ${fresh} fresh, ${cached} from .cache/runtimes, ${settled.length - fresh - cached} failed)`,
);
if (ok) rmSync(project, { recursive: true, force: true });
else console.log(`scratch project kept for inspection: ${project}`);
process.exit(ok ? 0 : 1);

function report(row) {
  console.log(
    `${row.ok ? 'PASS' : 'FAIL'} ${row.runtime} (${row.loader}): ${row.passed}/${row.passed + row.failed} checks, ${row.seconds.toFixed(1)}s`,
  );
}

function settle(promise) {
  return promise.then(
    (value) => ({ value }),
    (error) => ({ error }),
  );
}

/** The packed `viewlink-mock` bin on a free 127.0.0.1 port, under this Node. */
async function startMock(dir) {
  const bin = join(dir, 'node_modules', '.bin', 'viewlink-mock');
  const server = startProcess(process.execPath, [bin, '--port', '0'], { cwd: dir });
  const deadline = Date.now() + 30_000;
  let exited = false;
  server.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1];
    if (url) return { url, stop: server.stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  server.stop();
  throw new Error(`viewlink-mock did not start:\n${server.output()}`);
}
