/**
 * Issue 3: a 100,000-entry watch history.
 * 1. Parse + validate (the client's path: JSON.parse, then the shared WatchHistoryPage schema
 *    compiled by zod (compiledValidator), as PartnerClient validates each page) vs JSON.parse alone of
 *    the same bytes. Goal: at most 2x. zod alone is shown for contrast.
 * 2. Peak heap while iterating page by page through PartnerClient against the Partner fake on
 *    127.0.0.1, for 10,000 and 100,000 entries. Goal: bounded, independent of history length.
 */

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createPartnerFake, encodeCursor, type HistorySpec, historyEntry } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
import { PartnerClient } from '@viewlink/partner';
import { compiledValidator, WatchHistoryPage } from '@viewlink/schemas';
import { check } from '@viewlink/transport';
import { compare, report } from './lib.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const ENTRIES = 100_000;
const PAGE = 500;
const spec: HistorySpec = {
  seed: 7,
  size: ENTRIES,
  services: ['streamflix', 'cineplus', 'primevista', 'tubely'],
  firstActivityMs: Date.UTC(2010, 0, 1),
  lastActivityMs: Date.UTC(2026, 9, 31),
};
// The exact bytes the API would send: 200 pages of 500 entries.
const pages: string[] = [];
for (let start = 0; start < ENTRIES; start += PAGE) {
  const items = Array.from({ length: Math.min(PAGE, ENTRIES - start) }, (_, i) => historyEntry(spec, start + i));
  const next = start + PAGE < ENTRIES ? encodeCursor(start + PAGE) : null;
  pages.push(JSON.stringify({ items, next_cursor: next }));
}
const megabytes = pages.reduce((n, p) => n + Buffer.byteLength(p), 0) / 2 ** 20;

let sink = 0;
const parse = [
  {
    name: 'JSON.parse alone',
    run: async () => {
      for (const page of pages) sink += (JSON.parse(page) as { items: unknown[] }).items.length;
    },
  },
  ...[
    // What PartnerClient runs on each page (packages/partner/src/internal/call.ts).
    {
      name: 'JSON.parse + compiledValidator(WatchHistoryPage) (the client)',
      schema: compiledValidator(WatchHistoryPage),
    },
    { name: 'JSON.parse + WatchHistoryPage, zod alone (for contrast)', schema: WatchHistoryPage },
  ].map(({ name, schema }) => ({
    name,
    run: async () => {
      for (const page of pages) {
        const result = check(schema, JSON.parse(page));
        if (!result.ok) throw new Error(`invalid page: ${JSON.stringify(result.issues[0])}`);
        sink += result.value.items.length;
      }
    },
  })),
];
const figures = await compare(parse, { rounds: 10, perRound: 1, warmup: 3 });
const base = figures[0]?.medianUs ?? 1;
const ratio = (figures[1]?.medianUs ?? Number.NaN) / base;
report({
  title: `Partner history: parse + validate ${ENTRIES.toLocaleString('en')} entries (${megabytes.toFixed(1)} MB in ${pages.length} pages)`,
  goal: 'parse + validate at most 2x JSON.parse alone',
  rows: figures.map((f) => ({
    contender: f.name,
    median: `${(f.medianUs / 1000).toFixed(1)} ms`,
    'per entry': `${(f.medianUs / ENTRIES).toFixed(2)} µs`,
    'x JSON.parse': (f.medianUs / base).toFixed(2),
    runs: f.ops,
  })),
  verdict: `${ratio.toFixed(2)}x JSON.parse alone: ${ratio <= 2 ? 'goal met' : 'goal NOT met'}`,
});

// Heap while iterating page by page, for two history lengths. "Live" is measured after a forced
// GC every 10 pages (what the iteration retains); "peak" is the raw maximum, garbage included.
interface MemoryFigures {
  readonly mode: string;
  readonly seen: number;
  readonly liveMb: number;
  readonly peakMb: number;
}
async function measure(entries: number, mode: 'pages' | 'all'): Promise<MemoryFigures> {
  const userId = `bench-${entries}`;
  const fake = createPartnerFake({
    apiKeys: ['vl_bench_key'],
    users: [
      {
        user_id: userId,
        accounts: [{ service: 'streamflix' }, { service: 'cineplus' }],
        history_entries: entries,
        seed: 7,
      },
    ],
  });
  const server = await serve({ handle: fake.handle });
  try {
    const client = new PartnerClient({ apiKey: 'vl_bench_key', baseUrl: server.url });
    const user = client.user(userId);
    await user.tokenPair();
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let live = 0;
    let peak = 0;
    let seen = 0;
    if (mode === 'all') {
      const all = await user.history.all({ limit: PAGE, maxEntries: entries });
      gc();
      live = process.memoryUsage().heapUsed - baseline;
      seen = all.length;
      peak = live;
    } else {
      let pageNo = 0;
      for await (const page of user.history.pages({ limit: PAGE })) {
        seen += page.items.length;
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
        if (++pageNo % 10 === 0) {
          gc();
          live = Math.max(live, process.memoryUsage().heapUsed - baseline);
        }
      }
    }
    return { mode, seen, liveMb: live / 2 ** 20, peakMb: peak / 2 ** 20 };
  } finally {
    await server.close();
  }
}
const small = await measure(10_000, 'pages');
gc();
const large = await measure(ENTRIES, 'pages');
gc();
const collected = await measure(ENTRIES, 'all');
const bounded = large.liveMb <= small.liveMb + 4;
report({
  title: 'Partner history: heap while iterating page by page (PartnerClient -> Partner fake on 127.0.0.1)',
  goal: 'bounded: what the iteration holds does not grow with history length',
  rows: [small, large, collected].map((r) => ({
    read: r.mode === 'pages' ? `history.pages({ limit: ${PAGE} })` : 'history.all() (for contrast)',
    entries: r.seen.toLocaleString('en'),
    'max live heap above baseline (after GC)': `${r.liveMb.toFixed(1)} MB`,
    'peak heap above baseline (garbage included)': r.mode === 'pages' ? `${r.peakMb.toFixed(1)} MB` : '-',
  })),
  verdict: `page by page: ${large.liveMb.toFixed(1)} MB live for ${ENTRIES.toLocaleString('en')} entries vs ${small.liveMb.toFixed(1)} MB for 10,000 (all() holds ${collected.liveMb.toFixed(0)} MB): ${bounded ? 'goal met (bounded)' : 'goal NOT met'}`,
});
if (sink === 0) console.log('unreachable');
