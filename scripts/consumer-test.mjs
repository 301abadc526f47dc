#!/usr/bin/env node
// Installs the packed packages into a scratch project outside the workspace (pack-install.mjs),
// and there `import`s and `require`s each one and type-checks examples/consumer/autocomplete.ts
// against the installed .d.ts files: what a partner gets from npm.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkEntries, installIntoScratchProject, root } from './pack-install.mjs';

// Exact versions: the compiler the workspace uses, and the library behind vitest's expectTypeOf.
const workspaceVersion = (name) => JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies[name];
const typesNode = JSON.parse(readFileSync(join(root, 'node_modules/@types/node/package.json'), 'utf8')).version;
const otelDevDependencies = JSON.parse(readFileSync(join(root, 'packages/otel/package.json'), 'utf8')).devDependencies;
const extra = [
  `typescript@${workspaceVersion('typescript')}`,
  `expect-type@${workspaceVersion('expect-type')}`,
  `@types/node@${typesNode}`,
  // The SDK the @viewlink/otel check exports spans to, and the API version it accepts (dev
  // dependencies of that package; npm's newest API may be outside the SDK's peer range).
  ...['@opentelemetry/sdk-trace-base', '@opentelemetry/api'].map((name) => `${name}@${otelDevDependencies[name]}`),
];

const started = Date.now();
const { project } = installIntoScratchProject({ extra });
console.log(`pack + install: ${((Date.now() - started) / 1000).toFixed(1)}s`);
let failed = checkEntries(project);

// Error identity across copies (issue 15): a second installed version of each client package,
// made from its tarball with another version number and installed under `second-<name>`.
const IDENTITY_PACKAGES = ['transport', 'partner', 'web', 'cms'];
function installSecondCopies() {
  const packs = join(root, '.tmp', 'packs');
  const work = mkdtempSync(join(tmpdir(), 'viewlink-second-'));
  const specs = IDENTITY_PACKAGES.map((name) => {
    const tarball = readdirSync(packs).find((file) => file.startsWith(`viewlink-${name}-`) && file.endsWith('.tgz'));
    if (!tarball) throw new Error(`no packed tarball of @viewlink/${name} in ${packs}`);
    const dir = join(work, name);
    mkdirSync(dir);
    execFileSync('tar', ['-xzf', join(packs, tarball), '-C', dir]);
    const manifestPath = join(dir, 'package', 'package.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    manifest.version = '0.99.0-second';
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
    const repacked = join(work, `second-${name}.tgz`);
    execFileSync('tar', ['-czf', repacked, '-C', dir, 'package']);
    return `second-${name}@file:${repacked}`;
  });
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...specs], {
    cwd: project,
    stdio: 'inherit',
  });
  return work;
}
{
  const t0 = Date.now();
  const work = installSecondCopies();
  copyFileSync(join(root, 'scripts/consumer-identity.mjs'), join(project, 'identity.mjs'));
  const run = spawnSync(process.execPath, ['identity.mjs'], { cwd: project, stdio: 'inherit' });
  rmSync(work, { recursive: true, force: true });
  if (run.status === 0) console.log(`error identity ok (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
  else {
    failed++;
    console.error('error identity FAILED: see the lines above');
  }
}

// @viewlink/otel from the tarball, both builds, on requests of the packed transport.
copyFileSync(join(root, 'scripts/consumer-otel.mjs'), join(project, 'otel.mjs'));
if (spawnSync(process.execPath, ['otel.mjs'], { cwd: project, stdio: 'inherit' }).status !== 0) failed++;

// The same consumer file under each resolution a partner may use. Strictest flags, and the
// installed .d.ts files are checked too (skipLibCheck off).
const consumer = join(root, 'examples/consumer/autocomplete.ts');
const strict = {
  target: 'ES2022',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  types: ['node'],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: false,
  noEmit: true,
};
const setups = [
  { label: 'moduleResolution node16, ESM consumer (.mts)', file: 'autocomplete.mts', module: 'node16' },
  // CJS under node20: msw 3 is ESM-only, so @viewlink/mock from CommonJS needs require(esm)
  // (Node >= 22.12, its engines; TypeScript's `node20` mode models it).
  { label: 'module node20, CJS consumer (.cts)', file: 'autocomplete.cts', module: 'node20', resolution: 'node16' },
  // CJS under node16, which knows no require(esm): @viewlink/mock's CJS declarations import msw's
  // types with `resolution-mode: import` (scripts/cjs-types-esm-only.mjs), else TS1479.
  { label: 'module node16, CJS consumer (.cts)', file: 'autocomplete.cts', module: 'node16' },
  { label: 'moduleResolution bundler (.ts)', file: 'autocomplete.ts', module: 'esnext', resolution: 'bundler' },
];
const tsc = join(project, 'node_modules/typescript/bin/tsc');
for (const [i, setup] of setups.entries()) {
  copyFileSync(consumer, join(project, setup.file));
  const config = `tsconfig.${i}.json`;
  const compilerOptions = { ...strict, module: setup.module, moduleResolution: setup.resolution ?? setup.module };
  writeFileSync(join(project, config), JSON.stringify({ compilerOptions, files: [setup.file] }, null, 2));
  const t0 = Date.now();
  const run = spawnSync(process.execPath, [tsc, '-p', config], { cwd: project, encoding: 'utf8' });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (run.status === 0) console.log(`types ok: ${setup.label} (${seconds}s)`);
  else {
    failed++;
    console.error(`types FAILED: ${setup.label}\n${run.stdout}${run.stderr}`);
    if (run.stdout.includes('TS1479')) {
      console.error(
        "hint: a .d.cts imports an ESM-only package (e.g. msw 3) as a require: import its types with `resolution-mode: 'import'` (scripts/cjs-types-esm-only.mjs)",
      );
    }
  }
}

// The assertions can fail: a wrong expectation in the same setup must be reported by tsc.
writeFileSync(
  join(project, 'canary.ts'),
  "import type { WebhookEvent } from '@viewlink/partner';\nimport { expectTypeOf } from 'expect-type';\n" +
    "expectTypeOf<WebhookEvent['type']>().toEqualTypeOf<'unknown'>();\n",
);
const canary = spawnSync(
  process.execPath,
  [tsc, '--noEmit', '--pretty', 'false', '--strict', '--module', 'node16', 'canary.ts'],
  {
    cwd: project,
    encoding: 'utf8',
  },
);
if (canary.status !== 0 && canary.stdout.includes('canary.ts(3,')) console.log('canary ok: a wrong assertion fails');
else {
  failed++;
  console.error(`canary: a wrong expectTypeOf assertion was not reported\n${canary.stdout}${canary.stderr}`);
}

console.log(`consumer test: ${((Date.now() - started) / 1000).toFixed(1)}s`);
if (!failed) rmSync(project, { recursive: true, force: true });
else console.error(`kept for inspection: ${project}`);
process.exit(failed ? 1 : 0);
