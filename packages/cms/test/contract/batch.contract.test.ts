/**
 * /batch/v1 on both targets (issue 6): the builder's mixed writes and explicit chunking, and
 * the server's own answers (sent raw, since the builder refuses bad input before sending) for
 * both validation modes with one bad operation, a route that is not batchable, and 26 requests.
 */
import { ValidationError } from '@viewlink/cms';
import { describe, expect, it } from 'vitest';
import { clientFor, failure, targets, unique } from './targets.js';

describe.each(targets())('batch on $name', (target) => {
  const cms = clientFor(target);
  const ns = `/${target.namespaces.cms ?? 'cms/v2'}`;
  const raw = async (body: unknown) => (await cms.requestRaw({ method: 'POST', path: '/batch/v1', body })).data;

  it('mixed create, update and delete in one request, outcomes in order', async () => {
    const existing = await cms.posts.create({ title: unique('batch-existing'), status: 'publish' });
    const result = await cms
      .batch()
      .posts.create({ title: unique('batch-new'), status: 'draft' })
      .posts.update(existing.id, { title: 'renamed in a batch' })
      .posts.delete(existing.id, { force: true })
      .run();
    expect(result).toMatchObject({ ok: true, chunks: 1 });
    const [created, updated, deleted] = result.outcomes;
    expect(created).toMatchObject({ ok: true, status: 201, data: { type: 'post', status: 'draft' } });
    expect(updated).toMatchObject({
      ok: true,
      status: 200,
      data: { id: existing.id, title: { raw: 'renamed in a batch' } },
    });
    expect(deleted).toMatchObject({ ok: true, status: 200, data: { deleted: true } });
    if (created.ok) await cms.posts.delete(created.data.id, { force: true });
  });

  it('normal: the bad operation fails alone (400 rest_invalid_param), the good one runs', async () => {
    const title = unique('batch-normal');
    const answer = (await raw({
      validation: 'normal',
      requests: [
        { method: 'POST', path: `${ns}/posts`, body: { title } },
        { method: 'POST', path: `${ns}/posts`, body: { title: 'bad', status: 'nope' } },
      ],
    })) as { responses: Array<{ status: number; body: { id?: number; code?: string } }> };
    expect(answer.responses.map((r) => r.status)).toEqual([201, 400]);
    expect(answer.responses[1]?.body.code).toBe('rest_invalid_param');
    await cms.posts.delete(answer.responses[0]?.body.id as number, { force: true });
  });

  it('require-all-validate: nothing runs, { failed: "validation", responses: [null, {...}] }', async () => {
    const title = unique('batch-atomic');
    const answer = await raw({
      validation: 'require-all-validate',
      requests: [
        { method: 'POST', path: `${ns}/posts`, body: { title } },
        { method: 'POST', path: `${ns}/posts`, body: { title: 'bad', status: 'nope' } },
      ],
    });
    expect(answer).toMatchObject({
      failed: 'validation',
      responses: [null, { status: 400, body: { code: 'rest_invalid_param' } }],
    });
    expect((await cms.posts.list({ search: title, status: ['draft'] })).items).toEqual([]);
  });

  it('a route that is not batchable answers rest_batch_not_allowed; 26 requests are refused', async () => {
    const answer = await raw({ requests: [{ method: 'POST', path: `${ns}/users`, body: { username: 'x' } }] });
    expect(answer).toMatchObject({ responses: [{ status: 400, body: { code: 'rest_batch_not_allowed' } }] });
    const many = Array.from({ length: 26 }, () => ({ method: 'POST', path: `${ns}/posts`, body: { title: 'x' } }));
    const error = await failure(() => raw({ requests: many }));
    expect(error).toMatchObject({ status: 400, code: 'rest_invalid_param' });
  });

  it('26 operations: refused before sending, then run in 2 chunks with chunk: true', async () => {
    const batch = cms.batch();
    const prefix = unique('batch-chunk');
    for (let i = 0; i < 26; i++) batch.posts.create({ title: `${prefix}-${i}`, status: 'publish' });
    expect(await failure(() => batch.run())).toBeInstanceOf(ValidationError);
    const result = await batch.run({ chunk: true });
    expect(result).toMatchObject({ ok: true, chunks: 2 });
    const ids = result.outcomes.map((o) => (o.ok ? (o.data as { id: number }).id : 0));
    expect(new Set(ids).size).toBe(26);
    const cleanup = cms.batch();
    for (const id of ids) cleanup.posts.delete(id, { force: true });
    expect((await cleanup.run({ chunk: true })).ok).toBe(true);
  });
});
