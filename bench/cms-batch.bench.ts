/**
 * Issue 6: creating 1,000 posts through the batch builder (40 requests of 25) vs one request
 * per post, in one run, against the real WordPress 6.5.5 (scripts/wordpress/start.sh) and,
 * for contrast, the CMS fake. Goal: the batch at least 5x faster on WordPress.
 *
 * Besides wall time, each row gives the CPU time per post of the client, of WordPress's PHP
 * workers and of MariaDB (from /proc): wall-clock ratios on a shared 2-core machine move with
 * its load, CPU per post does not, and it shows where a batched post's time goes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { CmsClient } from '@viewlink/cms';
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
import { report } from './lib.js';
import { groupCpuMs, ownCpuMs, processCpuMs } from './proc-cpu.js';

const POSTS = 1_000;

interface Target {
  readonly name: string;
  readonly client: CmsClient;
  /** WordPress's processes: the `php -S` process group and mariadbd (none for the in-process fake). */
  readonly server?: { readonly phpGroup: number; readonly mariadb: number };
  readonly cleanup: () => Promise<void>;
}

/** CPU milliseconds so far: this process (the client, and the fake when it serves in-process), PHP, MariaDB. */
interface CpuSample {
  readonly client: number;
  readonly php: number | undefined;
  readonly mariadb: number | undefined;
}

interface Measured {
  readonly ms: number;
  readonly ids: number[];
  readonly requests: number;
  /** CPU milliseconds per post. */
  readonly cpu: CpuSample;
}

