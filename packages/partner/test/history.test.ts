import { historyEntry } from '@viewlink/mock';
import { ResponseValidationError, ValidationError } from '@viewlink/transport';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { HistoryLimitError } from '../src/index.js';
import { BASE, usePartnerFake } from './fixtures.js';

const setup = usePartnerFake();

describe('user.history', () => {
  it('iterates a 40,000-entry history page by page, oldest first, never more than a page at a time', async () => {
    const user = setup.client().user('longtime-user');
    let count = 0;
    let pages = 0;
    let previous = '';
    let largest = 0;
    for await (const page of user.history.pages({ limit: 500 })) {
      pages += 1;
      largest = Math.max(largest, page.items.length);
      for (const entry of page.items) {
        expect(entry.watched_at >= previous).toBe(true);
        previous = entry.watched_at;
        count += 1;
      }
    }
    expect(count).toBe(40_000);
    expect(pages).toBe(80);
    expect(largest).toBe(500);
    const spec = setup.fake().users.get('longtime-user')?.history;
    if (!spec) throw new Error('fake lost longtime-user');
    expect(previous).toBe(historyEntry(spec, 39_999).watched_at);
  });

  it('reads only what is new with since(), and resumes from a stored cursor', async () => {
    const user = setup.client().user('longtime-user');
    const since = new Date('2026-10-15T00:00:00Z');
    const recent: string[] = [];
    for await (const entry of user.history.since(since)) recent.push(entry.watched_at);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(1_000);
    expect(recent.every((t) => Date.parse(t) >= since.getTime())).toBe(true);

    const first = await user.history.pages({ limit: 100 }).next();
    const cursor = first.done ? undefined : first.value.nextCursor;
    expect(cursor).toBeTypeOf('string');
    const resumed = await user.history.pages({ limit: 100, cursor }).next();
    const spec = setup.fake().users.get('longtime-user')?.history;
    if (!spec || resumed.done) throw new Error('no resumed page');
    expect(resumed.value.items[0]).toEqual(historyEntry(spec, 100));
  });

  it('filters by service', async () => {
    const entries = await setup.client().user('demo-user').history.all({ service: 'cineplus' });
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.title.service === 'cineplus')).toBe(true);
  });

  it('collects with all() up to the safety limit, then refuses with HistoryLimitError', async () => {
    const user = setup.client().user('demo-user');
    expect(await user.history.all()).toHaveLength(1_200);
    expect(await user.history.collect({ maxEntries: 1_200 })).toHaveLength(1_200);
    const error = await user.history.all({ maxEntries: 1_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HistoryLimitError);
    expect((error as HistoryLimitError).limit).toBe(1_000);
    // The call the user wrote leads the message.
    expect((error as HistoryLimitError).message).toMatch(
      /^user\.history\.all\(\): the watch history has more than 1000 entries/,
    );
    const collected = await user.history.collect({ maxEntries: 1_000 }).catch((e: unknown) => e);
    expect((collected as HistoryLimitError).message).toMatch(/^user\.history\.collect\(\): /);
    await expect(user.history.all({ maxEntries: 0 })).rejects.toBeInstanceOf(ValidationError);
  });

  it('refuses bad queries at once, before sending', () => {
    const history = setup.client().user('demo-user').history;
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ limit: 0 }, 'limit'],
      [{ limit: 501 }, 'limit'],
      [{ limit: 1.5 }, 'limit'],
      [{ since: 'yesterday' }, 'since'],
      [{ since: new Date('nope') }, 'since'],
      [{ sevice: 'typo' }, 'sevice'],
    ];
    for (const [query, path] of bad) {
      try {
        history.pages(query as never);
        throw new Error(`accepted ${JSON.stringify(query)}`);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        const named = (error as ValidationError).issues.map((i) => `${i.path.join('.')} ${i.message}`).join();
        expect(named).toContain(path);
      }
    }
    expect(setup.fake().requestCount()).toBe(0);
  });

  it('refuses since() without its argument (it would read the whole history), sending nothing', () => {
    const history = setup.client().user('demo-user').history;
    for (const since of [undefined, null]) {
      expect(() => history.since(since as never)).toThrow(ValidationError);
      expect(() => history.since(since as never)).toThrow(/^user\.history\.since\(\): since is required/);
    }
    expect(setup.fake().requestCount()).toBe(0);
  });

  it('reads null options as none (an untyped caller), not as a TypeError', async () => {
    const user = setup.client().user('demo-user');
    const first = await user.history.pages(null as never).next();
    expect(first.done).toBe(false);
    expect(setup.fake().requestCount('GET /v1/user/history')).toBe(1);
    await expect(user.watchlist(null as never)).resolves.toHaveProperty('categories');
    await expect(user.recommendations(null as never)).resolves.toBeDefined();
  });

  it('stops with an error when the server repeats a cursor (no endless loop)', async () => {
    setup.server.use(http.get(`${BASE}/v1/user/history`, () => HttpResponse.json({ items: [], next_cursor: 'same' })));
    const error = await setup
      .client()
      .user('demo-user')
      .history.all()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(String(error)).toMatch(/repeated/);
    // The request that answered with the repeated cursor, as the transport names it (not a bare path).
    expect(error).toMatchObject({ method: 'GET', url: `${BASE}/v1/user/history?cursor=same&limit=200` });
  });
});
