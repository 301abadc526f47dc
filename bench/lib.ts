/** Tiny benchmark harness: interleaved rounds, medians, one JSON result per benchmark file. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** One measured contender. */
export interface Contender {
  readonly name: string;
  readonly run: () => Promise<unknown>;
}

/** Per-contender figures, in microseconds per operation. */
export interface Figures {
  readonly name: string;
  readonly medianUs: number;
  readonly p95Us: number;
  readonly meanUs: number;
  readonly ops: number;
}

/** A section of docs/benchmarks.md. */
export interface BenchSection {
  readonly title: string;
  readonly goal?: string;
  readonly rows: Array<Record<string, string | number>>;
  readonly verdict?: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

/**
 * Runs every contender in interleaved rounds (so drift and GC hit all alike), after a warm-up,
 * and reports per-operation latency. Many short rounds and a long warm-up: with 20 rounds of 100
 * after 300 warm-up calls, the same build moved by up to 0.15x between runs of the watchlist
 * benchmark; with 200 rounds of 20 after 1,000 it stays within about 0.03x.
 */
export async function compare(
  contenders: Contender[],
  { rounds = 200, perRound = 20, warmup = 1000 } = {},
): Promise<Figures[]> {
  for (const c of contenders) for (let i = 0; i < warmup; i++) await c.run();
  const samples = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    for (const c of order) {
      const list = samples.get(c.name) as number[];
      for (let i = 0; i < perRound; i++) {
        const start = process.hrtime.bigint();
        await c.run();
        list.push(Number(process.hrtime.bigint() - start) / 1000);
      }
    }
  }
  return contenders.map((c) => {
    const list = (samples.get(c.name) as number[]).sort((a, b) => a - b);
    return {
      name: c.name,
      medianUs: percentile(list, 0.5),
      p95Us: percentile(list, 0.95),
      meanUs: list.reduce((a, b) => a + b, 0) / list.length,
      ops: list.length,
    };
  });
}

/** Starts a 127.0.0.1 HTTP server for a benchmark. */
export async function localServer(listener: RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(listener);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Formats microseconds for tables. */
export const us = (value: number) => `${value.toFixed(1)} µs`;

/** Table rows of request latencies, each contender against the first (raw fetch). */
export function vsRawFetch(figures: Figures[]): Array<Record<string, string | number>> {
  const base = figures[0]?.medianUs ?? Number.NaN;
  return figures.map((f) => ({
    contender: f.name,
    median: us(f.medianUs),
    p95: us(f.p95Us),
    'x raw fetch': (f.medianUs / base).toFixed(2),
    requests: f.ops,
  }));
}

/** Prints a section as the JSON line scripts/bench.mjs collects. */
export function report(section: BenchSection): void {
  console.log(`BENCH ${JSON.stringify(section)}`);
}

const ROOT = join(import.meta.dirname, '..');

/** Newest modification time under a folder (ms). */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/**
 * Builds the named workspace packages whose dist is missing or older than their source (src, build/,
 * tsup config, package.json), so a bench measures the built packages users import.
 */
export function buildIfStale(names: readonly string[]): void {
  const stale = names.filter((name) => {
    const pkg = join(ROOT, 'packages', name);
    const dist = join(pkg, 'dist', 'index.js');
    if (!existsSync(dist)) return true;
    // The build's own inputs besides src: its config, the manifest's exports, build-time transforms.
    const inputs = ['tsup.config.ts', 'package.json'].map((file) => join(pkg, file)).filter((file) => existsSync(file));
    const sourcesAt = Math.max(
      newest(join(pkg, 'src')),
      ...inputs.map((file) => statSync(file).mtimeMs),
      existsSync(join(pkg, 'build')) ? newest(join(pkg, 'build')) : 0,
    );
    return statSync(dist).mtimeMs < sourcesAt;
  });
  if (stale.length === 0) return;
  console.log(`building ${stale.join(', ')} (dist missing or older than src)`);
  const filters = stale.flatMap((name) => ['--filter', `./packages/${name}`]);
  const build = spawnSync('pnpm', ['-r', ...filters, 'run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  if (build.status !== 0) throw new Error(`pnpm build of ${stale.join(', ')} failed`);
}
