#!/usr/bin/env node
// The one test command (`pnpm test`): every quality gate, in order, each failing loudly.
// Prints a closing line `total: N passed, M failed` counting every test and gate.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const only = process.argv.slice(2);

/** A gate running one vitest config, its JSON report (`.tmp/<report>.json`) counted in the total. */
const vitestGate = (name, config, report) => ({
  name,
  cmd: [
    'pnpm',
    'exec',
    'vitest',
    'run',
    '-c',
    config,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${tmp}/${report}.json`,
  ],
  report: `${tmp}/${report}.json`,
});

/** Each gate: a name, a command, and optionally a vitest JSON report to count tests from. */
const gates = [
  { name: 'lint + format (biome)', cmd: ['pnpm', 'exec', 'biome', 'ci', '.'] },
  { name: 'typecheck (every package, test and example)', cmd: ['pnpm', 'exec', 'tsc', '-p', 'tsconfig.json'] },
  // The Next.js samples of the React and Next.js guides, with a Next.js app's module settings (extensionless imports).
  {
    name: 'typecheck (Next.js App Router samples)',
    cmd: ['pnpm', 'exec', 'tsc', '-p', 'examples/docs/tsconfig.json'],
  },
  // The NestJS samples of the partner guides, with a Nest app's legacy decorators.
  { name: 'typecheck (NestJS samples)', cmd: ['pnpm', 'exec', 'tsc', '-p', 'examples/docs/nestjs/tsconfig.json'] },
  { name: 'generated files are up to date', cmd: ['node', 'scripts/check-generated.mjs'] },
  { name: 'no import cycles (packages/*/src)', cmd: ['node', 'scripts/check-import-cycles.mjs'] },
  // docs/architecture.md "Folders": entry points only re-export, internal/ stays private, no dead exports.
  { name: 'folder rule + no dead exports (published packages)', cmd: ['node', 'scripts/check-folders.mjs'] },
  // The OpenAPI documents as other languages meet them (docs/decisions/openapi.md); tools pinned in
  // scripts/openapi/tools, installed into .tmp/openapi-tools by `npm ci` on first use.
  { name: 'OpenAPI lint (@redocly/cli, 0 errors and warnings)', cmd: ['node', 'scripts/openapi/lint.mjs'] },
  {
    name: 'OpenAPI clients (@hey-api/openapi-ts, tsc 5.9 --strict, README flows against viewlink-mock)',
    cmd: ['node', 'scripts/openapi/clients.mjs'],
  },
  {
    // Valid and invalid requests for every operation of both documents through Prism's validating proxy.
    name: 'mock fuzzed through a validating proxy (@stoplight/prism-cli, every operation of both documents)',
    cmd: ['node', 'scripts/openapi/fuzz.mjs'],
  },
  {
    name: 'unit + type tests (vitest)',
    cmd: ['pnpm', 'exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${tmp}/unit.json`],
    report: `${tmp}/unit.json`,
  },
  // Shared stores on real Redis: each file starts a private redis-server (scripts/redis/start.sh
  // installs Debian's package when missing); 8 backend instances as child processes (issue 14);
  // healing refused renewals across processes and a Redis Cluster master killed mid-run (issue 21).
  vitestGate('multi-instance tests (real redis-server, child processes)', 'vitest.redis.config.ts', 'redis'),
  // Installs Debian's Chromium when missing (scripts/chromium/install.sh) or fails loudly.
  vitestGate('browser tests (headless Chromium + test extension)', 'vitest.browser.config.ts', 'browser'),
  // Starts a real WordPress 6.5.5 (scripts/wordpress/start.sh installs PHP and MariaDB when
  // missing) and the CMS fake, and runs every scenario against both.
  vitestGate('CMS contract suite (real WordPress 6.5.5 and the fake)', 'vitest.contract.config.ts', 'contract'),
  { name: 'build every package', cmd: ['pnpm', 'run', 'build'] },
  {
    // examples/nextjs-site (docs/getting-started/nextjs.md): `next build` and `next start` on
    // 127.0.0.1 against a real WordPress 6.5.5, its pages checked in headless Chromium; its
    // /watchlist page (docs/getting-started/react.md) against viewlink-mock, hydrated, bundle clean.
    name: 'Next.js site: next build + next start against real WordPress, Chromium',
    cmd: ['node', 'scripts/nextjs-site.mjs'],
  },
  {
    // The README samples and probe files against the packed packages: at most 1,000 type
    // instantiations each, hovers at the probe points at most 200 characters (docs/benchmarks.md).
    name: 'type budget (packed packages: instantiations, hover text)',
    cmd: ['node', 'scripts/type-budget.mjs'],
  },
  {
    // @viewlink/web (and @viewlink/react's modules) resolved as Metro does, lowered by React Native's
    // Babel preset, on the Hermes VM (npm hermes-engine-cli) with React Native's fetch, URL, AbortController (issue 20);
    // @viewlink/cms's reads too (the full transport run).
    name: 'React Native: @viewlink/web, @viewlink/react and @viewlink/cms on Hermes',
    cmd: ['node', 'scripts/hermes/run.mjs', '--no-build'],
  },
  {
    // Packs and installs every package, then runs one scenario on each runtime (docs/runtimes.md).
    name: 'runtimes: Node 22/24/26, Deno, Bun, workerd, Chromium',
    cmd: ['node', 'scripts/runtimes/run.mjs'],
  },
  {
    // Renders to .tmp (not docs/api) so broken links and anchors between guides fail too.
    name: 'docs site renders: API reference + guides (typedoc)',
    cmd: ['pnpm', 'exec', 'typedoc', '--out', '.tmp/docs-site'],
  },
  {
    name: 'publint + attw on every package',
    cmd: ['node', 'scripts/check-packages.mjs'],
    // Its problems, repeated after the summary when it fails: a CI log may keep only the tail.
    problemLog: `${tmp}/check-packages.log`,
  },
  {
    name: 'packed tarballs outside the workspace: import, require, bin, consumer types',
    cmd: ['node', 'scripts/consumer-test.mjs'],
  },
  {
    // changeset version + build + pnpm -r pack in a throwaway copy, then the tarballs installed and imported.
    name: 'release rehearsal (changesets version, pack, install)',
    cmd: ['node', 'scripts/release-check.mjs'],
  },
  // The README's first command: backend, web app in Chromium, webhooks, CMS import (docs/demo.md).
  { name: 'demo (pnpm demo)', cmd: ['node', 'scripts/demo.mjs'] },
];

