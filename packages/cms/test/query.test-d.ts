/**
 * `@viewlink/cms/query` types: query keys carry the data type (TanStack's `DataTag`), so
 * `getQueryData(key)` and `fetchQuery(options)` are typed; list data is `CmsPageData` of the
 * resource's record, infinite data pages of it; errors are `ViewlinkError`.
 */
import type { dataTagSymbol, InfiniteData, QueryClient } from '@tanstack/query-core';
import { describe, expectTypeOf, it } from 'vitest';
import type { CmsClient } from '../src/client.js';
import type { ViewlinkError } from '../src/core/errors.js';
import { type CmsPageData, cmsQueries } from '../src/query.js';
import type { Post } from '../src/resources/posts.js';
import type { Template } from '../src/resources/templates.js';

declare const cms: CmsClient;
declare const client: QueryClient;
const queries = cmsQueries(cms);

describe('query options types', () => {
  it('keys carry the data type', async () => {
    expectTypeOf(await client.fetchQuery(queries.posts.get(1))).toExtend<Post>();
    expectTypeOf(client.getQueryData(queries.posts.get(1).queryKey)).toExtend<Post | undefined>();
    const page = await client.fetchQuery(queries.posts.list({ per_page: 10 }));
    expectTypeOf(page).toExtend<CmsPageData<Post>>();
    expectTypeOf(page.nextPage).toEqualTypeOf<number | undefined>();
    expectTypeOf(await client.fetchQuery(queries.templates.get('twentytwentyfour//index'))).toExtend<Template>();
  });

  it('infinite options give pages of plain data; errors are ViewlinkError', async () => {
    const feed = await client.fetchInfiniteQuery(queries.posts.infinite({ per_page: 10 }));
    expectTypeOf(feed).toExtend<InfiniteData<CmsPageData<Post>, number>>();
    expectTypeOf(client.getQueryState(queries.posts.list().queryKey)?.error).toEqualTypeOf<
      ViewlinkError | null | undefined
    >();
    // `page` belongs to the infinite query itself.
    // @ts-expect-error
    queries.posts.infinite({ page: 2 });
  });

  it('data follows context, _fields and _embed as the client method does (view by default)', async () => {
    const page = await client.fetchQuery(queries.posts.list({ per_page: 10 }));
    expectTypeOf(page.items[0]?.content?.rendered).toEqualTypeOf<string | undefined>();
    const edit = await client.fetchQuery(queries.posts.get(1, { context: 'edit' }));
    expectTypeOf(edit.content?.raw).toEqualTypeOf<string | undefined>();
    const view = await client.fetchQuery(queries.pages.get(1));
    // @ts-expect-error `raw` is edit-context only
    view.content?.raw;
    const fields = await client.fetchQuery(queries.posts.list({ _fields: ['id', 'title'] }));
    expectTypeOf(fields.items[0]).toEqualTypeOf<
      Awaited<ReturnType<typeof cms.posts.list<'view', 'id' | 'title'>>>['items'][number] | undefined
    >();
    // @ts-expect-error `content` was not asked for
    fields.items[0]?.content;
    // @ts-expect-error not a field of a post
    queries.posts.list({ _fields: ['nope'] });
    const embedded = await client.fetchQuery(queries.posts.get(1, { _embed: ['author'] }));
    expectTypeOf(embedded._embedded?.author).not.toBeUndefined();
    const feed = await client.fetchInfiniteQuery(queries.posts.infinite({ context: 'edit' }));
    expectTypeOf(feed.pages[0]?.items[0]?.title?.raw).toEqualTypeOf<string | undefined>();
    const revision = await client.fetchQuery(queries.posts.revisions.get(1, 2, { context: 'edit' }));
    expectTypeOf(revision.content?.raw).toEqualTypeOf<string | undefined>();
    const autosaves = await client.fetchQuery(queries.pages.autosaves.list(1, { context: 'edit' }));
    expectTypeOf(autosaves[0]?.content?.raw).toEqualTypeOf<string | undefined>();
  });

  it("every resource's options type their data and ids as its client methods do", async () => {
    type Data<O> = O extends { queryKey: { [dataTagSymbol]: infer T } } ? T : never;
    expectTypeOf<Data<ReturnType<typeof queries.media.get<'edit'>>>>().toEqualTypeOf<
      Awaited<ReturnType<typeof cms.media.get<'edit'>>>
    >();
    expectTypeOf<Data<ReturnType<typeof queries.menuItems.list<'view', 'id' | 'title'>>>['items']>().toEqualTypeOf<
      Awaited<ReturnType<typeof cms.menuItems.list<'view', 'id' | 'title'>>>['items']
    >();
    expectTypeOf<Data<ReturnType<typeof queries.blocks.infinite<'edit'>>>['pages'][number]['items']>().toEqualTypeOf<
      Awaited<ReturnType<typeof cms.blocks.list<'edit'>>>['items']
    >();
    expectTypeOf<Data<ReturnType<typeof queries.blocks.revisions.list<'view'>>>['items']>().toEqualTypeOf<
      Awaited<ReturnType<typeof cms.blocks.revisions.list<'view'>>>['items']
    >();
    expectTypeOf<Data<ReturnType<typeof queries.blocks.autosaves.get<'embed'>>>>().toEqualTypeOf<
      Awaited<ReturnType<typeof cms.blocks.autosaves.get<'embed'>>>
    >();
    expectTypeOf<Data<ReturnType<typeof queries.menuItems.autosaves.list<'edit'>>>>().toEqualTypeOf<
      Awaited<ReturnType<typeof cms.menuItems.autosaves.list<'edit'>>>
    >();
    expectTypeOf<Data<ReturnType<typeof queries.templates.list<'edit'>>>>().toEqualTypeOf<
      Awaited<ReturnType<typeof cms.templates.list<'edit'>>>
    >();
    expectTypeOf<Data<ReturnType<typeof queries.templates.revisions.get<'edit'>>>>().toEqualTypeOf<
      Awaited<ReturnType<typeof cms.templates.revisions.get<'edit'>>>
    >();
    expectTypeOf<Data<ReturnType<typeof queries.templates.autosaves.list<'view', 'id'>>>>().toEqualTypeOf<
      Awaited<ReturnType<typeof cms.templates.autosaves.list<'view', 'id'>>>
    >();
    // Ids as the client methods take them: numbers, and a template's `theme//slug` string.
    queries.media.get(1);
    // @ts-expect-error a media item's id is a number
    queries.media.get('1');
    queries.templates.revisions.list('twentytwentyfour//index');
    // @ts-expect-error a template's id is its `theme//slug` string
    queries.templates.revisions.list(1);
    queries.templates.autosaves.get('twentytwentyfour//index', 2);
    // @ts-expect-error a template's id is its `theme//slug` string
    queries.templates.autosaves.get(1, 2);
    // @ts-expect-error a template's id is its `theme//slug` string
    queries.templates.get(1);
  });
});
