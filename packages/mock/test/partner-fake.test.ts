import {
  LinkedAccountList,
  PartnerRatingList,
  PartnerWebhookEvent,
  RecommendationFeeds,
  TokenPair,
  WatchHistoryPage,
  Watchlist,
} from '@viewlink/schemas';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerFake, historyEntry, rawWatchlists, toMswHandlers } from '../src/index.js';

const BASE = 'http://127.0.0.1:4011';
const HOOK = 'http://127.0.0.1:4012/hooks/viewlink';
const KEY = 'vl_fake_key_for_tests';
let clock = Date.UTC(2026, 10, 20);
const fake = createPartnerFake({
  apiKeys: [KEY],
  now: () => clock,
  accessTokenTtl: 600,
  webhookUrl: HOOK,
  webhookSecret: 'whsec_fake_test',
  refreshDelayMs: 1,
});
const received: Array<{ signature: string | null; body: unknown }> = [];
const msw = setupServer(
  ...toMswHandlers(BASE, fake),
  http.post(HOOK, async ({ request }) => {
    received.push({ signature: request.headers.get('signature'), body: await request.json() });
    return new HttpResponse(null, { status: 204 });
  }),
);
beforeAll(() => msw.listen({ onUnhandledFrame: 'error' }));
afterAll(() => msw.close());

const post = (path: string, body: unknown, auth?: string) =>
  fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
    body: JSON.stringify(body),
  });
const get = (path: string, auth?: string) =>
  fetch(`${BASE}${path}`, { headers: auth ? { authorization: `Bearer ${auth}` } : {} });
const userNamed = (id: string) => {
  const user = fake.users.get(id);
  if (!user) throw new Error(`fake has no user ${id}`);
  return user;
};
const issue = async (userId: string) =>
  TokenPair.parse(await (await post('/v1/auth/token', { user_id: userId }, KEY)).json());

describe('Partner fake: token pairs', () => {
  it('expires access tokens on the injected clock', async () => {
    const pair = await issue('demo-user');
    expect((await get('/v1/user/accounts', pair.access_token)).status).toBe(200);
    clock += 601_000;
    const res = await get('/v1/user/accounts', pair.access_token);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('invalid_access_token');
  });

  it('renews with the refresh token, which then stops working', async () => {
    const pair = await issue('demo-user');
    const renewed = await post('/v1/auth/token/refresh', { refresh_token: pair.refresh_token }, KEY);
    expect(renewed.status).toBe(200);
    const next = TokenPair.parse(await renewed.json());
    expect(next.refresh_token).not.toBe(pair.refresh_token);
    expect((await get('/v1/user/watchlist', next.access_token)).status).toBe(200);
    const again = await post('/v1/auth/token/refresh', { refresh_token: pair.refresh_token }, KEY);
    expect(again.status).toBe(401);
    expect((await post('/v1/auth/token/refresh', { refresh_token: next.refresh_token }, 'wrong')).status).toBe(401);
  });

  it('expires tokens through the control route and moves the clock', async () => {
    const pair = await issue('new-user');
    expect(await (await post('/__mock/tokens/expire', { user_id: 'new-user' })).json()).toEqual({
      expired: expect.any(Number),
    });
    expect((await get('/v1/user/accounts', pair.access_token)).status).toBe(401);
    const before = fake.clock.now();
    const moved = await (await post('/__mock/clock', { advance_ms: 5000 })).json();
    expect(moved.now_ms).toBe(before + 5000);
  });

  it('expires the refresh tokens too with refresh: true, of that user only', async () => {
    const pair = await issue('expiring-user');
    const other = await issue('demo-user');
    const expired = await post('/__mock/tokens/expire', { user_id: 'expiring-user', refresh: true });
    expect(await expired.json()).toEqual({ expired: expect.any(Number), refresh_expired: 1 });
    const renewal = await post('/v1/auth/token/refresh', { refresh_token: pair.refresh_token }, KEY);
    expect(renewal.status).toBe(401);
    expect((await renewal.json()).error.code).toBe('invalid_refresh_token');
    expect((await post('/v1/auth/token/refresh', { refresh_token: other.refresh_token }, KEY)).status).toBe(200);
    expect((await post('/__mock/tokens/expire', { refresh: 'yes' })).status).toBe(400);
  });
});

