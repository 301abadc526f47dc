/** `null` options are no options, as `undefined` are: every call that takes options reads them so, against the CMS fake. */
import { describe, expect, it } from 'vitest';
import { fakeSiteClient, useMswServer } from './helpers.js';

const server = useMswServer();
const SITE = 'http://127.0.0.1:9913';

describe('null options', () => {
  it('list().all(null) fetches every page, as all() does', async () => {
    const { cms } = fakeSiteClient(server, SITE);
    for (const title of ['a', 'b', 'c']) await cms.posts.create({ title, status: 'publish' });
    const everything = await cms.posts.list({ per_page: 2 }).all();
    expect(everything.length).toBeGreaterThanOrEqual(3);
    await expect(cms.posts.list({ per_page: 2 }).all(null as never)).resolves.toHaveLength(everything.length);
  });

  it("a batch's run(null) runs it, as run() does; so does batch(null)", async () => {
    const { cms } = fakeSiteClient(server, SITE);
    const result = await cms
      .batch()
      .posts.create({ title: 'in a batch' })
      .run(null as never);
    expect(result).toMatchObject({ ok: true, chunks: 1 });
    const again = await cms
      .batch(null as never)
      .posts.create({ title: 'another' })
      .run();
    expect(again.ok).toBe(true);
  });

  it('request(), requestRaw() and discover() with null options send as without', async () => {
    const { cms, fetch } = fakeSiteClient(server, SITE);
    const post = await cms.posts.create({ title: 'read back', status: 'publish' });
    const sent = fetch.calls.length;
    await expect(cms.request('GET /cms/v2/posts/{id}', { id: post.id }, null as never)).resolves.toMatchObject({
      id: post.id,
    });
    await expect(
      cms.requestRaw({ method: 'GET', path: `/cms/v2/posts/${post.id}` }, null as never),
    ).resolves.toMatchObject({ data: { id: post.id } });
    await expect(cms.discover(null as never)).resolves.toHaveProperty('restRoot');
    expect(fetch.calls.length).toBeGreaterThan(sent + 2);
  });

  it("a method's null options are no options (list, get, delete)", async () => {
    const { cms } = fakeSiteClient(server, SITE);
    const post = await cms.posts.create({ title: 'kept', status: 'publish' });
    expect((await cms.posts.list({}, null as never)).items.length).toBeGreaterThan(0);
    await expect(cms.posts.get(post.id, {}, null as never)).resolves.toMatchObject({ id: post.id });
    await expect(cms.posts.delete(post.id, null as never)).resolves.toMatchObject({ status: 'trash' });
  });
});
