/** Identical concurrent GETs go out once and share the answer; everything else goes out as called. */
import { AbortError } from '@viewlink/transport';
import { describe, expect, it } from 'vitest';
import { CmsClient, type CmsClientOptions } from '../src/index.js';
import { ROOT, SECRET, SITE } from './helpers.js';

const POST = { id: 5, slug: 'hello', status: 'publish', type: 'post', link: `${SITE}/?p=5` };

/** A fetch that holds every answer until `release()`, recording what it was asked. */
function gatedFetch() {
  const seen: { url: string; init: RequestInit }[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(input), init: init ?? {} });
    const signal = init?.signal;
    await new Promise<void>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      gate.then(resolve);
    });
    const url = new URL(String(input));
    if (init?.method !== 'GET') return Response.json(POST, { status: 201 });
    return Response.json(/\/\d+$/.test(url.pathname) ? POST : [POST], {
      headers: { 'x-wp-total': '1', 'x-request-id': 'req_5' },
    });
  }) as typeof globalThis.fetch;
  return { fetch, seen, release: () => open() };
}

function client(options: Partial<CmsClientOptions> = {}) {
  const gated = gatedFetch();
  const cms = new CmsClient({
    baseUrl: SITE,
    restRoot: `${ROOT}/`,
    compat: 'wordpress',
    fetch: gated.fetch,
    retry: false,
    auth: { username: 'editor', applicationPassword: SECRET },
    ...options,
  });
  return { cms, ...gated };
}

