/**
 * Issue 15, start-up: the cold import of `@viewlink/partner` and of `@viewlink/cms` (built
 * packages, as installed) next to `openai` and `ky`. Each run is a whole new Node process doing
 * one `import()`, contenders alternating run by run, so disk cache and machine load hit all
 * alike. The cost of an import is the process's wall time minus that of a process importing
 * nothing. Goal: each of ours at most openai's.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, report } from './lib.js';

const ROOT = join(import.meta.dirname, '..');
const RUNS = 21;
const OURS = ['schemas', 'transport', 'partner', 'cms'] as const;

// The built packages are what users import.
buildIfStale(OURS);

/** ESM entry of a root dependency, resolved as Node's `import` would (bench/ resolves from the root). */
const rootEntry = (name: string) => import.meta.resolve(name);
const ourEntry = (name: string) => pathToFileURL(join(ROOT, 'packages', name, 'dist', 'index.js')).href;

const contenders: Array<{ name: string; url?: string }> = [
  { name: 'node alone (no import)' },
  { name: '@viewlink/partner', url: ourEntry('partner') },
  { name: '@viewlink/cms', url: ourEntry('cms') },
  { name: 'openai', url: rootEntry('openai') },
  { name: 'ky', url: rootEntry('ky') },
];

/** Wall time (ms) of one new process that imports `url` (or nothing). */
function coldRun(url: string | undefined): number {
  const code = url ? `await import(${JSON.stringify(url)});` : '';
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, stdio: 'pipe' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) throw new Error(`import of ${url} failed: ${run.stderr}`);
  return ms;
}

const samples = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
for (const c of contenders) coldRun(c.url); // warm the disk cache once
for (let round = 0; round < RUNS; round++) {
  const order = round % 2 === 0 ? contenders : [...contenders].reverse();
  for (const c of order) samples.get(c.name)?.push(coldRun(c.url));
}
const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const medians = new Map(contenders.map((c) => [c.name, median(samples.get(c.name) ?? [])]));
const bare = medians.get('node alone (no import)') ?? 0;
const cost = (name: string) => (medians.get(name) ?? Number.NaN) - bare;
const openai = cost('openai');

report({
  title: `Start-up: cold import in a new Node process (median of ${RUNS}, alternating)`,
  goal: 'the import cost (process wall time minus a process importing nothing) of @viewlink/partner and of @viewlink/cms each at most that of openai',
  rows: contenders.map((c) => ({
    import: c.url ? `import('${c.name}')` : c.name,
    'process wall time': `${(medians.get(c.name) ?? 0).toFixed(1)} ms`,
    'import cost': c.url ? `${cost(c.name).toFixed(1)} ms` : '-',
    'x openai': c.url ? (cost(c.name) / openai).toFixed(2) : '-',
    runs: RUNS,
  })),
  verdict: ['@viewlink/partner', '@viewlink/cms']
    .map(
      (name) =>
        `${name} ${(cost(name) / openai).toFixed(2)}x openai: ${cost(name) <= openai ? 'goal met' : 'goal NOT met'}`,
    )
    .join('; '),
});