async function wordpress(): Promise<Target> {
  // Fails loudly (with the script's reason) when WordPress cannot start: no silent skip. The
  // script prints the path of its env.json (WP_STATE_DIR / WP_PORT choose another instance).
  const printed = execFileSync('bash', ['scripts/wordpress/start.sh'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const envPath = printed.trim().split('\n').at(-1) ?? '.wp/env.json';
  const env = JSON.parse(readFileSync(envPath, 'utf8')) as {
    url: string;
    restRoot: string;
    admin: { username: string; applicationPassword: string };
    pids: { php: number; mariadbd: number };
  };
  const client = new CmsClient({
    baseUrl: env.url,
    restRoot: env.restRoot,
    namespaces: { cms: 'wp/v2' },
    auth: env.admin,
    retry: false,
    timeout: 120_000,
  });
  // start.sh starts `php -S` with setsid: its pid leads the group its workers belong to.
  const server = { phpGroup: env.pids.php, mariadb: env.pids.mariadbd };
  return { name: 'WordPress 6.5.5', client, server, cleanup: async () => undefined };
}

async function fake(): Promise<Target> {
  const server = await serve({ handle: createMockService().handle });
  const client = new CmsClient({
    baseUrl: server.url,
    restRoot: `${server.url}/wp-json/`,
    auth: { username: 'admin', applicationPassword: 'fake admin appl pass word xxxx' },
    retry: false,
  });
  return { name: 'CMS fake', client, cleanup: () => server.close() };
}

function sampleCpu(target: Target): CpuSample {
  return {
    client: ownCpuMs(),
    php: target.server ? groupCpuMs(target.server.phpGroup) : undefined,
    mariadb: target.server ? processCpuMs(target.server.mariadb) : undefined,
  };
}

async function measure(target: Target, work: () => Promise<{ ids: number[]; requests: number }>): Promise<Measured> {
  const cpu0 = sampleCpu(target);
  const started = performance.now();
  const { ids, requests } = await work();
  const ms = performance.now() - started;
  const cpu1 = sampleCpu(target);
  const perPost = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined ? undefined : (b - a) / POSTS;
  return {
    ms,
    ids,
    requests,
    cpu: {
      client: (cpu1.client - cpu0.client) / POSTS,
      php: perPost(cpu0.php, cpu1.php),
      mariadb: perPost(cpu0.mariadb, cpu1.mariadb),
    },
  };
}

async function removeAll(client: CmsClient, ids: number[]) {
  const batch = client.batch();
  for (const id of ids) batch.posts.delete(id, { force: true });
  if (batch.size > 0) await batch.run({ chunk: true });
}

function oneByOne(target: Target, tag: string): Promise<Measured> {
  return measure(target, async () => {
    const ids: number[] = [];
    for (let i = 0; i < POSTS; i++)
      ids.push((await target.client.posts.create({ title: `${tag} ${i}`, status: 'publish' })).id);
    return { ids, requests: POSTS };
  });
}

/** One request per post, `concurrency` in flight: the fair partner of the 4-chunks row. */
function oneByOneInFlight(target: Target, tag: string, concurrency: number): Promise<Measured> {
  return measure(target, async () => {
    const ids: number[] = new Array(POSTS);
    let next = 0;
    const worker = async () => {
      while (next < POSTS) {
        const i = next++;
        ids[i] = (await target.client.posts.create({ title: `${tag} ${i}`, status: 'publish' })).id;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return { ids, requests: POSTS };
  });
}

function batched(target: Target, tag: string, concurrency = 1): Promise<Measured> {
  return measure(target, async () => {
    const batch = target.client.batch();
    for (let i = 0; i < POSTS; i++) batch.posts.create({ title: `${tag} ${i}`, status: 'publish' });
    const result = await batch.run({ chunk: true, concurrency });
    if (!result.ok) throw new Error('a batched create failed');
    const ids = result.outcomes.map((o) => (o.ok ? (o.data as { id: number }).id : 0));
    return { ids, requests: result.chunks };
  });
}

/** Undefined when the server's CPU could not be read (no /proc). */
const cpuTotal = (cpu: CpuSample) =>
  cpu.php === undefined || cpu.mariadb === undefined ? undefined : cpu.client + cpu.php + cpu.mariadb;
const ms = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(2));
const serverCpuCell = (cpu: CpuSample) =>
  `${ms(cpuTotal(cpu))} (client ${ms(cpu.client)}, PHP ${ms(cpu.php)}, MariaDB ${ms(cpu.mariadb)})`;
const cpuCell = (target: Target, cpu: CpuSample) =>
  target.server ? serverCpuCell(cpu) : `${ms(cpu.client)} (client and fake, one process)`;

const load = () => (loadavg()[0] ?? 0).toFixed(2);
const loadBefore = load();
const rows: Array<Record<string, string | number>> = [];
let wp:
  | { single: Measured; batch: Measured; single4: Measured; parallel: Measured; postsBefore: number | undefined }
  | undefined;
for (const make of [wordpress, fake]) {
  const target = await make();
  try {
    // Every created post recounts its category over all its published posts: site size matters.
    const postsBefore = (await target.client.posts.list({ per_page: 1 })).total;
    const single = await oneByOne(target, 'bench single');
    await removeAll(target.client, single.ids);
    const batch = await batched(target, 'bench batch');
    await removeAll(target.client, batch.ids);
    // WordPress here serves 4 PHP workers: 4 chunks in flight is the builder's bounded concurrency.
    const parallel = await batched(target, 'bench batch x4', 4);
    await removeAll(target.client, parallel.ids);
    const single4 = await oneByOneInFlight(target, 'bench single x4', 4);
    await removeAll(target.client, single4.ids);
    if (target.server) wp = { single, batch, single4, parallel, postsBefore };
    const row = (way: string, m: Measured) => ({
      target: target.name,
      way,
      requests: m.requests,
      seconds: (m.ms / 1000).toFixed(2),
      'ms per post': (m.ms / POSTS).toFixed(1),
      speedup: `${(single.ms / m.ms).toFixed(1)}x`,
      'CPU ms per post': cpuCell(target, m.cpu),
    });
    rows.push(
      row('one request per post', single),
      row('batch builder, chunks of 25', batch),
      row('one request per post, 4 in flight', single4),
      row('batch builder, 4 chunks in flight', parallel),
    );
  } finally {
    await target.cleanup();
  }
}

function verdict(): string {
  if (!wp) return 'WordPress did not run';
  const { single, batch, single4, parallel, postsBefore } = wp;
  const ratio = single.ms / batch.ms;
  const ratio4 = single.ms / parallel.ms;
  const fair4 = single4.ms / parallel.ms;
  const met = (r: number) => (r >= 5 ? 'goal met' : 'goal NOT met');
  const singleCpu = cpuTotal(single.cpu);
  const batchCpu = cpuTotal(batch.cpu);
  const cpuRatio = singleCpu === undefined || batchCpu === undefined ? Number.NaN : singleCpu / batchCpu;
  return [
    `on WordPress 6.5.5, against one request per post sent one after another: sequential chunks ${ratio.toFixed(1)}x (${met(ratio)}), 4 chunks in flight ${ratio4.toFixed(1)}x (${met(ratio4)}).`,
    `At equal concurrency (4 in flight each way) the batch is ${fair4.toFixed(1)}x faster (${met(fair4)}).`,
    `Where the time goes, in CPU per post (it moves far less with the load than wall time): one request per post ${serverCpuCell(single.cpu)} ms, a post in a sequential batch ${serverCpuCell(batch.cpu)} ms.`,
    `Requests run one after another, so on an idle machine the sequential speedup is about that CPU ratio, ${cpuRatio.toFixed(1)}x:`,
    'a batch saves each request\'s bootstrap and authentication, but WordPress still inserts every post inside it (about 30 queries per post, two recounts of the default category among them; docs/wordpress.md, "Where a created post\'s time goes").',
    `The site had ${postsBefore ?? 'an unknown number of'} published posts before the run (more posts, slower recounts, on both sides).`,
    `Load average ${loadBefore} before, ${load()} after: other work on the 2 cores moves the wall-clock ratios.`,
  ].join(' ');
}

report({
  title: 'Creating 1,000 posts: batch builder vs one request per post',
  goal: 'the batch at least 5x faster on the real WordPress',
  rows,
  verdict: verdict(),
});
