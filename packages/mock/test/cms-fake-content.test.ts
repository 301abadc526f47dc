import { describe, expect, it } from 'vitest';
import { createCmsFake } from '../src/index.js';

const admin = { authorization: `Basic ${btoa('admin:fake admin appl pass word xxxx')}` };
const subscriber = { authorization: `Basic ${btoa('subscriber:fake subs appl pass word xxxx')}` };

function client() {
  const fake = createCmsFake();
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = admin) => {
    const res = await fake.handle(
      new Request(`http://127.0.0.1:4010${path}`, {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };
  return { fake, call };
}

describe('CMS fake: content like WordPress 6.5.5', () => {
  it('creates with 201 in edit context, lists published records with X-WP-Total and Link', async () => {
    const { call } = client();
    const created = await call('POST', '/cms/v2/posts', { title: 'Hello', content: 'Hi', status: 'publish' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'post', status: 'publish', slug: 'hello', title: { raw: 'Hello' } });
    for (let i = 0; i < 4; i++) await call('POST', '/cms/v2/posts', { title: `P${i}`, status: 'publish' });
    await call('POST', '/cms/v2/posts', { title: 'Draft' });
    const page = await call('GET', '/cms/v2/posts?per_page=2&page=2', undefined, {});
    expect(page.headers.get('x-wp-total')).toBe('5');
    expect(page.headers.get('x-wp-totalpages')).toBe('3');
    expect(page.headers.get('link')).toMatch(/page=1>; rel="prev", <.*page=3>; rel="next"/);
    expect(JSON.stringify(page.body)).not.toContain('"raw"');
    const past = await call('GET', '/cms/v2/posts?per_page=2&page=9', undefined, {});
    expect(past).toMatchObject({ status: 400, body: { code: 'rest_post_invalid_page_number' } });
  });

  it('trashes, refuses a second trash with 410, force-deletes with { deleted, previous }', async () => {
    const { call } = client();
    const { body } = await call('POST', '/cms/v2/posts', { title: 'Bye', status: 'publish' });
    expect((await call('DELETE', `/cms/v2/posts/${body.id}`)).body).toMatchObject({ status: 'trash' });
    expect(await call('DELETE', `/cms/v2/posts/${body.id}`)).toMatchObject({
      status: 410,
      body: { code: 'rest_already_trashed' },
    });
    const forced = await call('DELETE', `/cms/v2/posts/${body.id}?force=true`);
    expect(forced.body).toMatchObject({ deleted: true, previous: { id: body.id, status: 'trash' } });
    expect(await call('GET', `/cms/v2/posts/${body.id}`)).toMatchObject({
      status: 404,
      body: { code: 'rest_post_invalid_id', message: 'Invalid post ID.' },
    });
  });

  it('menu items refuse trash with 501 rest_trash_not_supported', async () => {
    const { call } = client();
    const { body } = await call('POST', '/cms/v2/menu-items', { title: 'Home', url: 'https://example.com/' });
    expect(body).toMatchObject({ type: 'custom', status: 'publish', url: 'https://example.com/' });
    expect(await call('DELETE', `/cms/v2/menu-items/${body.id}`)).toMatchObject({
      status: 501,
      body: { code: 'rest_trash_not_supported' },
    });
  });

  it('answers 401 anonymous, 403 subscriber, and a wrong password runs as anonymous', async () => {
    const { call } = client();
    const wrong = { authorization: `Basic ${btoa('admin:not the password')}` };
    for (const [headers, status] of [
      [{}, 401],
      [wrong, 401],
      [subscriber, 403],
    ] as const) {
      const res = await call('POST', '/cms/v2/posts', { title: 'x' }, headers);
      expect(res).toMatchObject({ status, body: { code: 'rest_cannot_create', data: { status } } });
      expect(JSON.stringify(res.body)).not.toContain('not the password');
    }
  });

  it('words invalid and missing parameters as WordPress does', async () => {
    const { call } = client();
    expect((await call('GET', '/cms/v2/posts?per_page=500')).body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
      data: {
        status: 400,
        params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
        details: {
          per_page: {
            code: 'rest_out_of_bounds',
            message: 'per_page must be between 1 (inclusive) and 100 (inclusive)',
            data: null,
          },
        },
      },
    });
  });

  it('keeps revisions on update; deleting one is 403 rest_cannot_delete as on 6.5.5', async () => {
    const { call } = client();
    const { body } = await call('POST', '/cms/v2/posts', { title: 'R', content: 'v1', status: 'publish' });
    await call('POST', `/cms/v2/posts/${body.id}`, { content: 'v2' });
    const revisions = await call('GET', `/cms/v2/posts/${body.id}/revisions?context=edit`);
    const list = revisions.body as unknown as Array<{ id: number; parent: number; content: { raw: string } }>;
    expect(list[0]).toMatchObject({ parent: body.id, content: { raw: 'v2' } });
    expect(revisions.headers.get('x-wp-total')).toBe(String(list.length));
    expect(await call('DELETE', `/cms/v2/posts/${body.id}/revisions/${list[0]?.id}?force=true`)).toMatchObject({
      status: 403,
      body: { code: 'rest_cannot_delete' },
    });
  });

  it("lists media anonymously (the route's default status, inherit, is open to anyone); another status needs a user", async () => {
    const { call } = client();
    expect(await call('GET', '/cms/v2/media', undefined, {})).toMatchObject({ status: 200, body: [] });
    expect(await call('GET', '/cms/v2/media?status=inherit', undefined, {})).toMatchObject({ status: 200 });
    expect(await call('GET', '/cms/v2/media?status=private', undefined, {})).toMatchObject({
      status: 400,
      body: { code: 'rest_invalid_param' },
    });
  });
});
