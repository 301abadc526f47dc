/**
 * A list query parameter (`status`, `include`, `categories`) given one value or a comma-separated
 * list, on both targets: WordPress 6.5.5 reads `status=draft` as `['draft']` and
 * `status=draft,publish` as both (rest_sanitize_array), and the fake must read them alike. The
 * client takes one value for a list too (`status: 'draft'`) and sends it as a one-item list.
 */
import { BadRequestError } from '@viewlink/cms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, failure, targets, unique } from './targets.js';

describe.each(targets())('list query parameters on $name', (target) => {
  const cms = clientFor(target);
  const marker = unique('lists');
  const ids = { draft: 0, published: 0 };
  beforeAll(async () => {
    ids.draft = (await cms.posts.create({ title: `${marker} draft`, status: 'draft' })).id;
    ids.published = (await cms.posts.create({ title: `${marker} published`, status: 'publish' })).id;
  });
  afterAll(async () => {
    for (const id of Object.values(ids)) if (id) await cms.posts.delete(id, { force: true }).catch(() => undefined);
  });

  /** Ids of the posts a raw GET of the collection answers, the query sent as written (`status=draft,publish`). */
  async function rawIds(query: Record<string, string | string[]>): Promise<number[]> {
    const { data } = await cms.requestRaw<Array<{ id: number }>>({
      method: 'GET',
      path: '/cms/v2/posts',
      query: { search: marker, ...query },
    });
    return data.map((post) => post.id).sort((a, b) => a - b);
  }
  const both = () => [ids.draft, ids.published].sort((a, b) => a - b);

  it('the server reads one value and a comma-separated list as lists (status, include, categories)', async () => {
    expect(await rawIds({ status: 'draft' })).toEqual([ids.draft]);
    expect(await rawIds({ status: 'draft,publish' })).toEqual(both());
    expect(await rawIds({ status: ['draft', 'publish'] })).toEqual(both());
    expect(await rawIds({ status: 'draft,publish', include: String(ids.published) })).toEqual([ids.published]);
    expect(await rawIds({ status: 'draft,publish', include: `${ids.draft},${ids.published}` })).toEqual(both());
    // Every post is in the default category (id 1) on both.
    expect(await rawIds({ categories: '1' })).toEqual([ids.published]);
    expect(await rawIds({ status: 'draft,publish', categories: '1' })).toEqual(both());
  });

  it('a value outside the list is 400 rest_invalid_param naming the parameter, one value or in a list', async () => {
    for (const status of ['bogus', 'draft,bogus']) {
      const error = await failure(() =>
        cms.requestRaw({ method: 'GET', path: '/cms/v2/posts', query: { search: marker, status } }),
      );
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ status: 400, code: 'rest_invalid_param' });
      expect(Object.keys(error.params as object)).toEqual(['status']);
    }
  });

  it('the client takes one value for a list parameter and reads the same posts', async () => {
    const drafts = await cms.posts.list({ search: marker, status: 'draft' });
    expect(drafts.items.map((post) => post.id)).toEqual([ids.draft]);
    const one = await cms.posts.list({ search: marker, status: ['draft', 'publish'], include: ids.draft });
    expect(one.items.map((post) => post.id)).toEqual([ids.draft]);
    const inDefault = await cms.posts.list({ search: marker, categories: 1 });
    expect(inDefault.items.map((post) => post.id)).toEqual([ids.published]);
  });
});
