#!/usr/bin/env node
// Rehearses a release in a throwaway copy of the work tree, or of HEAD with --head (never in place): `pnpm changeset version`,
// then checks versions, CHANGELOGs and inter-package ranges, builds, `pnpm -r pack`s, installs the
// tarballs into a scratch project and imports each entry. docs/releasing.md has the real steps.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkEntries, installTarballs, root } from './pack-install.mjs';

const BUMPS = ['patch', 'minor', 'major'];
const problems = [];
const fail = (message) => {
  problems.push(message);
  console.error(`✘ ${message}`);
};
const started = Date.now();
const step = (label, fn) => {
  const t0 = Date.now();
  const result = fn();
  console.log(`${label}: ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  return result;
};
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Workspace packages of `dir` (pnpm-workspace.yaml: packages/*, examples/*), by name. */
function workspacePackages(dir) {
  const found = new Map();
  for (const group of ['packages', 'examples']) {
    if (!existsSync(join(dir, group))) continue;
    for (const name of readdirSync(join(dir, group))) {
      const manifest = join(dir, group, name, 'package.json');
      if (existsSync(manifest)) found.set(readJson(manifest).name, { dir: join(group, name), ...readJson(manifest) });
    }
  }
  return found;
}

/** The pending changesets: the packages each bumps and its summary. */
function readChangesets(dir) {
  const folder = join(dir, '.changeset');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .map((file) => {
      const text = readFileSync(join(folder, file), 'utf8');
      const match = /^---\n((?:.*\n)*?)---\n([\s\S]*)$/.exec(text); // empty front matter: no release
      if (!match) throw new Error(`.changeset/${file}: no front matter`);
      const bumps = new Map();
      for (const line of match[1].split('\n').filter((l) => l.trim())) {
        const entry = /^\s*['"]?([^'"]+)['"]?\s*:\s*(patch|minor|major)\s*$/.exec(line);
        if (!entry) throw new Error(`.changeset/${file}: cannot read "${line}"`);
        bumps.set(entry[1], entry[2]);
      }
      return { file, bumps, summary: match[2].trim() };
    });
}

function bumpVersion(version, bump) {
  const [major, minor, patch] = version.split('.').map(Number);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

const fromHead = process.argv.includes('--head');
const copy = mkdtempSync(join(tmpdir(), 'viewlink-release-'));
let project;
try {
  // The copy: the work tree's files that git tracks or would track (HEAD's with --head), and
  // node_modules from pnpm's store (no network).
  step(fromHead ? 'copy HEAD (git archive)' : 'copy the work tree (git ls-files)', () => {
    if (fromHead) {
      execFileSync('sh', ['-c', 'git archive --format=tar HEAD | tar -x -C "$1"', 'sh', copy], { cwd: root });
      return;
    }
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    });
    const files = listed.split('\0').filter((file) => file && existsSync(join(root, file)));
    execFileSync('sh', ['-c', 'tar -c --null -T - | tar -x -C "$1"', 'sh', copy], {
      cwd: root,
      input: files.join('\0'),
    });
  });
  step('pnpm install --offline', () => {
    const install = ['install', '--frozen-lockfile', '--reporter=silent'];
    try {
      execFileSync('pnpm', [...install, '--offline'], { cwd: copy, stdio: 'pipe' });
    } catch {
      execFileSync('pnpm', [...install, '--prefer-offline'], { cwd: copy, stdio: 'inherit' });
    }
  });

  const config = readJson(join(copy, '.changeset/config.json'));
  if (config.access !== 'public')
    fail(`.changeset/config.json: access is ${config.access}, scoped packages need public`);
  const before = workspacePackages(copy);
  for (const pkg of before.values()) {
    if (pkg.dir.startsWith('examples/') && !pkg.private) fail(`${pkg.dir}: an example must be "private": true`);
  }
  const changesets = readChangesets(copy);
  if (changesets.length === 0) fail('no pending changeset: nothing to release');
  const wanted = new Map();
  for (const { file, bumps } of changesets) {
    for (const [name, bump] of bumps) {
      if (!before.has(name)) fail(`.changeset/${file}: unknown package ${name}`);
      const current = wanted.get(name);
      if (!current || BUMPS.indexOf(bump) > BUMPS.indexOf(current)) wanted.set(name, bump);
    }
  }

  step('pnpm changeset version', () => execFileSync('pnpm', ['changeset', 'version'], { cwd: copy, stdio: 'pipe' }));

  // Versions as the changesets say; others unchanged (or a patch for a bumped dependency).
  const after = workspacePackages(copy);
  const released = new Map();
  for (const [name, old] of before) {
    const now = after.get(name).version;
    const bump = wanted.get(name);
    if (old.private) {
      if (now !== old.version) fail(`${name} is private but was versioned ${old.version} → ${now}`);
      if (existsSync(join(copy, old.dir, 'CHANGELOG.md'))) fail(`${name} is private but got a CHANGELOG.md`);
      continue;
    }
    if (bump && now !== bumpVersion(old.version, bump)) {
      fail(`${name}: ${old.version} → ${now}, the changesets say ${bump} (${bumpVersion(old.version, bump)})`);
    } else if (!bump && now !== old.version && now !== bumpVersion(old.version, 'patch')) {
      fail(`${name}: ${old.version} → ${now} without a changeset`);
    }
    if (now !== old.version) released.set(name, now);
    console.log(`${name}: ${old.version} → ${now}`);
  }
  const left = readChangesets(copy);
  if (left.length > 0) fail(`changeset version left ${left.map((c) => c.file).join(', ')}`);

  // Each public package has a CHANGELOG with its new version and every summary that names it.
  for (const [name, pkg] of after) {
    if (pkg.private) continue;
    const file = join(copy, pkg.dir, 'CHANGELOG.md');
    if (!existsSync(file)) {
      fail(`${pkg.dir}/CHANGELOG.md is missing`);
      continue;
    }
    const changelog = readFileSync(file, 'utf8');
    if (!changelog.includes(`## ${pkg.version}\n`)) fail(`${pkg.dir}/CHANGELOG.md has no "## ${pkg.version}"`);
    for (const { file: source, bumps, summary } of changesets) {
      const firstLine = summary.split('\n')[0];
      if (bumps.has(name) && !changelog.includes(firstLine)) fail(`${pkg.dir}/CHANGELOG.md lacks .changeset/${source}`);
    }
  }

  step('pnpm run build', () => execFileSync('pnpm', ['run', 'build'], { cwd: copy, stdio: 'pipe' }));
  const packs = join(copy, '.packs');
  mkdirSync(packs);
  step('pnpm -r pack', () =>
    execFileSync('pnpm', ['-r', 'pack', '--pack-destination', packs], { cwd: copy, stdio: 'pipe' }),
  );

  // The packed manifests: versions as released, internal ranges on the new versions, no workspace:.
  const publicTarballs = [];
  for (const tarball of readdirSync(packs).map((file) => join(packs, file))) {
    const raw = execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' });
    const manifest = JSON.parse(raw);
    if (manifest.private) continue;
    publicTarballs.push(tarball);
    if (raw.includes('workspace:')) fail(`${manifest.name}: its packed package.json still says workspace:`);
    if (manifest.version !== after.get(manifest.name)?.version) fail(`${manifest.name}: packed as ${manifest.version}`);
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
        const internal = after.get(dep);
        if (!internal) continue;
        if (internal.private) fail(`${manifest.name} depends on the private package ${dep}`);
        else if (range.replace(/^[\^~]/, '') !== internal.version) {
          fail(`${manifest.name}: ${field}.${dep} is ${range}, not on ${internal.version}`);
        }
      }
    }
  }
  const publicNames = [...after.values()].filter((pkg) => !pkg.private).map((pkg) => pkg.name);
  if (publicTarballs.length !== publicNames.length) {
    fail(`${publicTarballs.length} tarballs for ${publicNames.length} public packages (${publicNames.join(', ')})`);
  }
  console.log(`packed manifests checked: ${publicTarballs.length}`);

  project = step('install the tarballs', () =>
    installTarballs(publicTarballs, { prefix: 'viewlink-release-install-' }),
  );
  const entryFailures = checkEntries(project);
  if (entryFailures > 0) fail(`${entryFailures} entry point(s) or bin(s) failed from the installed tarballs`);
} catch (error) {
  fail(`${error.message}${error.stderr ? `\n${error.stderr}` : ''}${error.stdout ? `\n${error.stdout}` : ''}`);
} finally {
  rmSync(copy, { recursive: true, force: true });
  if (project && problems.length === 0) rmSync(project, { recursive: true, force: true });
  else if (project) console.error(`kept for inspection: ${project}`);
}
console.log(`release check: ${((Date.now() - started) / 1000).toFixed(1)}s, ${problems.length} problem(s)`);
process.exit(problems.length === 0 ? 0 : 1);
