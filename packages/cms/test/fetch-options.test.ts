/** `fetchOptions` on every CMS read and on `cms.request`: what `fetch` receives (Next.js `next`, `cache`), and what it never lets through. */
import { describe, expect, it } from 'vitest';
import { CmsClient, type FetchOptions, PagePromise, PostsClient, ValidationError } from '../src/index.js';
import { ROOT, SECRET, SITE } from './helpers.js';

const NEXT: FetchOptions = { next: { revalidate: 60, tags: ['posts'] }, cache: 'force-cache' };
const POST = { id: 5, slug: 'hello', status: 'publish', type: 'post', link: `${SITE}/?p=5` };

/** A fetch recording each init and URL, answering with `answer(url)`. */
function fakeFetch(answer: (url: URL) => Response) {
  const seen: { url: URL; init: RequestInit & { next?: unknown } }[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    seen.push({ url, init: init ?? {} });
    return answer(url);
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

function client(answer: (url: URL) => Response, auth = true) {
  const fake = fakeFetch(answer);
  const cms = new CmsClient({
    baseUrl: SITE,
    restRoot: `${ROOT}/`,
    compat: 'wordpress',
    fetch: fake.fetch,
    retry: false,
    ...(auth ? { auth: { username: 'editor', applicationPassword: SECRET } } : {}),
  });
  return { cms, seen: fake.seen };
}

const list = (url: URL) =>
  Response.json(/\/\d+$/.test(url.pathname) ? POST : [POST], {
    headers: { 'x-wp-total': '2', 'x-wp-totalpages': '2' },
  });

describe('fetchOptions reach fetch', () => {
  it('on list (every page), get, revisions, cms.request and requestRaw', async () => {
    const { cms, seen } = client(list);
    const first = await cms.posts.list({ per_page: 1 }, { fetchOptions: NEXT });
    await first.next();
    await cms.posts.get(5, {}, { fetchOptions: NEXT });
    await cms.request('GET /cms/v2/posts/{id}', { id: 5 }, { fetchOptions: NEXT });
    await cms.requestRaw({ method: 'GET', path: '/wp/v2/posts/5' }, { fetchOptions: NEXT });
    expect(seen.map((s) => s.url.pathname)).toEqual([
      '/wp-json/wp/v2/posts',
      '/wp-json/wp/v2/posts',
      '/wp-json/wp/v2/posts/5',
      '/wp-json/wp/v2/posts/5',
      '/wp-json/wp/v2/posts/5',
    ]);
    for (const { init } of seen) {
      expect(init.next).toEqual({ revalidate: 60, tags: ['posts'] });
      expect(init.cache).toBe('force-cache');
      expect(new Headers(init.headers).get('authorization')).toMatch(/^Basic /);
    }
  });

  it('on oembed with format xml (sent as text)', async () => {
    const { cms, seen } = client((url) =>
      url.pathname.includes('oembed')
        ? new Response('<oembed><version>1.0</version><type>rich</type></oembed>', {
            headers: { 'content-type': 'text/xml' },
          })
        : Response.json({}),
    );
    await cms.oembed.embed({ url: `${SITE}/?p=5`, format: 'xml' }, { fetchOptions: NEXT }).catch(() => undefined);
    expect(seen[0]?.init.next).toEqual({ revalidate: 60, tags: ['posts'] });
  });

  it('cannot replace the credential, the method or the credentials mode', async () => {
    const { cms, seen } = client(list);
    const hostile = {
      headers: { authorization: 'Bearer injected' },
      method: 'DELETE',
      credentials: 'include',
      next: { tags: ['t'] },
    } as unknown as FetchOptions;
    await cms.posts.get(5, {}, { fetchOptions: hostile });
    const init = seen[0]?.init ?? {};
    expect(init.method).toBe('GET');
    expect(init.credentials).toBeUndefined();
    expect(new Headers(init.headers).get('authorization')).toBe(
      `Basic ${Buffer.from(`editor:${SECRET}`).toString('base64')}`,
    );
    expect(init.next).toEqual({ tags: ['t'] });
  });

  it('a failed call with fetchOptions names no secret', async () => {
    const { cms } = client(() => Response.json({ code: 'rest_forbidden', message: 'no' }, { status: 403 }));
    const error = await cms.posts.get(5, {}, { fetchOptions: NEXT }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const text = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`;
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(Buffer.from(`editor:${SECRET}`).toString('base64'));
    expect(JSON.stringify(cms)).not.toContain(SECRET);
  });
});

describe('call options a method does not take', () => {
  it('are refused at the call site before anything is sent, naming the known ones', async () => {
    const { cms, seen } = client(list);
    const cases: Array<[() => PromiseLike<unknown>, RegExp]> = [
      [
        () => cms.posts.list({}, { timout: 5000 } as never),
        /^ValidationError: posts\.list\(\): timout is an unknown option \(known: signal, timeout, retry, headers, fetchOptions, dedupe\)$/,
      ],
      [() => cms.posts.get(5, {}, { next: { revalidate: 60 } } as never), /posts\.get\(\): next is an unknown option/],
      [
        () => cms.posts.delete(5, { forse: true } as never),
        /posts\.delete\(\): forse is an unknown option \(known: .*dedupe, force\)$/,
      ],
      [
        () => cms.posts.revisions.delete(5, 7, { force: true, permanently: true } as never),
        /permanently is an unknown option/,
      ],
      [
        () => cms.media.upload(new Blob(['x']), { fileName: 'a.png' } as never),
        /media\.upload\(\): fileName is an unknown option \(known: .*filename, contentType\)$/,
      ],
      [() => cms.posts.list({}, 'no-store' as never), /posts\.list\(\): expected an options object/],
    ];
    for (const [call, message] of cases) {
      const error = await Promise.resolve(call()).catch((e: unknown) => e);
      expect(String(error)).toMatch(message);
    }
    await expect(cms.request('GET /cms/v2/posts/{id}', { id: 5 }, { timout: 1 } as never)).rejects.toThrow(
      "request('GET /cms/v2/posts/{id}'): timout is an unknown option",
    );
    await expect(
      cms.requestRaw({ method: 'GET', path: '/wp/v2/users/me' }, { cache: 'no-store' } as never),
    ).rejects.toThrow(
      'requestRaw(): cache is an unknown option (known: signal, timeout, retry, headers, fetchOptions, dedupe)',
    );
    await expect(cms.discover({ cache: 'no-store' } as never)).rejects.toThrow(
      'discover(): cache is an unknown option (known: signal, timeout, retry, headers, fetchOptions, dedupe)',
    );
    await expect(cms.posts.list().all(8 as never)).rejects.toThrow(
      /^posts\.list\(\)\.all\(\): expected an options object: \{ concurrency, onProgress, signal \}$/,
    );
    await expect(cms.posts.list().all({ concurency: 8 } as never)).rejects.toThrow(
      'posts.list().all(): concurency is an unknown option (known: concurrency, onProgress, signal)',
    );
    await expect(
      cms
        .batch()
        .posts.create({ title: 'A' })
        .run({ chunks: true } as never),
    ).rejects.toThrow('batch.run(): chunks is an unknown option (known: chunk, concurrency, onProgress, signal)');
    // Known names of the wrong kind too, each at once (a `signal: 5` was a TypeError, `chunk: 'yes'` no chunking).
    await expect(
      cms
        .batch()
        .posts.create({ title: 'A' })
        .run({ chunk: 'yes', concurrency: 0, onProgress: 1, signal: 5 } as never),
    ).rejects.toThrow(
      'batch.run(): signal must be an AbortSignal; chunk must be a boolean; concurrency must be a positive integer; onProgress must be a function',
    );
    expect(seen).toHaveLength(0);
    // Their own options and the call's still go through.
    await cms.posts.delete(5, { force: true, timeout: 5000 });
    await cms.posts.list({}, { fetchOptions: { cache: 'no-store' }, dedupe: false, signal: undefined });
    expect(seen.map((s) => s.init.method ?? 'GET')).toEqual(['DELETE', 'GET']);
  });
});

describe('cms.routes.call(), the route client beneath the methods', () => {
  it("refuses an option name the transport's call options and dedupe lack, before anything is sent", async () => {
    const { cms, seen } = client(list);
    const input = { params: { id: 5 } };
    await expect(cms.routes.call('GET /cms/v2/posts/{id}', input, { timout: 1 } as never)).rejects.toThrow(
      new ValidationError('routes.call()', [
        {
          path: ['timout'],
          message:
            'is an unknown option (known: headers, signal, idempotent, timeout, retry, responseType, auth, secrets, fetchOptions, callSite, dedupe)',
        },
      ]),
    );
    await expect(cms.routes.call('GET /cms/v2/posts/{id}', input, 'no-store' as never)).rejects.toThrow(
      'routes.call(): expected an options object: { headers, signal, ',
    );
    expect(seen).toHaveLength(0);
    // What it takes, none, or null (none) still go through.
    await cms.routes.call('GET /cms/v2/posts/{id}', input, { dedupe: false, fetchOptions: NEXT });
    await cms.routes.call('GET /cms/v2/posts/{id}', input, { idempotent: true } as never);
    await cms.routes.call('GET /cms/v2/posts/{id}', input);
    await cms.routes.call('GET /cms/v2/posts/{id}', input, null as never);
    expect(seen).toHaveLength(4);
    expect(seen[0]?.init.next).toEqual(NEXT.next);
  });

  it('checks the options of routes.send() and routes.raw() as routes.call() does, named at each', async () => {
    const { cms, seen } = client(list);
    const input = { params: { id: 5 } };
    const raw = { method: 'GET', path: '/cms/v2/posts/5' } as const;
    // A misspelt name was ignored (the request sent without its timeout); a bad value was refused as
    // `Invalid request options`; `null` was a TypeError.
    await expect(cms.routes.send('GET /cms/v2/posts/{id}', input, { timout: 1 } as never)).rejects.toThrow(
      'routes.send(): timout is an unknown option (known: headers, signal, idempotent, timeout, retry, responseType, auth, secrets, fetchOptions, callSite, dedupe)',
    );
    await expect(cms.routes.send('GET /cms/v2/posts/{id}', input, { timeout: -1 })).rejects.toThrow(
      'routes.send(): timeout must be a positive number of milliseconds',
    );
    await expect(cms.routes.raw(raw, { timout: 1 } as never)).rejects.toThrow(
      'routes.raw(): timout is an unknown option (known: signal, timeout, retry, headers, fetchOptions, dedupe)',
    );
    await expect(cms.routes.raw(raw, { signal: 5 } as never)).rejects.toThrow(
      'routes.raw(): signal must be an AbortSignal',
    );
    expect(seen).toHaveLength(0);
    await cms.routes.send('GET /cms/v2/posts/{id}', input, null as never);
    await cms.routes.raw(raw, null as never);
    await cms.routes.raw(raw, { timeout: 5000 });
    expect(seen).toHaveLength(3);
  });
});

/** Every way of reading a list: each settles with what the list rejected with, or fails the test. */
const READS: Record<string, (list: PagePromise<unknown>) => PromiseLike<unknown>> = {
  await: async (list) => await list,
  'then(_, onRejected)': (list) => list.then(undefined, (error: unknown) => Promise.reject(error)),
  'catch()': (list) => list.catch((error: unknown) => Promise.reject(error)),
  'all()': (list) => list.all(),
  'pages()': async (list) => {
    for await (const page of list.pages()) void page;
  },
  'for await': async (list) => {
    for await (const item of list) void item;
  },
};

describe('a list refused before it starts', () => {
  it('is a PagePromise that rejects with the ValidationError however it is read, sending nothing', async () => {
    const { cms, seen } = client(list);
    const own = fakeFetch(list);
    const posts = new PostsClient({ baseUrl: SITE, restRoot: `${ROOT}/`, fetch: own.fetch, retry: false });
    const refused: Array<[() => PagePromise<unknown>, string]> = [
      [
        () => cms.posts.list({}, { bogus: 1 } as never),
        'posts.list(): bogus is an unknown option (known: signal, timeout, retry, headers, fetchOptions, dedupe)',
      ],
      [() => cms.posts.list({}, 'no-store' as never), 'posts.list(): expected an options object'],
      [() => cms.pages.list({}, { timout: 1 } as never), 'pages.list(): timout is an unknown option'],
      [() => cms.posts.revisions.list(5, {}, { forse: true } as never), 'posts.revisions.list(): forse is an unknown'],
      [() => posts.list({}, { cache: 'no-store' } as never), 'posts.list(): cache is an unknown option'],
      // Bad arguments: the query is validated as the first page is asked for, before it is sent.
      [() => cms.posts.list({ bogus: 1 } as never), 'posts.list(): bogus is an unknown parameter'],
      [() => cms.posts.list('x' as never), 'posts.list(): must be an object'],
      // What WordPress 6.5.5 answers 400 for across parameters: an order by what is not given.
      [() => cms.posts.list({ orderby: 'include' }), "posts.list(): orderby 'include' needs a non-empty `include`"],
      [
        () => posts.list({ orderby: 'relevance', search: '' }),
        "posts.list(): orderby 'relevance' needs a non-empty `search`",
      ],
      [
        () => cms.pages.revisions.list(5, { orderby: 'include', include: [] }),
        "pages.revisions.list(): orderby 'include' needs a non-empty `include`",
      ],
    ];
    for (const [call, message] of refused)
      for (const [how, read] of Object.entries(READS)) {
        const list = call();
        expect(list, how).toBeInstanceOf(PagePromise);
        const error = await Promise.resolve(read(list)).then(
          () => new Error(`${how} resolved`),
          (e: unknown) => e,
        );
        expect(error, how).toBeInstanceOf(ValidationError);
        expect(String(error), how).toContain(message);
      }
    expect([...seen, ...own.seen]).toHaveLength(0);
  });
});
