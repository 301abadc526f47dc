import { ResponseValidationError, ValidationError } from '@viewlink/transport';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE, usePartnerFake } from './fixtures.js';

const setup = usePartnerFake();

describe('user reads', () => {
  it('reads the merged, deduplicated watchlist', async () => {
    const watchlist = await setup.client().user('demo-user').watchlist();
    expect(watchlist.categories.map((c) => c.kind)).toEqual(['saved', 'continue_watching', 'bookmarked']);
    for (const category of watchlist.categories) {
      const ids = category.titles.map((t) => t.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const title of category.titles) expect(title.watch_now_url).toMatch(/^https:\/\//);
    }
  });

  it('reports a broken linked account as a typed status, not an exception', async () => {
    const { accounts, needingReauthentication } = await setup.client().user('demo-user').accounts();
    expect(accounts.map((a) => [a.service, a.health, a.needsReauthentication])).toEqual([
      ['streamflix', 'ok', false],
      ['cineplus', 'ok', false],
      ['tubely', 'needs-reauthentication', true],
    ]);
    expect(needingReauthentication.map((a) => a.service)).toEqual(['tubely']);
  });

  it('parses unknown service ids and unknown account statuses', async () => {
    await fetch(`${BASE}/__mock/users/new-user/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'brand-new-service', status: 'paused_by_provider' }),
    });
    const user = setup.client().user('new-user');
    const { accounts } = await user.accounts();
    expect(accounts).toEqual([
      expect.objectContaining({ service: 'brand-new-service', status: 'paused_by_provider', health: 'unknown' }),
    ]);
    const { feeds } = await user.recommendations({ service: 'brand-new-service' });
    expect(feeds.map((f) => f.service)).toEqual(['brand-new-service']);
  });

  it('reads consolidated ratings and per-provider recommendations', async () => {
    const user = setup.client().user('demo-user');
    const { ratings } = await user.ratings();
    expect(ratings.length).toBeGreaterThan(0);
    expect(ratings.every((r) => r.stars !== undefined || r.thumbs !== undefined)).toBe(true);
    const all = await user.recommendations();
    expect(all.feeds.map((f) => f.service)).toEqual(['streamflix', 'cineplus', 'tubely']);
    const one = await user.recommendations({ service: 'cineplus' });
    expect(one.feeds.map((f) => f.service)).toEqual(['cineplus']);
  });

  it('refuses a malformed service id before sending, naming the field', async () => {
    const user = setup.client().user('demo-user');
    await user.watchlist();
    const before = setup.fake().requestCount();
    for (const service of ['Not A Slug', '', 'UPPER', '../x', 42]) {
      const error = await user.recommendations({ service: service as never }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues[0]?.path).toEqual(['service']);
    }
    await expect(user.refresh({ trigger: 'user-action', service: 'Bad Id' })).rejects.toBeInstanceOf(ValidationError);
    expect(() => user.history.pages({ service: 'bad id' })).toThrow(ValidationError);
    expect(setup.fake().requestCount()).toBe(before);
  });

  it('refuses unknown option keys (a typo would read every provider) before sending', async () => {
    const user = setup.client().user('demo-user');
    await user.watchlist();
    const before = setup.fake().requestCount();
    const error = await user.recommendations({ services: 'streamflix' } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['services']]);
    expect(String(error)).toContain('user.recommendations(): services is an unknown option (known: service, signal)');
    await expect(user.refresh({ trigger: 'user-action', sevice: 'x' } as never)).rejects.toThrow(
      /user\.refresh\(\): sevice is an unknown option/,
    );
    expect(setup.fake().requestCount()).toBe(before);
  });

  it('refuses options a signal-only read does not take (a `timeout` would otherwise be ignored) before sending', async () => {
    const client = setup.client();
    const user = client.user('demo-user');
    await user.watchlist();
    const before = setup.fake().requestCount();
    for (const [read, callSite] of [
      [() => user.watchlist({ timeout: 5000 } as never), 'user.watchlist()'],
      [() => user.accounts({ signal: undefined, timout: 1 } as never), 'user.accounts()'],
      [() => user.ratings({ retry: 0 } as never), 'user.ratings()'],
      [() => client.services({ timeout: 5000 } as never), 'client.services()'],
    ] as const) {
      const error = await read().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(String(error)).toMatch(
        new RegExp(
          `^ValidationError: ${callSite.replace(/[.()]/g, '\\$&')}: \\w+ is an unknown option \\(known: signal\\)$`,
        ),
      );
    }
    await expect(user.watchlist('fast' as never)).rejects.toThrow(
      'user.watchlist(): expected an options object: { signal }',
    );
    // A string is not read as an object whose keys are its characters (`0 is an unknown option`).
    await expect(user.recommendations('streamflix' as never)).rejects.toThrow(
      'user.recommendations(): expected an options object: { service, signal }',
    );
    expect(setup.fake().requestCount()).toBe(before);
    // No options, null, or a signal alone read as before.
    const signal = new AbortController().signal;
    for (const options of [undefined, null, {}, { signal }] as const)
      expect((await user.watchlist(options as never)).categories.length).toBeGreaterThan(0);
  });

  it('validates every response against the shared schemas (strict by default)', async () => {
    setup.server.use(
      http.get(`${BASE}/v1/user/ratings`, () => HttpResponse.json({ ratings: [{ title: { id: 't' }, stars: 9 }] })),
    );
    const error = await setup
      .client()
      .user('demo-user')
      .ratings()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const paths = (error as ResponseValidationError).issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['ratings.0.title.service', 'ratings.0.stars']));
  });

  it("passes drifted data through in 'warn' mode, logging the mismatch", async () => {
    setup.server.use(http.get(`${BASE}/v1/user/watchlist`, () => HttpResponse.json({ categories: 'oops' })));
    const lines: string[] = [];
    const client = setup.client({ validation: 'warn', logger: { warn: (line) => lines.push(line) } });
    expect(await client.user('demo-user').watchlist()).toEqual({ categories: 'oops' });
    expect(lines.join('\n')).toMatch(/categories/);
  });

  it('lets unknown fields through', async () => {
    setup.server.use(
      http.get(`${BASE}/v1/user/watchlist`, () => HttpResponse.json({ categories: [], next_feature: { a: 1 } })),
    );
    expect(await setup.client().user('demo-user').watchlist()).toEqual({ categories: [], next_feature: { a: 1 } });
  });
});
