import { AbortError, ValidationError } from '@viewlink/transport';
import { describe, expect, it, vi } from 'vitest';
import { type PageFetcher, PagePromise } from '../src/core/pagination.js';
import { CmsClient } from '../src/index.js';
import { fixture, ROOT, SECRET, SITE } from './helpers.js';

/** The (redacted) URL a fake page was read from. */
const pageUrl = (perPage: number, page: number) => `http://s/wp-json/wp/v2/posts?per_page=${perPage}&page=${page}`;

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
    return { data, headers, request: { method: 'GET', url: pageUrl(perPage, page) } };
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
    const request = { method: 'GET', url: pageUrl(10, 2) };
    const page = new (class extends PagePromise<number> {})(async () => ({ data: [], headers, request }), 2);
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
    // The error names the call and the page request just read (its items were being taken).
    for (const [at, page] of [
      [2, 1],
      [7, 3],
    ] as const) {
      const { fetch } = collection(8, 3);
      const controller = new AbortController();
      const seen: number[] = [];
      const error = await (async () => {
        for await (const n of new PagePromise(fetch, 1, controller.signal, 'posts.list()'))
          if (seen.push(n) === at) controller.abort();
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AbortError);
      expect(error).toMatchObject({ method: 'GET', url: pageUrl(3, page) });
      expect((error as AbortError).message).toBe(`posts.list(): GET ${pageUrl(3, page)} was aborted`);
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

describe('a list walked through a client, aborted', () => {
  /** A site of 8 posts served 3 a page, each answer recording the URL asked. */
  function site() {
    const asked: string[] = [];
    const fetch = (async (input: string | URL | Request) => {
      const url = new URL(String(input));
      asked.push(url.href);
      const page = Number(url.searchParams.get('page') ?? 1);
      const ids = [1, 2, 3, 4, 5, 6, 7, 8].slice((page - 1) * 3, page * 3);
      const posts = ids.map((id) => ({
        id,
        slug: `p${id}`,
        status: 'publish',
        type: 'post',
        link: `${SITE}/?p=${id}`,
      }));
      return Response.json(posts, { headers: { 'x-wp-total': '8', 'x-wp-totalpages': '3' } });
    }) as typeof globalThis.fetch;
    const cms = new CmsClient({
      baseUrl: SITE,
      restRoot: `${ROOT}/`,
      compat: 'wordpress',
      fetch,
      retry: false,
      auth: { username: 'editor', applicationPassword: SECRET },
    });
    return { cms, asked };
  }

  it('names the call and the page request just read, its URL redacted (an application password in the query shows as [REDACTED])', async () => {
    // A search for the password (de-spaced, as a user might paste it): the query now holds a secret.
    const pasted = SECRET.replace(/\s+/g, '');
    for (const [at, page] of [
      [2, 1],
      [7, 3],
    ] as const) {
      const { cms, asked } = site();
      const controller = new AbortController();
      let seen = 0;
      const error = await (async () => {
        for await (const _ of cms.posts.list({ per_page: 3, search: pasted }, { signal: controller.signal }))
          if (++seen === at) controller.abort();
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AbortError);
      const read = asked[page - 1] as string;
      expect(read).toContain(pasted);
      const url = read.replace(pasted, '[REDACTED]');
      expect(error).toMatchObject({ method: 'GET', url });
      expect((error as AbortError).message).toBe(`posts.list(): GET ${url} was aborted`);
      expect(JSON.stringify(error)).not.toContain(pasted);
      expect(asked).toHaveLength(page);
    }
  });
});
