import { KnownWebhookEvent, partnerRoutes } from '@viewlink/schemas';
import { describe, expect, it } from 'vitest';
// Relative until the partner package index is published by its owner.
import { applyDelta, planDelta, readDataFile } from '../../partner/src/files/index.js';
import { createRouter, json } from '../src/core/router.js';
import { createFakeFileStore } from '../src/fakes/partner/files.js';

const API_KEY = 'vl_test_api_key';

function serve(store: ReturnType<typeof createFakeFileStore>) {
  return createRouter({
    table: partnerRoutes,
    implementations: store.implementations,
    invalid: () => json({ error: { code: 'invalid_request', message: 'invalid' } }, 400),
    notFound: () => json({ error: { code: 'not_found', message: 'no route' } }, 404),
    before: (request, route) =>
      route?.auth === 'apiKey' && request.headers.get('authorization') !== `Bearer ${API_KEY}`
        ? json({ error: { code: 'invalid_api_key', message: 'A valid API Key is required' } }, 401)
        : undefined,
  }).handle;
}

const get = (handle: (r: Request) => Promise<Response>, id: string, key = API_KEY) =>
  handle(new Request(`http://127.0.0.1/v1/files/${id}`, { headers: { authorization: `Bearer ${key}` } }));

describe('fake data file store', () => {
  it('is deterministic: the same seed gives the same records, ids and sequences', async () => {
    const a = createFakeFileStore({ seed: 7, now: () => 0 });
    const b = createFakeFileStore({ seed: 7, now: () => 0 });
    const c = createFakeFileStore({ seed: 8, now: () => 0 });
    const [ea, eb, ec] = await Promise.all([a.postInitial('u1'), b.postInitial('u1'), c.postInitial('u1')]);
    expect(ea).toEqual(eb);
    expect(a.files.get(ea.file.id)?.lines).toEqual(b.files.get(eb.file.id)?.lines);
    expect(a.files.get(ea.file.id)?.lines).not.toEqual(c.files.get(ec.file.id)?.lines);
    expect([...a.snapshot('u1').keys()]).toEqual([...b.snapshot('u1').keys()]);
  });

  it('announces files with events that match the webhook schemas', async () => {
    const store = createFakeFileStore({ now: () => Date.parse('2026-01-01T00:00:00Z') });
    const initial = await store.postInitial('u1', { records: 50 });
    const delta = await store.postDelta('u1');
    const user = await store.postUserFile('u1');
    for (const event of [initial, delta, user]) expect(KnownWebhookEvent.safeParse(event).success).toBe(true);
    expect([initial.sequence, delta.sequence, delta.base_sequence, user.sequence]).toEqual([1, 2, 1, 3]);
    expect(planDelta(initial.sequence, delta as { sequence: number; base_sequence: number })).toBe('apply');
  });

  it('serves a file that the partner reader turns into the same records (gzip, sha256, count)', async () => {
    const store = createFakeFileStore();
    const handle = serve(store);
    const event = await store.postInitial('u1', { records: 300 });
    const response = await get(handle, event.file.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(event.file.byte_size);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    expect([...digest].map((x) => x.toString(16).padStart(2, '0')).join('')).toBe(event.file.sha256);
    const records = [];
    for await (const record of readDataFile(bytes, { file: event.file })) records.push(record);
    expect(records).toHaveLength(300);
    expect(new Set(records.map((r) => r.kind))).toEqual(new Set(['history_entry', 'watchlist_item', 'rating']));
  });

  it('cold start then deltas: applying every file gives exactly what the store holds', async () => {
    const store = createFakeFileStore({ seed: 3, gzip: false });
    const handle = serve(store);
    const initial = await store.postInitial('u2', { records: 200 });
    let held = await applyDelta(new Map(), readDataFile(await get(handle, initial.file.id), { file: initial.file }));
    let sequence = initial.sequence;
    let deletes = 0;
    for (let i = 0; i < 3; i++) {
      const delta = await store.postDelta('u2', { newHistory: 10, changedRatings: 4, removedWatchlist: 2 });
      expect(planDelta(sequence, delta as { sequence: number; base_sequence: number })).toBe('apply');
      const lines = store.files.get(delta.file.id)!.lines;
      deletes += lines.filter((l) => l.op === 'delete').length;
      held = await applyDelta(held, readDataFile(await get(handle, delta.file.id), { file: delta.file }));
      sequence = delta.sequence;
    }
    expect(deletes).toBeGreaterThan(0);
    const expected = store.snapshot('u2');
    expect([...held.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, record] of held)
      expect(record).toMatchObject({ key: expected.get(key)?.key, data: expected.get(key)?.data });
  });

  it('answers 401 without the API Key, 404 for an unknown file, 410 once expired', async () => {
    let now = 0;
    const store = createFakeFileStore({ now: () => now, ttlMs: 1000 });
    const handle = serve(store);
    const event = await store.postInitial('u1', { records: 5 });
    expect((await get(handle, event.file.id, 'wrong')).status).toBe(401);
    expect((await get(handle, 'file_nope')).status).toBe(404);
    now = 1000;
    const expired = await get(handle, event.file.id);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ error: { code: 'file_expired' } });
  });

  it('can announce a direct url', async () => {
    const store = createFakeFileStore({ publicBaseUrl: 'http://127.0.0.1:4010/' });
    const event = await store.postInitial('u1', { records: 1 });
    expect(event.file.url).toBe(`http://127.0.0.1:4010/v1/files/${event.file.id}`);
  });
});

describe('fake data files: ranges and validators', () => {
  const ranged = (handle: (r: Request) => Promise<Response>, id: string, headers: Record<string, string>) =>
    handle(
      new Request(`http://127.0.0.1/v1/files/${id}`, { headers: { authorization: `Bearer ${API_KEY}`, ...headers } }),
    );

  it('serves a strong ETag and Accept-Ranges, and a Range as 206 with Content-Range', async () => {
    const store = createFakeFileStore();
    const handle = serve(store);
    const event = await store.postInitial('u1', { records: 200 });
    const whole = await get(handle, event.file.id);
    const etag = whole.headers.get('etag');
    expect(etag).toBe(`"${event.file.sha256}"`);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const all = new Uint8Array(await whole.arrayBuffer());
    const part = await ranged(handle, event.file.id, { range: 'bytes=100-', 'if-range': etag ?? '' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-${all.length - 1}/${all.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(all.subarray(100));
    const bounded = await ranged(handle, event.file.id, { range: 'bytes=10-19' });
    expect(new Uint8Array(await bounded.arrayBuffer())).toEqual(all.subarray(10, 20));
  });

  it('answers the whole file when If-Range names another version, and 416 past the end', async () => {
    const store = createFakeFileStore();
    const handle = serve(store);
    const event = await store.postInitial('u1', { records: 50 });
    const changed = await ranged(handle, event.file.id, { range: 'bytes=10-', 'if-range': '"other"' });
    expect(changed.status).toBe(200);
    expect((await changed.arrayBuffer()).byteLength).toBe(event.file.byte_size);
    const past = await ranged(handle, event.file.id, { range: `bytes=${event.file.byte_size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${event.file.byte_size}`);
  });
});
