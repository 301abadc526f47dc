/** The batch builder against the CMS fake (its /batch/v1 answers like WordPress 6.5.5). */
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BadRequestError, ValidationError } from '../src/index.js';
import { type countingFetch, fakeSiteClient, fixture, useMswServer } from './helpers.js';

const server = useMswServer();
const SITE = 'http://127.0.0.1:9912';

const client = () => fakeSiteClient(server, SITE);

const batchCalls = (fetch: ReturnType<typeof countingFetch>) =>
  fetch.calls.filter((c) => c.url.includes('/batch/v1')).length;

describe('client.batch()', () => {
  it('runs mixed create, update and delete in one request, with typed results in order', async () => {
    const { cms, fetch } = client();
    const post = await cms.posts.create({ title: 'existing', status: 'publish' });
    const result = await cms
      .batch()
      .posts.create({ title: 'new one', status: 'publish' })
      .posts.update(post.id, { title: 'renamed' })
      .pages.create({ title: 'a page' })
      .posts.delete(post.id, { force: true })
      .run();
    expect(batchCalls(fetch)).toBe(1);
    expect(result.ok).toBe(true);
    expect(result.chunks).toBe(1);
    const [created, updated, page, deleted] = result.outcomes;
    expect(created).toMatchObject({
      ok: true,
      status: 201,
      key: 'POST /cms/v2/posts',
      data: { title: { raw: 'new one' } },
    });
    expect(updated).toMatchObject({ ok: true, data: { id: post.id, title: { raw: 'renamed' } } });
    expect(page).toMatchObject({ ok: true, data: { type: 'page' } });
    expect(deleted).toMatchObject({ ok: true, data: { deleted: true } });
  });

  it('normal mode: one bad operation fails alone with the mapped error; the others run', async () => {
    const { cms, service } = client();
    const result = await cms
      .batch()
      .add('POST /cms/v2/posts', { body: { title: 'good' } })
      .add('DELETE /cms/v2/posts/{id}', { params: { id: 424242 } })
      .run();
    expect(result.ok).toBe(false);
    expect(result.outcomes[0]).toMatchObject({ ok: true });
    const failure = result.outcomes[1];
    expect(failure).toMatchObject({ ok: false, reason: 'error', status: 404 });
    expect(!failure.ok && failure.error).toMatchObject({ code: 'rest_post_invalid_id' });
    expect([...service.cms.store.records.values()].filter((r) => r.type === 'post')).toHaveLength(1);
  });

  it('require-all-validate: an operation the server refuses means none ran, and says which', async () => {
    const { cms, fetch } = client();
    // The fake validates with the same schemas as the client, so this refusal comes from the real
    // server's captured answer: { failed: "validation", responses: [null, { status: 400, ... }] }.
    const refused = fixture('batch-one-fails-require-all');
    server.use(
      http.post(`${SITE}/wp-json/batch/v1`, () =>
        HttpResponse.json(refused.body as Record<string, unknown>, { status: refused.status }),
      ),
    );
    const result = await cms
      .batch({ validation: 'require-all-validate' })
      .posts.create({ title: 'valid' })
      .posts.create({ title: 'refused by the server' })
      .run();
    expect(result).toMatchObject({ ok: false, failedValidation: true });
    expect(result.outcomes[0]).toMatchObject({ ok: false, reason: 'not-run', error: undefined });
    const second = result.outcomes[1];
    expect(second).toMatchObject({ ok: false, reason: 'invalid', status: 400 });
    expect(!second.ok && second.error).toMatchObject({
      code: 'rest_invalid_param',
      params: { status: expect.any(String) },
    });
    const sent = fetch.calls.find((c) => c.url.endsWith('/batch/v1'));
    expect(await sent?.clone().json()).toMatchObject({ validation: 'require-all-validate' });
  });

  it('refuses a non-batchable route and bad input when added, and 26 operations without chunk: true', async () => {
    const { cms, fetch } = client();
    const batch = cms.batch();
    // @ts-expect-error media is not batchable
    expect(() => batch.add('POST /cms/v2/media', { body: {} })).toThrow(ValidationError);
    // @ts-expect-error GET is not batchable
    expect(() => batch.add('GET /cms/v2/posts', {})).toThrow(/cannot be batched/);
    // @ts-expect-error status must be one of the writable statuses
    expect(() => batch.posts.create({ title: 'x', status: 'nope' })).toThrow(/status/);
    const big = cms.batch();
    for (let i = 0; i < 26; i++) big.posts.create({ title: `p${i}` });
    await expect(big.run()).rejects.toThrow(/at most 25.*chunk: true/);
    // An empty batch: refused by run() as well, before anything is sent.
    await expect(cms.batch().run()).rejects.toThrow(
      new ValidationError('batch.run()', [{ path: [], message: 'the batch has no operations' }]),
    );
    // Named at the call that was given them, as every other call's input.
    await expect(big.run()).rejects.toThrow(/^batch\.run\(\): the batch has 26 operations; a request takes at most 25/);
    expect(() => cms.batch({ validation: 'all' as never })).toThrow(
      'batch(): validation must be one of "require-all-validate", "normal"',
    );
    expect(fetch.calls).toHaveLength(0);
  });

  it('refuses an option a batch, or an operation when added, does not take, naming the call; nothing is sent', async () => {
    const { cms, fetch } = client();
    const batch = cms.batch();
    const refusals: Array<[() => unknown, string]> = [
      [
        () => batch.posts.delete(5, { forse: true } as never),
        'batch().posts.delete(): forse is an unknown option (known: force)',
      ],
      [() => batch.pages.delete(5, { timeout: 1 } as never), 'batch().pages.delete(): timeout is an unknown option'],
      [
        () => batch.menuItems.delete(5, true as never),
        'batch().menuItems.delete(): expected an options object: { force }',
      ],
      [
        () => batch.blocks.delete(5, { force: true, purge: 1 } as never),
        'batch().blocks.delete(): purge is an unknown',
      ],
    ];
    for (const [add, message] of refusals) {
      expect(add).toThrow(ValidationError);
      expect(add).toThrow(message);
    }
    expect(batch.size).toBe(0);
    expect(() => cms.batch({ validaton: 'require-all-validate' } as never)).toThrow(
      'batch(): validaton is an unknown option (known: validation)',
    );
    expect(() => cms.batch('normal' as never)).toThrow('batch(): expected an options object: { validation }');
    // What it takes still queues: `force`, none, or `null` (no options).
    batch.posts
      .delete(5, { force: true })
      .posts.delete(6)
      .pages.delete(7, null as never);
    expect(batch.size).toBe(3);
    expect(fetch.calls).toHaveLength(0);
  });

  it('names bad input at the writer the caller used and the operation index, when added or at run()', async () => {
    const { cms, fetch } = client();
    const batch = cms.batch().posts.create({ title: 'a' });
    expect(() => batch.posts.create({ title: 'b', categories: ['x' as never] })).toThrow(
      new ValidationError('batch().posts.create() (operation 1)', [
        { path: ['categories', 0], message: 'must be a number' },
      ]),
    );
    expect(() => batch.posts.update(0, { title: 'b' })).toThrow(/^batch\(\)\.posts\.update\(\) \(operation 1\): id /);
    // @ts-expect-error media is not batchable
    expect(() => batch.add('POST /cms/v2/media', { body: {} })).toThrow(
      'batch().add() (operation 1): key "POST /cms/v2/media" cannot be batched: only POST/PUT/PATCH/DELETE',
    );
    // Pages load with the first run(): their input is checked then, still named at the writer.
    batch.pages.update(12, { menu_order: 'x' as never });
    await expect(batch.run()).rejects.toThrow(/^batch\(\)\.pages\.update\(\) \(operation 1\): menu_order /);
    expect(fetch.calls.filter((c) => c.url.includes('/batch/v1'))).toHaveLength(0);
  });

  it('chunk: true splits 60 operations into 3 requests, reporting progress; never retried', async () => {
    const { cms, fetch } = client();
    const batch = cms.batch();
    for (let i = 0; i < 60; i++) batch.posts.create({ title: `post ${i}`, status: 'publish' });
    const progress: number[] = [];
    const result = await batch.run({ chunk: true, onProgress: (p) => progress.push(p.done) });
    expect(result).toMatchObject({ ok: true, chunks: 3 });
    expect(progress).toEqual([25, 50, 60]);
    expect(result.outcomes).toHaveLength(60);
    expect(batchCalls(fetch)).toBe(3);
  });

  it('retryFailed() builds a new batch of only the failed operations, not run', async () => {
    const { cms } = client();
    const result = await cms
      .batch()
      .posts.create({ title: 'ok' })
      .posts.delete(999_999, { force: true })
      .posts.update(999_998, { title: 'missing' })
      .run();
    const again = result.retryFailed();
    expect(again.size).toBe(2);
  });

  it('maps a refused batch request (the server rejects the whole body) onto the error tree', async () => {
    const { cms } = client();
    await expect(
      cms.requestRaw({
        method: 'POST',
        path: '/batch/v1',
        body: { requests: [{ method: 'GET', path: '/cms/v2/posts' }] },
      }),
    ).rejects.toBeInstanceOf(BadRequestError);
  });
});
