/**
 * `@viewlink/cms/query` (issue 24, item 3) with a real TanStack Query `QueryClient` on both
 * targets: list, infinite and get options read through the client, their data is plain
 * (dehydrates), keys are the documented ones, and the invalidation helpers mark exactly what a
 * write or a batch changed.
 */
import { QueryClient } from '@tanstack/query-core';
import { cmsQueries, invalidateAfterBatch, invalidateAfterWrite } from '@viewlink/cms/query';
import { afterAll, describe, expect, it } from 'vitest';
import { clientFor, targets, templateWithRevision, unique } from './targets.js';

describe.each(targets())('TanStack Query options on $name', (target) => {
  const cms = clientFor(target);
  const queries = cmsQueries(cms);
  const created: number[] = [];
  afterAll(async () => {
    for (const id of created) await cms.posts.delete(id, { force: true }).catch(() => undefined);
  });

  it('list, infinite and get read through the client; keys as documented; data serializable', async () => {
    const marker = unique('tq');
    for (let i = 0; i < 3; i++)
      created.push((await cms.posts.create({ title: `${marker} ${i}`, status: 'publish' })).id);
    const client = new QueryClient();
    const listOptions = queries.posts.list({ search: marker, per_page: 2 });
    expect(listOptions.queryKey).toEqual([
      '@viewlink/cms',
      target.baseUrl.replace(/\/?$/, '/'),
      'posts',
      'list',
      { search: marker, per_page: 2 },
    ]);
    const first = await client.fetchQuery(listOptions);
    expect(first).toMatchObject({ page: 1, total: 3, totalPages: 2, nextPage: 2 });
    expect(first.items).toHaveLength(2);
    // Plain data: what a server renders dehydrates and hydrates unchanged.
    expect(JSON.parse(JSON.stringify(first))).toEqual(first);
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);

    const infinite = await client.fetchInfiniteQuery({
      ...queries.posts.infinite({ search: marker, per_page: 2 }),
      pages: 3,
    });
    expect(infinite.pageParams).toEqual([1, 2]);
    expect(infinite.pages.flatMap((p) => p.items.map((post) => post.id)).sort()).toEqual([...created].sort());

    // Revisions of posts and templates are pages too, as plain data; autosaves are plain lists.
    await cms.posts.update(created[0] as number, { content: '<p>second version</p>' });
    const revisions = await client.fetchQuery(queries.posts.revisions.list(created[0] as number));
    expect(Object.getPrototypeOf(revisions)).toBe(Object.prototype);
    expect(revisions.items.length).toBeGreaterThan(0);
    // Saved here: not relying on another file having saved the template first.
    await templateWithRevision(cms);
    const templateRevisions = await client.fetchQuery(queries.templates.revisions.list('twentytwentyfour//index'));
    expect(Object.getPrototypeOf(templateRevisions)).toBe(Object.prototype);
    expect(Array.isArray(await client.fetchQuery(queries.posts.autosaves.list(created[0] as number)))).toBe(true);

    // Any read by route key: the same record; seo/v1 where the site has it (the fake), 404 where not.
    const byKey = await client.fetchQuery(queries.request('GET /cms/v2/posts/{id}', { id: created[0] as number }));
    expect(byKey.id).toBe(created[0]);
    const seo = client.fetchQuery(queries.request('GET /seo/v1/bulk_editor/posts', { content_type: 'post' }));
    if (target.name === 'fake') await expect(seo).resolves.toBeDefined();
    else await expect(seo).rejects.toMatchObject({ status: 404, code: 'rest_no_route' });

    const one = await client.fetchQuery(queries.posts.get(created[0] as number, { context: 'view' }));
    expect(one.id).toBe(created[0]);
    expect(client.getQueryData(queries.posts.get(created[0] as number, { context: 'view' }).queryKey)?.id).toBe(
      created[0],
    );
  });

  it('invalidateAfterWrite marks the lists and the record, not other resources; invalidateAfterBatch likewise', async () => {
    const client = new QueryClient();
    const id = created[1] as number;
    const list = queries.posts.list({ include: [id] });
    const item = queries.posts.get(id);
    const other = queries.posts.get(created[2] as number);
    const pagesList = queries.pages.list({ per_page: 1 });
    await Promise.all([list, item, other, pagesList].map((o) => client.fetchQuery(o as typeof list)));
    const invalidated = () =>
      [list, item, other, pagesList].map((o) => client.getQueryState(o.queryKey)?.isInvalidated ?? false);
    expect(invalidated()).toEqual([false, false, false, false]);

    await cms.posts.update(id, { title: 'renamed' });
    await invalidateAfterWrite(client, queries.keys, 'posts', id);
    expect(invalidated()).toEqual([true, true, false, false]);
    // Read again, the list has the write.
    expect((await client.fetchQuery(list)).items[0]?.title?.rendered).toBe('renamed');

    const fresh = new QueryClient();
    await Promise.all([list, item, other, pagesList].map((o) => fresh.fetchQuery(o as typeof list)));
    const result = await cms
      .batch()
      .posts.update(created[2] as number, { title: 'batched' })
      .run();
    await invalidateAfterBatch(fresh, queries.keys, result);
    expect([list, item, other, pagesList].map((o) => fresh.getQueryState(o.queryKey)?.isInvalidated)).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });
});
