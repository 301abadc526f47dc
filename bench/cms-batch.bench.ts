/**
 * Issue 6: creating 1,000 posts through the batch builder (40 requests of 25) vs one request
 * per post, in one run, against the real WordPress 6.5.5 (scripts/wordpress/start.sh) and,
 * for contrast, the CMS fake. Goal: the batch at least 5x faster on WordPress.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CmsClient } from '@viewlink/cms';
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
import { report } from './lib.js';

const POSTS = 1_000;

interface Target {
  readonly name: string;
  readonly client: CmsClient;
  readonly cleanup: () => Promise<void>;
}

async function wordpress(): Promise<Target> {
  // Fails loudly (with the script's reason) when WordPress cannot start: no silent skip.
  execFileSync('bash', ['scripts/wordpress/start.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const env = JSON.parse(readFileSync('.wp/env.json', 'utf8')) as {
    url: string;
    restRoot: string;
    admin: { username: string; applicationPassword: string };
  };
  const client = new CmsClient({
    baseUrl: env.url,
    restRoot: env.restRoot,
    namespaces: { cms: 'wp/v2' },
    auth: env.admin,
    retry: false,
    timeout: 120_000,
  });
  return { name: 'WordPress 6.5.5', client, cleanup: async () => undefined };
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

async function removeAll(client: CmsClient, ids: number[]) {
  const batch = client.batch();
  for (const id of ids) batch.posts.delete(id, { force: true });
  if (batch.size > 0) await batch.run({ chunk: true });
}

async function oneByOne(client: CmsClient, tag: string): Promise<{ ms: number; ids: number[] }> {
  const started = performance.now();
  const ids: number[] = [];
  for (let i = 0; i < POSTS; i++) ids.push((await client.posts.create({ title: `${tag} ${i}`, status: 'publish' })).id);
  return { ms: performance.now() - started, ids };
}

async function batched(
  client: CmsClient,
  tag: string,
  concurrency = 1,
): Promise<{ ms: number; ids: number[]; requests: number }> {
  const started = performance.now();
  const batch = client.batch();
  for (let i = 0; i < POSTS; i++) batch.posts.create({ title: `${tag} ${i}`, status: 'publish' });
  const result = await batch.run({ chunk: true, concurrency });
  if (!result.ok) throw new Error('a batched create failed');
  const ids = result.outcomes.map((o) => (o.ok ? (o.data as { id: number }).id : 0));
  return { ms: performance.now() - started, ids, requests: result.chunks };
}

const rows: Array<Record<string, string | number>> = [];
let wpRatio = Number.NaN;
let wpParallel = Number.NaN;
for (const make of [wordpress, fake]) {
  const target = await make();
  try {
    const single = await oneByOne(target.client, 'bench single');
    await removeAll(target.client, single.ids);
    const batch = await batched(target.client, 'bench batch');
    await removeAll(target.client, batch.ids);
    // WordPress here serves 4 PHP workers: 4 chunks in flight is the builder's bounded concurrency.
    const parallel = await batched(target.client, 'bench batch x4', 4);
    await removeAll(target.client, parallel.ids);
    const ratio = single.ms / batch.ms;
    const ratio4 = single.ms / parallel.ms;
    if (make === wordpress) {
      wpRatio = ratio;
      wpParallel = ratio4;
    }
    rows.push(
      {
        target: target.name,
        way: 'one request per post',
        requests: POSTS,
        seconds: (single.ms / 1000).toFixed(2),
        speedup: '1.0x',
      },
      {
        target: target.name,
        way: 'batch builder, chunks of 25',
        requests: batch.requests,
        seconds: (batch.ms / 1000).toFixed(2),
        speedup: `${ratio.toFixed(1)}x`,
      },
      {
        target: target.name,
        way: 'batch builder, 4 chunks in flight',
        requests: parallel.requests,
        seconds: (parallel.ms / 1000).toFixed(2),
        speedup: `${ratio4.toFixed(1)}x`,
      },
    );
  } finally {
    await target.cleanup();
  }
}
report({
  title: 'Creating 1,000 posts: batch builder vs one request per post',
  goal: 'the batch at least 5x faster on the real WordPress',
  rows,
  verdict: `on WordPress 6.5.5, sequential chunks ${wpRatio.toFixed(1)}x (${wpRatio >= 5 ? 'goal met' : 'goal NOT met'}), 4 chunks in flight ${wpParallel.toFixed(1)}x (${wpParallel >= 5 ? 'goal met' : 'goal NOT met'}); one request per post is sequential in both`,
});
