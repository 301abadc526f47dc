/**
 * `orderby: 'include'` without `include`, and `orderby: 'relevance'` without `search`: WordPress
 * 6.5.5 (and the fake) answer 400 on the lists and their revisions, so the client refuses them at
 * the call site before sending (an empty `include` or `search` too, which WordPress reads as none),
 * and sends them when the needed parameter is given.
 */
import { ValidationError } from '@viewlink/cms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, failure, targets, unique } from './targets.js';

describe.each(targets())('orderby that needs another parameter on $name', (target) => {
  const cms = clientFor(target);
  const marker = unique('orderby');
  let id = 0;
  beforeAll(async () => {
    id = (await cms.posts.create({ title: `${marker} one`, status: 'publish' })).id;
    await cms.posts.update(id, { title: `${marker} two` });
  });
  afterAll(async () => {
    if (id) await cms.posts.delete(id, { force: true }).catch(() => undefined);
  });

  /** The status and code the server answers a raw GET of `path` with `query`. */
  async function raw(path: string, query: Record<string, string>) {
    const error = await failure(() => cms.requestRaw({ method: 'GET', path, query }));
    return { status: error.status, code: error.code };
  }

  it('the server answers 400 without the needed parameter', async () => {
    const missingInclude = { status: 400, code: 'rest_orderby_include_missing_include' };
    const missingSearch = { status: 400, code: 'rest_no_search_term_defined' };
    expect(await raw('/cms/v2/posts', { orderby: 'include' })).toEqual(missingInclude);
    expect(await raw('/cms/v2/posts', { orderby: 'relevance' })).toEqual(missingSearch);
    expect(await raw('/cms/v2/pages', { orderby: 'relevance' })).toEqual(missingSearch);
    expect(await raw(`/cms/v2/posts/${id}/revisions`, { orderby: 'include' })).toEqual(missingInclude);
    expect(await raw(`/cms/v2/posts/${id}/revisions`, { orderby: 'relevance' })).toEqual(missingSearch);
  });

  it('the client refuses them at the call site, before sending', async () => {
    const refused: Array<[() => PromiseLike<unknown>, string]> = [
      [() => cms.posts.list({ orderby: 'include' }), "posts.list(): orderby 'include' needs a non-empty `include`"],
      [
        () => cms.posts.list({ orderby: 'include', include: [] }),
        "posts.list(): orderby 'include' needs a non-empty `include`",
      ],
      [
        () => cms.pages.list({ orderby: 'relevance', search: '' }),
        "pages.list(): orderby 'relevance' needs a non-empty `search`",
      ],
      [
        () => cms.posts.revisions.list(id, { orderby: 'relevance' }),
        "posts.revisions.list(): orderby 'relevance' needs a non-empty `search`",
      ],
    ];
    for (const [call, message] of refused) {
      const error = await failure(call);
      expect(error).toBeInstanceOf(ValidationError);
      expect(String(error)).toContain(message);
    }
  });

  it('sends them when the needed parameter is given', async () => {
    const byInclude = await cms.posts.list({ orderby: 'include', include: [id], status: 'publish' });
    expect(byInclude.items.map((post) => post.id)).toEqual([id]);
    const bySearch = await cms.posts.list({ orderby: 'relevance', search: marker });
    expect(bySearch.items.map((post) => post.id)).toEqual([id]);
    const revisions = await cms.posts.revisions.list(id, { orderby: 'include', include: [] as number[] }).then(
      () => 'sent',
      (error: unknown) => error,
    );
    expect(revisions).toBeInstanceOf(ValidationError);
  });
});