/** Lets queued microtasks and the first await of each call run. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('in-flight deduplication of GETs', () => {
  it('sends identical concurrent GETs once; each caller gets its own copy', async () => {
    const { cms, seen, release } = client();
    const calls = [cms.posts.get(5), cms.posts.get(5), cms.request('GET /cms/v2/posts/{id}', { id: 5 })];
    await tick();
    release();
    const [a, b, c] = await Promise.all(calls);
    // cms.request is another entry point to the same route key: shared too.
    expect(seen).toHaveLength(1);
    expect(a).toEqual(POST);
    expect(b).toEqual(POST);
    expect(a).not.toBe(b);
    expect(c).not.toBe(a);
  });

  it('a joining caller gets the whole response: the request answered and its request id too', async () => {
    const { cms, seen, release } = client();
    const calls = [0, 1].map(() => cms.routes.call('GET /cms/v2/posts/{id}', { params: { id: 5 } }));
    await tick();
    release();
    const [first, joined] = await Promise.all(calls);
    expect(seen).toHaveLength(1);
    const request = { method: 'GET', url: `${ROOT}/wp/v2/posts/5` };
    expect(first).toMatchObject({ status: 200, requestId: 'req_5', request });
    // Read through getters on the started caller's response: a spread copy lost both.
    expect(joined).toMatchObject({ status: 200, requestId: 'req_5', request });
  });

  it('sends again once the first answer is in (no cache)', async () => {
    const { cms, seen, release } = client();
    release();
    await cms.posts.get(5);
    await cms.posts.get(5);
    expect(seen).toHaveLength(2);
  });

  it('keeps different queries, headers, fetchOptions and routes apart', async () => {
    const { cms, seen, release } = client();
    const calls = [
      cms.posts.get(5),
      cms.posts.get(5, { context: 'edit' }),
      cms.posts.get(5, {}, { headers: { 'x-a': '1' } }),
      cms.posts.get(5, {}, { fetchOptions: { next: { tags: ['a'] } } }),
      cms.posts.list({ per_page: 1 }),
      cms.pages.get(5),
    ];
    await tick();
    release();
    await Promise.allSettled(calls);
    expect(seen).toHaveLength(6);
  });

  it('never shares writes', async () => {
    const { cms, seen, release } = client();
    const calls = [cms.posts.create({ title: 'A' }), cms.posts.create({ title: 'A' })];
    await tick();
    release();
    await Promise.allSettled(calls);
    expect(seen.filter((s) => s.init.method === 'POST')).toHaveLength(2);
  });

  it('is off per call with dedupe: false, and per client', async () => {
    const one = client();
    const calls = [one.cms.posts.get(5), one.cms.posts.get(5, {}, { dedupe: false })];
    await tick();
    one.release();
    await Promise.all(calls);
    expect(one.seen).toHaveLength(2);

    const two = client({ dedupe: false });
    const more = [two.cms.posts.get(5), two.cms.posts.get(5)];
    await tick();
    two.release();
    await Promise.all(more);
    expect(two.seen).toHaveLength(2);
  });

  it('is off by default with an auth hook (each call may carry another user), on when asked', async () => {
    let user = 0;
    const hook = { headers: () => ({ authorization: `Bearer user-${++user}` }), requiresSecureTransport: false };
    const off = client({ auth: hook });
    const calls = [off.cms.posts.get(5), off.cms.posts.get(5)];
    await tick();
    off.release();
    await Promise.all(calls);
    expect(off.seen.map((s) => new Headers(s.init.headers).get('authorization'))).toEqual([
      'Bearer user-1',
      'Bearer user-2',
    ]);

    const on = client({ auth: hook, dedupe: true });
    const shared = [on.cms.posts.get(5), on.cms.posts.get(5)];
    await tick();
    on.release();
    await Promise.all(shared);
    expect(on.seen).toHaveLength(1);
  });

  it('an aborted caller leaves with an AbortError; the others still get the answer', async () => {
    const { cms, seen, release } = client();
    const controller = new AbortController();
    const leaving = cms.posts.get(5, {}, { signal: controller.signal });
    const staying = cms.posts.get(5);
    await tick();
    controller.abort();
    const error = await leaving.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(JSON.stringify(error)).not.toContain(SECRET);
    expect(seen[0]?.init.signal?.aborted).toBe(false);
    release();
    await expect(staying).resolves.toEqual(POST);
    expect(seen).toHaveLength(1);
  });

  it("a leaving caller's AbortError names the call and the URL sent, query and all, as the request's own errors do", async () => {
    // Query mode (`?rest_route=`): the URL was rebuilt from the REST root and the path, as
    // `${SITE}/wp/v2/posts/5`, a URL never sent; the query was left out.
    for (const restRoot of [`${ROOT}/`, `${SITE}/?rest_route=/`]) {
      const { cms, seen, release } = client({ restRoot });
      const controller = new AbortController();
      const leaving = cms.posts.get(5, { context: 'edit' }, { signal: controller.signal });
      const staying = cms.posts.get(5, { context: 'edit' }).catch((e: unknown) => e);
      await tick();
      controller.abort();
      const error = (await leaving.catch((e: unknown) => e)) as AbortError;
      expect(error).toBeInstanceOf(AbortError);
      expect(seen).toHaveLength(1);
      expect(error.url).toBe(seen[0]?.url);
      expect(error.message).toBe(`posts.get(): GET ${seen[0]?.url} was aborted`);
      release();
      await staying;
    }
    // Redacted as the request's own errors are: a post password in the query is not shown.
    const { cms, seen } = client();
    const controller = new AbortController();
    const leaving = cms.posts.get(5, { password: 'open sesame' }, { signal: controller.signal });
    await tick();
    controller.abort();
    const error = (await leaving.catch((e: unknown) => e)) as AbortError;
    expect(seen[0]?.url).toContain('open');
    expect(error.message).toMatch(/^posts\.get\(\): GET \S+ was aborted$/);
    expect(JSON.stringify(error)).not.toContain('open');
  });

  it("an abort inside a request (a POST, a GET sent alone, a list's page, cms.request()) names the call as leaving a joined GET does", async () => {
    const { cms, seen } = client();
    const aborted = async (call: (signal: AbortSignal) => PromiseLike<unknown>) => {
      const controller = new AbortController();
      const pending = Promise.resolve(call(controller.signal)).catch((e: unknown) => e);
      await tick();
      controller.abort();
      const error = (await pending) as AbortError;
      expect(error).toBeInstanceOf(AbortError);
      return error;
    };
    // It said `POST <url> was aborted`: the call site only when a joined GET was left.
    const create = await aborted((signal) => cms.posts.create({ title: 'x' }, { signal }));
    expect(create.message).toBe(`posts.create(): POST ${seen.at(-1)?.url} was aborted`);
    expect(create.toJSON()).toMatchObject({ callSite: 'posts.create()', method: 'POST', url: seen.at(-1)?.url });
    const alone = await aborted((signal) => cms.posts.get(5, {}, { signal, dedupe: false }));
    expect(alone.message).toBe(`posts.get(): GET ${seen.at(-1)?.url} was aborted`);
    const list = await aborted((signal) => cms.posts.list({}, { signal }));
    expect(list.message).toBe(`posts.list(): GET ${seen.at(-1)?.url} was aborted`);
    const walked = await aborted(async (signal) => {
      for await (const _ of cms.posts.list({}, { signal }));
    });
    expect(walked.message).toBe(`posts.list(): GET ${seen.at(-1)?.url} was aborted`);
    const raw = await aborted((signal) => cms.request('POST /cms/v2/posts', { title: 'x' }, { signal }));
    expect(raw.message).toBe(`request('POST /cms/v2/posts'): POST ${seen.at(-1)?.url} was aborted`);
    expect(JSON.stringify([create, alone, list, walked, raw])).not.toContain(SECRET);
  });

  it('a request started without a signal is never aborted: a joiner with one leaves alone', async () => {
    const { cms, seen, release } = client();
    const starting = cms.posts.get(5);
    const controller = new AbortController();
    const joining = cms.posts.get(5, {}, { signal: controller.signal });
    await tick();
    controller.abort();
    expect(await joining.catch((e: unknown) => e)).toBeInstanceOf(AbortError);
    expect(seen[0]?.init.signal?.aborted).toBe(false);
    release();
    await expect(starting).resolves.toEqual(POST);
    expect(seen).toHaveLength(1);
  });

  it('the request is aborted when every caller has left, and the next call sends anew', async () => {
    const { cms, seen, release } = client();
    const first = new AbortController();
    const second = new AbortController();
    const calls = [
      cms.posts.get(5, {}, { signal: first.signal }).catch((e: unknown) => e),
      cms.posts.get(5, {}, { signal: second.signal }).catch((e: unknown) => e),
    ];
    await tick();
    first.abort();
    second.abort();
    const errors = await Promise.all(calls);
    for (const error of errors) expect(error).toBeInstanceOf(AbortError);
    expect(seen[0]?.init.signal?.aborted).toBe(true);
    const again = cms.posts.get(5);
    await tick();
    release();
    await expect(again).resolves.toEqual(POST);
    expect(seen).toHaveLength(2);
  });

  it('a failure reaches every caller', async () => {
    const fetch = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return Response.json({ code: 'rest_post_invalid_id', message: 'Invalid post ID.' }, { status: 404 });
    }) as typeof globalThis.fetch;
    let calls = 0;
    const counting = ((...args: Parameters<typeof fetch>) => {
      calls++;
      return fetch(...args);
    }) as typeof globalThis.fetch;
    const cms = new CmsClient({
      baseUrl: SITE,
      restRoot: `${ROOT}/`,
      compat: 'wordpress',
      fetch: counting,
      retry: false,
    });
    const results = await Promise.allSettled([cms.posts.get(9), cms.posts.get(9)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
  });

  it("checks each caller's call options, a joining caller's too, before anything is sent or joined", async () => {
    const { cms, seen, release } = client();
    const first = cms.posts.get(5);
    await tick();
    // A bad value is refused at the call, even where the GET would join the one in flight
    // (`signal: 5` was a TypeError there, with the request already sent).
    const bad: [unknown, string][] = [
      [{ signal: 5 }, 'posts.get(): signal must be an AbortSignal'],
      [{ retry: 99 }, 'posts.get(): `retry.limit` must be an integer from 0 to 10'],
      [{ timeout: -1 }, 'posts.get(): timeout must be a positive number of milliseconds, at most 2147483647'],
    ];
    for (const [options, message] of bad)
      await expect(cms.posts.get(5, undefined, options as never)).rejects.toThrow(message);
    // The route client beneath the methods too (its GET would join in the same place), named at its call.
    await expect(
      cms.routes.call('GET /cms/v2/posts/{id}', { params: { id: 5 } }, { signal: 5 } as never),
    ).rejects.toThrow('routes.call(): signal must be an AbortSignal');
    await expect(
      cms.routes.send('GET /cms/v2/posts/{id}', { params: { id: 5 } }, { signal: 5 } as never),
    ).rejects.toThrow('routes.send(): signal must be an AbortSignal');
    const fresh = client();
    await expect(fresh.cms.posts.get(5, undefined, { signal: 5 } as never)).rejects.toThrow(
      'posts.get(): signal must be an AbortSignal',
    );
    expect(fresh.seen).toHaveLength(0);
    release();
    await first;
    expect(seen).toHaveLength(1);
  });

  it('refuses a dedupe option that is not a boolean', () => {
    expect(() => new CmsClient({ baseUrl: SITE, dedupe: 'yes' as unknown as boolean })).toThrow(
      /`dedupe` must be true or false/,
    );
  });
});