/** The failed tests of a vitest JSON report, one line each: file, title, first line of the error. */
function failedTestsOf(report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const why = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 200);
      lines.push(`${file.name.replace(root, '')} > ${test.fullName ?? test.title}: ${why}`);
    }
  }
  return lines;
}

const results = [];
/** Failed tests of every vitest gate, printed last: a CI log may keep only the tail. */
const failures = [];
let passedTests = 0;
let failedTests = 0;
for (const gate of gates) {
  if (only.length > 0 && !only.some((o) => gate.name.includes(o))) continue;
  console.log(`\n=== ${gate.name}: ${gate.cmd.join(' ')}`);
  if (gate.report) rmSync(gate.report, { force: true });
  if (gate.problemLog) rmSync(gate.problemLog, { force: true });
  const started = Date.now();
  const run = spawnSync(gate.cmd[0], gate.cmd.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  // A command that could not start (pnpm not on PATH) says so instead of failing in silence.
  if (run.error) console.error(`${gate.name}: could not run ${gate.cmd[0]}: ${run.error.message}`);
  const ok = run.status === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (gate.report && existsSync(gate.report)) {
    const report = JSON.parse(readFileSync(gate.report, 'utf8'));
    passedTests += report.numPassedTests ?? 0;
    failedTests += report.numFailedTests ?? 0;
    failures.push(...failedTestsOf(report));
    if ((report.numTotalTests ?? 0) === 0) {
      console.error(`${gate.name}: ran no test`);
      results.push({ name: gate.name, ok: false, seconds });
      continue;
    }
  } else if (gate.report && ok) {
    console.error(`${gate.name}: no report written`);
  }
  results.push({ name: gate.name, ok, seconds, problemLog: gate.problemLog });
}

for (const r of results) {
  if (r.ok || !r.problemLog || !existsSync(r.problemLog)) continue;
  console.log(`\n=== why "${r.name}" failed\n${readFileSync(r.problemLog, 'utf8')}`);
}
console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds}s)`);
const failedGates = results.filter((r) => !r.ok).length;
const passedGates = results.length - failedGates;
console.log(`gates: ${passedGates} passed, ${failedGates} failed`);
console.log(`total: ${passedTests + passedGates} passed, ${failedTests + failedGates} failed`);
if (failures.length > 0) {
  console.log(`failed tests (${failures.length}):`);
  for (const line of failures.slice(0, 10)) console.log(`  ${line}`);
}
process.exit(failedGates === 0 ? 0 : 1);
