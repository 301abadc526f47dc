// Installs the OpenAPI gates' tools (scripts/openapi/tools/package.json, pinned by its lockfile)
// into .tmp/openapi-tools with `npm ci`, apart from the workspace: @hey-api/openapi-ts needs
// TypeScript 5.9 beside the workspace's 6.0.3. Reinstalls only when the lockfile changed.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const source = join(root, 'scripts/openapi/tools');
export const toolsDir = join(root, '.tmp/openapi-tools');

/** Makes sure the pinned tools are installed; returns the path of a package's file. */
export function ensureTools() {
  const lock = readFileSync(join(source, 'package-lock.json'), 'utf8');
  const stamp = join(toolsDir, '.installed-lock');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lock) return;
  rmSync(toolsDir, { recursive: true, force: true });
  mkdirSync(toolsDir, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(source, file), join(toolsDir, file));
  console.log('installing the OpenAPI tools (npm ci in .tmp/openapi-tools)...');
  const run = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: toolsDir,
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error('npm ci of scripts/openapi/tools failed: see the output above');
  writeFileSync(stamp, lock);
}

/** Path of a file inside an installed tool package, e.g. `tool('@redocly/cli', 'bin/cli.js')`. */
export function tool(name, file) {
  return join(toolsDir, 'node_modules', name, file);
}

/** The OpenAPI documents the gates check: name, file and the mock's base URL path. */
export const documents = [
  { name: 'partner', file: 'docs/openapi/partner-api.yaml', basePath: '' },
  { name: 'cms', file: 'docs/openapi/cms-rest.yaml', basePath: '/wp-json' },
];
