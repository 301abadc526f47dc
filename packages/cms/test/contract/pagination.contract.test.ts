/**
 * Pagination over a few hundred posts created with the client: `X-WP-Total`, `X-WP-TotalPages`
 * and `Link` rel next/prev as the client reports them (`total`, `totalPages`, `nextPage`,
 * `prevPage`), `for await` over every page, `.all()` with bounded concurrency, and the 400 for a
 * page past the end.
 */
import type { CmsClient } from '@viewlink/cms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, failure, targets, unique } from './targets.js';

const COUNT = 250;

/** Runs `fn` over `items` with at most `limit` calls in flight, keeping the order of results. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

describe.each(targets())(`pagination over ${COUNT} posts on $name`, (target) => {
  const cms: CmsClient = clientFor(target);
  const token = unique('paged');
  let ids: number[] = [];

  beforeAll(async () => {
    const numbers = Array.from({ length: COUNT }, (_, i) => i);
    const created = await pool(numbers, 4, (i) => cms.posts.create({ title: `${token} ${i}`, status: 'publish' }));
    ids = created.map((post) => post.id);
  }, 300_000);

  afterAll(async () => {
    await pool(ids, 4, (id) => cms.posts.delete(id, { force: true }));
  }, 300_000);

  it('reports total, total pages and next/prev from the headers', async () => {
    const first = await cms.posts.list({ search: token, per_page: 100 });
    expect(first).toMatchObject({ page: 1, total: COUNT, totalPages: 3, nextPage: 2, prevPage: undefined });
    expect(first.items).toHaveLength(100);
    const second = await first.next();
    expect(second).toMatchObject({ page: 2, total: COUNT, totalPages: 3, nextPage: 3, prevPage: 1 });
    expect(second?.items).toHaveLength(100);
    const last = await cms.posts.list({ search: token, per_page: 100, page: 3 });
    expect(last).toMatchObject({ page: 3, nextPage: undefined, prevPage: 2 });
    expect(last.items).toHaveLength(COUNT - 200);
    const seen = [...first.items, ...(second?.items ?? []), ...last.items].map((post) => post.id);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it('walks every page with for await, and fetches all pages with bounded concurrency', async () => {
    const walked: number[] = [];
    for await (const post of cms.posts.list({ search: token, per_page: 40 })) walked.push(post.id);
    expect(walked).toHaveLength(COUNT);
    expect(new Set(walked)).toEqual(new Set(ids));
    const progress: number[] = [];
    const all = await cms.posts
      .list({ search: token, per_page: 25 })
      .all({ concurrency: 3, onProgress: (p) => progress.push(p.pagesLoaded) });
    expect(all).toHaveLength(COUNT);
    expect(new Set(all.map((post) => post.id))).toEqual(new Set(ids));
    expect(progress.at(-1)).toBe(10);
  });

  it('a page past the end is 400 rest_post_invalid_page_number', async () => {
    const error = await failure(() => cms.posts.list({ search: token, per_page: 100, page: 4 }));
    expect(error).toMatchObject({ status: 400, code: 'rest_post_invalid_page_number' });
  });
});
