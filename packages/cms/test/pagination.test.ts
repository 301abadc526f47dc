import { AbortError, ValidationError } from '@viewlink/transport';
import { describe, expect, it, vi } from 'vitest';
import { type PageFetcher, PagePromise } from '../src/core/pagination.js';
import { fixture } from './helpers.js';

/** A fake collection of `total` numbers served like WordPress (headers + Link). */
function collection(total: number, perPage: number, opts: { links?: boolean } = {}) {
  const calls: number[] = [];
  const fetch: PageFetcher<number> = vi.fn(async (page: number) => {
    calls.push(page);
    const totalPages = Math.ceil(total / perPage);
    const data = Array.from(
      { length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) },
      (_, i) => (page - 1) * perPage + i + 1,
    );
    const headers = new Headers({ 'x-wp-total': String(total), 'x-wp-totalpages': String(totalPages) });
    if (opts.links !== false) {
      const links: string[] = [];
      if (page > 1) links.push(`<http://s/wp-json/wp/v2/posts?per_page=${perPage}&page=${page - 1}>; rel="prev"`);
      if (page < totalPages)
        links.push(`<http://s/wp-json/wp/v2/posts?per_page=${perPage}&page=${page + 1}>; rel="next"`);
      if (links.length) headers.set('link', links.join(', '));
    }
    await new Promise((r) => setTimeout(r, 1));
    return { data, headers };
  });
  return { fetch, calls };
}

describe('pagination', () => {
  it('awaits to the first page with total, totalPages, next and prev', async () => {
    const { fetch } = collection(7, 2);
    const page = await new PagePromise(fetch);
    expect(page.items).toEqual([1, 2]);
    expect(page.total).toBe(7);
    expect(page.totalPages).toBe(4);
    expect(page.hasPrev()).toBe(false);
    expect(page.hasNext()).toBe(true);
    const second = await page.next();
    expect(second?.items).toEqual([3, 4]);
    expect(second?.prevPage).toBe(1);
    expect((await second?.prev())?.items).toEqual([1, 2]);
  });

  it('reads the real WordPress headers of page 2 of 4', () => {
    const { headers } = fixture('posts-collection-paged');
    const page = new (class extends PagePromise<number> {})(async () => ({ data: [], headers }), 2);
    return page.then((p) => {
      expect([p.total, p.totalPages, p.prevPage, p.nextPage]).toEqual([7, 4, 1, 3]);
    });
  });

  it('for await walks every item of every page, one page at a time', async () => {
    const { fetch, calls } = collection(7, 3);
    const seen: number[] = [];
    for await (const n of new PagePromise(fetch)) seen.push(n);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(calls).toEqual([1, 2, 3]);
  });

  it('for await ends at the next item once the signal fires, not after the rest of the page (the last too)', async () => {
    // In the first page, and in the last ([7, 8] of 8 by 3: no next request whose send would notice).
    for (const at of [2, 7]) {
      const { fetch } = collection(8, 3);
      const controller = new AbortController();
      const seen: number[] = [];
      const error = await (async () => {
        for await (const n of new PagePromise(fetch, 1, controller.signal, 'posts.list()'))
          if (seen.push(n) === at) controller.abort();
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AbortError);
      expect((error as AbortError).message).toBe('GET posts.list() was aborted');
      expect(seen).toHaveLength(at);
    }
  });

  it('pages() yields pages and stops on the last', async () => {
    const { fetch } = collection(5, 2);
    const sizes: number[] = [];
    for await (const page of new PagePromise(fetch).pages()) sizes.push(page.items.length);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('starts from the requested page', async () => {
    const { fetch, calls } = collection(5, 2);
    const items: number[] = [];
    for await (const n of new PagePromise(fetch, 2)) items.push(n);
    expect(items).toEqual([3, 4, 5]);
    expect(calls).toEqual([2, 3]);
  });

  it('all() fetches every page with bounded concurrency, in order, with progress', async () => {
    let inFlight = 0;
    let peak = 0;
    const base = collection(95, 10).fetch;
    const fetch: PageFetcher<number> = async (page) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      try {
        return await base(page);
      } finally {
        inFlight--;
      }
    };
    const progress = vi.fn();
    const all = await new PagePromise(fetch).all({ concurrency: 3, onProgress: progress });
    expect(all).toEqual(Array.from({ length: 95 }, (_, i) => i + 1));
    expect(peak).toBe(3);
    expect(progress).toHaveBeenCalledTimes(10);
    expect(progress).toHaveBeenLastCalledWith({ pagesLoaded: 10, totalPages: 10, itemsLoaded: 95, total: 95 });
  });

  it('all() follows links when the server sends no page count', async () => {
    const { fetch } = collection(5, 2);
    const noCount: PageFetcher<number> = async (page) => {
      const result = await fetch(page);
      result.headers.delete('x-wp-totalpages');
      return result;
    };
    expect(await new PagePromise(noCount).all()).toEqual([1, 2, 3, 4, 5]);
  });

  it("all()'s errors name the list call it belongs to", async () => {
    const { fetch } = collection(5, 2);
    await expect(
      new PagePromise(fetch, 1, undefined, 'posts.revisions.list()').all({ concurrency: 0 }),
    ).rejects.toThrow(
      new ValidationError('posts.revisions.list().all()', [
        { path: ['concurrency'], message: 'must be an integer from 1 to 16' },
      ]),
    );
    await expect(new PagePromise(fetch, 1, undefined, 'pages.list()').all({ concurency: 2 } as never)).rejects.toThrow(
      /^pages\.list\(\)\.all\(\): concurency is an unknown option/,
    );
  });

  it('all() rejects a bad concurrency and propagates page errors', async () => {
    const { fetch } = collection(5, 2);
    await expect(new PagePromise(fetch).all({ concurrency: 0 })).rejects.toThrow(
      new ValidationError('all()', [{ path: ['concurrency'], message: 'must be an integer from 1 to 16' }]),
    );
    // Each refused at once, before a page is fetched (they failed pages in, or were a TypeError).
    const { fetch: counted, calls } = collection(5, 2);
    await expect(new PagePromise(counted).all({ signal: 5, onProgress: 'x' } as never)).rejects.toThrow(
      'all(): signal must be an AbortSignal; onProgress must be a function',
    );
    expect(calls).toHaveLength(0);
    const failing: PageFetcher<number> = async (page) => {
      if (page === 2) throw new Error('boom');
      return fetch(page);
    };
    await expect(new PagePromise(failing).all()).rejects.toThrow('boom');
  });

  it('falls back to X-WP-TotalPages when there is no Link header', async () => {
    const { fetch } = collection(3, 2, { links: false });
    const page = await new PagePromise(fetch);
    expect(page.nextPage).toBe(2);
    expect((await page.next())?.hasNext()).toBe(false);
  });

  it('an empty collection has no pages after the first', async () => {
    const { fetch } = collection(0, 10);
    const page = await new PagePromise(fetch);
    expect(page.items).toEqual([]);
    expect(page.hasNext()).toBe(false);
    expect(await new PagePromise(fetch).all()).toEqual([]);
  });
});
