import { describe, expect, it } from 'vitest';
import { createCmsFake } from '../src/index.js';

const admin = { authorization: `Basic ${btoa('admin:fake admin appl pass word xxxx')}` };

async function batch(body: unknown) {
  const fake = createCmsFake();
  const res = await fake.handle(
    new Request('http://127.0.0.1:4010/batch/v1', {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, fake };
}

const good = { method: 'POST', path: '/cms/v2/posts', body: { title: 'Batch good' } };
const bad = { method: 'POST', path: '/cms/v2/posts', body: { title: 'Batch bad', status: 'nope' } };

describe('CMS fake: /batch/v1 as WordPress 6.5.5 answers it', () => {
  it('normal: runs each sub-request, 207 with 201 and 400 sub-responses', async () => {
    const { status, body, fake } = await batch({ requests: [good, bad] });
    expect(status).toBe(207);
    const [first, second] = body.responses as Array<{
      status: number;
      body: Record<string, unknown>;
      headers: unknown;
    }>;
    expect(first).toMatchObject({ status: 201, body: { title: { raw: 'Batch good' } } });
    expect(second).toMatchObject({
      status: 400,
      body: {
        code: 'rest_invalid_param',
        data: { params: { status: 'status is not one of publish, future, draft, pending, and private.' } },
      },
    });
    expect([...fake.store.records.values()].filter((r) => r.type === 'post')).toHaveLength(1);
  });

  it('require-all-validate: one invalid sub-request means none ran', async () => {
    const { status, body, fake } = await batch({ validation: 'require-all-validate', requests: [good, bad] });
    expect(status).toBe(207);
    expect(body).toMatchObject({
      failed: 'validation',
      responses: [null, { status: 400, headers: { Allow: 'GET, POST' } }],
    });
    expect(fake.store.records.size).toBe(0);
  });

  it('refuses a route that is not batchable, 26 requests, and GET sub-requests', async () => {
    const media = await batch({ requests: [{ method: 'POST', path: '/cms/v2/media', body: {} }] });
    expect(media.body).toMatchObject({ responses: [{ status: 400, body: { code: 'rest_batch_not_allowed' } }] });
    const many = await batch({ requests: Array.from({ length: 26 }, () => good) });
    expect(many).toMatchObject({
      status: 400,
      body: { data: { params: { requests: 'requests must contain at most 25 items.' } } },
    });
    const get = await batch({ requests: [{ method: 'GET', path: '/cms/v2/posts' }] });
    expect(get).toMatchObject({
      status: 400,
      body: { data: { params: { requests: 'requests[0][method] is not one of POST, PUT, PATCH, and DELETE.' } } },
    });
  });

  it('a missing record is a 404 sub-response with headers [] (PHP empty array)', async () => {
    const { body } = await batch({ requests: [{ method: 'DELETE', path: '/cms/v2/posts/999' }] });
    expect(body).toMatchObject({ responses: [{ status: 404, headers: [], body: { code: 'rest_post_invalid_id' } }] });
  });
});
