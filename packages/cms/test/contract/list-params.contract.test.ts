/**
 * A list query parameter (`status`, `include`, `categories`) given one value or a comma-separated
 * list, on both targets: WordPress 6.5.5 reads `status=draft` as `['draft']` and
 * `status=draft,publish` as both (rest_sanitize_array), and the fake must read them alike. The
 * client takes one value for a list too (`status: 'draft'`) and sends it as a one-item list.
 * WordPress lowercases statuses and reads `status=` as no status; categories and tags filter posts.
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

  it('the server reads a status in any case, split at commas and spaces; an empty status is its query default', async () => {
    const secret = (await cms.posts.create({ title: `${marker} private`, status: 'private' })).id;
    try {
      // WordPress sanitizes the statuses before checking them (sanitize_post_statuses, wp_parse_slug_list).
      expect(await rawIds({ status: 'PUBLISH' })).toEqual([ids.published]);
      expect(await rawIds({ status: 'Draft Publish' })).toEqual(both());
      // No status: WP_Query's default, the published posts and the private ones the user may read.
      expect(await rawIds({ status: '' })).toEqual([ids.published, secret]);
      const anonymous = clientFor(target, 'anonymous');
      const { data } = await anonymous.requestRaw<Array<{ id: number }>>({
        method: 'GET',
        path: '/cms/v2/posts',
        query: { search: marker, status: '' },
      });
      expect(data.map((post) => post.id)).toEqual([ids.published]);
      // A status sanitized to one outside the list is still refused.
      expect(await failure(() => rawIds({ status: 'DRAFTS' }))).toMatchObject({
        status: 400,
        code: 'rest_invalid_param',
      });
    } finally {
      await cms.posts.delete(secret, { force: true });
    }
  });

  it('categories and tags filter posts: ids, { terms, operator }, _exclude, tax_relation', async () => {
    const listed = async (query: Parameters<typeof cms.posts.list>[0]) =>
      (await cms.posts.list({ search: marker, status: ['draft', 'publish'], ...query })).items
        .map((post) => post.id)
        .sort((a, b) => a - b);
    // Every post is in the default category (id 1) and has no tags; no term has the id 999 999.
    const none = 999_999;
    expect(await listed({ categories: none })).toEqual([]);
    expect(await listed({ categories: [1, none] })).toEqual(both());
    expect(await listed({ categories: { terms: [1, none], operator: 'AND' } })).toEqual([]);
    expect(await listed({ categories: { terms: [1], include_children: true } })).toEqual(both());
    expect(await listed({ categories_exclude: 1 })).toEqual([]);
    expect(await listed({ categories_exclude: { terms: [none] } })).toEqual(both());
    expect(await listed({ tags: none })).toEqual([]);
    expect(await listed({ tags_exclude: none })).toEqual(both());
    // Clauses are joined by tax_relation: AND by default, OR when asked.
    expect(await listed({ categories: 1, tags: none })).toEqual([]);
    expect(await listed({ categories: 1, tags: none, tax_relation: 'OR' })).toEqual(both());
  });
});
