import { describe, expectTypeOf, it } from 'vitest';
import type { CmsClient, Deleted, Page, PagePromise, Post } from '../src/index.js';

declare const cms: CmsClient;

describe('CmsClient types', () => {
  it('lists posts as an awaitable, async-iterable page promise', () => {
    const list = cms.posts.list({ per_page: 100, orderby: 'title', order: 'asc' });
    expectTypeOf(list).toEqualTypeOf<PagePromise<Post>>();
    expectTypeOf<Awaited<typeof list>>().toEqualTypeOf<Page<Post>>();
    expectTypeOf(list).toMatchTypeOf<AsyncIterable<Post>>();
  });

  it('refuses out-of-range per_page and unknown orderby at compile time', () => {
    // @ts-expect-error per_page is 1-100
    cms.posts.list({ per_page: 500 });
    // @ts-expect-error per_page is 1-100
    cms.pages.list({ per_page: 0 });
    // @ts-expect-error unknown orderby value
    cms.posts.list({ orderby: 'popularity' });
    // @ts-expect-error unknown context value
    cms.posts.get(1, { context: 'admin' });
  });

  it('types trash vs force delete results', () => {
    expectTypeOf(cms.posts.delete(1)).toEqualTypeOf<Promise<Post>>();
    expectTypeOf(cms.posts.delete(1, { force: false })).toEqualTypeOf<Promise<Post>>();
    expectTypeOf(cms.posts.delete(1, { force: true })).toEqualTypeOf<Promise<Deleted<Post>>>();
  });

  it('requires force: true to delete a revision', () => {
    cms.posts.revisions.delete(1, 2, { force: true });
    // @ts-expect-error force is required
    cms.posts.revisions.delete(1, 2);
    // @ts-expect-error force must be true
    cms.pages.revisions.delete(1, 2, { force: false });
    // @ts-expect-error revisions cannot be trashed
    cms.templates.revisions.delete('twentytwentyfour//index', 2, {});
  });

  it('keys request() by the route table', () => {
    expectTypeOf(cms.request('GET /cms/v2/posts/{id}', { id: 5 })).resolves.toEqualTypeOf<Post>();
    // @ts-expect-error unknown route key
    cms.request('GET /cms/v2/nope', {});
    // @ts-expect-error the id is required
    cms.request('GET /cms/v2/posts/{id}', {});
  });

  it('template ids are strings, content ids numbers', () => {
    // @ts-expect-error template ids are strings
    cms.templates.revisions.list(5);
    // @ts-expect-error post ids are numbers
    cms.posts.get('5');
  });
});