describe('Partner fake: data reads', () => {
  it('reports linked accounts with one broken', async () => {
    const pair = await issue('demo-user');
    const list = LinkedAccountList.parse(await (await get('/v1/user/accounts', pair.access_token)).json());
    expect(list.accounts.map((a) => [a.service, a.status])).toEqual([
      ['streamflix', 'active'],
      ['cineplus', 'active'],
      ['tubely', 'broken'],
    ]);
  });

  it('merges overlapping per-service watchlists without duplicates', async () => {
    const pair = await issue('demo-user');
    const watchlist = Watchlist.parse(await (await get('/v1/user/watchlist', pair.access_token)).json());
    const raw = rawWatchlists(userNamed('demo-user'));
    const rawSaved = raw.filter((l) => l.kind === 'saved').flatMap((l) => l.titles.map((t) => t.id));
    expect(new Set(rawSaved).size).toBeLessThan(rawSaved.length);
    for (const category of watchlist.categories) {
      const ids = category.titles.map((t) => t.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(watchlist.categories.find((c) => c.kind === 'saved')?.titles.length).toBe(new Set(rawSaved).size);
  });

  it('consolidates ratings and serves one recommendation feed per provider', async () => {
    const pair = await issue('demo-user');
    const ratings = PartnerRatingList.parse(await (await get('/v1/user/ratings', pair.access_token)).json());
    const ids = ratings.ratings.map((r) => r.title.id);
    expect(new Set(ids).size).toBe(ids.length);
    const all = RecommendationFeeds.parse(await (await get('/v1/user/recommendations', pair.access_token)).json());
    expect(all.feeds.map((f) => f.service)).toEqual(['streamflix', 'cineplus', 'tubely']);
    const one = RecommendationFeeds.parse(
      await (await get('/v1/user/recommendations?service=cineplus', pair.access_token)).json(),
    );
    expect(one.feeds.map((f) => f.service)).toEqual(['cineplus']);
  });

  it('pages a 40,000-entry history deterministically, oldest first, with since', async () => {
    const pair = await issue('longtime-user');
    const first = WatchHistoryPage.parse(await (await get('/v1/user/history?limit=500', pair.access_token)).json());
    expect(first.items).toHaveLength(500);
    expect(first.items[0]).toEqual(historyEntry(userNamed('longtime-user').history, 0));
    const times = first.items.map((e) => Date.parse(e.watched_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const second = WatchHistoryPage.parse(
      await (await get(`/v1/user/history?limit=500&cursor=${first.next_cursor}`, pair.access_token)).json(),
    );
    expect(Date.parse(second.items[0]?.watched_at ?? '')).toBeGreaterThanOrEqual(times.at(-1) ?? 0);
    const since = '2026-10-01T00:00:00Z';
    const recent = WatchHistoryPage.parse(
      await (await get(`/v1/user/history?limit=500&since=${since}`, pair.access_token)).json(),
    );
    expect(recent.items.length).toBeGreaterThan(0);
    expect(recent.items.every((e) => e.watched_at >= since)).toBe(true);
    const missingEpisode = first.items.filter((e) => e.title.episode_id === undefined).length;
    expect(missingEpisode).toBeGreaterThan(0);
  });

  it('answers 400 for a forged cursor and for a malformed service id', async () => {
    const pair = await issue('longtime-user');
    expect((await get('/v1/user/history?cursor=zzz', pair.access_token)).status).toBe(400);
    expect((await get('/v1/user/history?service=Not%20A%20Slug', pair.access_token)).status).toBe(400);
  });
});

describe('Partner fake: refresh and webhooks', () => {
  it('accepts a refresh with 202 and later POSTs a signed UserDataRefreshCompleted', async () => {
    const pair = await issue('demo-user');
    const res = await post('/v1/user/refresh', { service: 'cineplus' }, pair.access_token);
    expect(res.status).toBe(202);
    const accepted = await res.json();
    await fake.webhooks.settle();
    const hook = received.at(-1);
    expect(hook?.signature).toBe('whsec_fake_test');
    const event = PartnerWebhookEvent.parse(hook?.body);
    expect(event).toMatchObject({
      type: 'UserDataRefreshCompleted',
      user_id: 'demo-user',
      refresh_id: accepted.refresh_id,
      services: ['cineplus'],
    });
    expect(fake.webhooks.deliveries.at(-1)?.status).toBe(204);
  });

  it('refuses to refresh a broken account (409) and an unlinked one (404)', async () => {
    const pair = await issue('demo-user');
    const broken = await post('/v1/user/refresh', { service: 'tubely' }, pair.access_token);
    expect(broken.status).toBe(409);
    expect((await broken.json()).error.code).toBe('account_broken');
    expect((await post('/v1/user/refresh', { service: 'nothing-here' }, pair.access_token)).status).toBe(404);
  });
});

describe('Partner fake: control routes', () => {
  it('creates users and links or breaks accounts', async () => {
    expect((await post('/__mock/users', { user_id: 'ctl-user', history_entries: 10 })).status).toBe(201);
    await post('/__mock/users/ctl-user/accounts', { service: 'streamflix' });
    await post('/__mock/users/ctl-user/accounts', { service: 'cineplus', status: 'broken' });
    const snapshot = await (await get('/__mock/users/ctl-user')).json();
    expect(snapshot.accounts.map((a: { status: string }) => a.status)).toEqual(['active', 'broken']);
    expect(snapshot.history_entries).toBe(10);
    expect((await fetch(`${BASE}/__mock/users/ctl-user/accounts/cineplus`, { method: 'DELETE' })).status).toBe(200);
    expect((await post('/__mock/users/ctl-user/accounts', { service: 'Bad Slug' })).status).toBe(400);
  });

  it('injects faults for the next requests of a route, then recovers', async () => {
    const pair = await issue('demo-user');
    await post('/__mock/faults', { route: 'GET /v1/user/watchlist', status: 503, retry_after: 1, times: 2 });
    const a = await get('/v1/user/watchlist', pair.access_token);
    expect([a.status, a.headers.get('retry-after')]).toEqual([503, '1']);
    expect((await get('/v1/user/watchlist', pair.access_token)).status).toBe(503);
    expect((await get('/v1/user/watchlist', pair.access_token)).status).toBe(200);
    await post('/__mock/faults', { route: 'GET /v1/user/watchlist', truncate: true });
    await expect((await get('/v1/user/watchlist', pair.access_token)).json()).rejects.toThrow();
    await post('/__mock/faults', { route: 'GET /v1/user/watchlist', reset: true });
    await expect(get('/v1/user/watchlist', pair.access_token)).rejects.toThrow();
  });

  it('counts requests per route and answers CORS preflights', async () => {
    const stats = await (await get('/__mock/stats')).json();
    expect(stats.requests['POST /v1/auth/token']).toBeGreaterThan(0);
    expect(stats.tokens_renewed).toBeGreaterThan(0);
    const preflight = await fetch(`${BASE}/v1/user/watchlist`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('Partner fake: data files', () => {
  it('posts an initial file through the control route, delivers its webhook, and serves the file with the API Key', async () => {
    await fake.webhooks.settle(); // account webhooks of earlier tests
    const before = received.length;
    const res = await post('/__mock/users/demo-user/files', { type: 'initial', records: 50 });
    expect(res.status).toBe(201);
    const event = await res.json();
    expect(event).toMatchObject({ type: 'InitialFilePosted', user_id: 'demo-user', file: { record_count: 50 } });
    expect(received.length).toBe(before + 1);
    expect(PartnerWebhookEvent.parse(received.at(-1)?.body)).toMatchObject({ id: event.id, type: 'InitialFilePosted' });
    const file = await fetch(`${BASE}/v1/files/${event.file.id}`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(event.file.byte_size);
    expect((await get(`/v1/files/${event.file.id}`)).status).toBe(401);
    const delta = await fake.postFile('demo-user', 'delta');
    expect(delta).toMatchObject({ type: 'DeltaFilePosted', base_sequence: event.sequence });
  });
});

describe('Partner fake: generated history', () => {
  it('is identical for the same seed and costs nothing until read', async () => {
    const seed = { user_id: 'huge', accounts: [{ service: 'streamflix' }], history_entries: 1_000_000, seed: 42 };
    const a = createPartnerFake({ users: [seed] });
    const b = createPartnerFake({ users: [seed] });
    const specA = a.users.get('huge')?.history;
    const specB = b.users.get('huge')?.history;
    if (!specA || !specB) throw new Error('no huge user');
    for (const i of [0, 1, 500_000, 999_999]) expect(historyEntry(specA, i)).toEqual(historyEntry(specB, i));
    // Strictly increasing timestamps: `since` is a binary search, and pages stay ordered.
    for (let i = 1; i < 2_000; i++)
      expect(Date.parse(historyEntry(specA, i).watched_at)).toBeGreaterThan(
        Date.parse(historyEntry(specA, i - 1).watched_at),
      );
    const missing = Array.from({ length: 2_000 }, (_, i) => historyEntry(specA, 500_000 + i)).filter(
      (e) => e.title.progress_seconds === undefined,
    ).length;
    // About 5% of recent titles lack a bookmark, as the spec says.
    expect(missing / 2_000).toBeGreaterThan(0.01);
    expect(missing / 2_000).toBeLessThan(0.1);
  });
});
