/**
 * The result type of every read follows `context`, `_fields` and `_embed` (issue 13, item 4):
 * edit has `raw`, view has not, embed is the reduced record; `_fields` narrows to exactly the
 * fields listed; `_embed` gives a typed `_embedded`, and without it there is none.
 */

import type { EmbeddedMedia, EmbeddedTerm, EmbeddedUser, EmbedError } from '@viewlink/schemas';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  BlockView,
  CmsClient,
  EmbeddedPart,
  Fields,
  ListRecords,
  MediaEdit,
  MenuItemView,
  Page,
  PagePromise,
  PostEdit,
  PostEmbed,
  PostListQuery,
  PostShapes,
  PostView,
  RevisionEdit,
  RevisionView,
  SitePageEmbed,
  Template,
  TemplateEdit,
} from '../src/index.js';

declare const cms: CmsClient;

describe('context', () => {
  it('view (the default) has no raw parts and no edit-only fields', async () => {
    const post = await cms.posts.get(1);
    expectTypeOf(post).toEqualTypeOf<PostView>();
    expectTypeOf(await cms.posts.get(1, { context: 'view' })).toEqualTypeOf<PostView>();
    expectTypeOf(post.title).toEqualTypeOf<{ rendered?: string | undefined } | undefined>();
    // @ts-expect-error no raw in view context
    post.title?.raw;
    // @ts-expect-error password is edit-only
    post.password;
    // @ts-expect-error no _embedded without _embed
    post._embedded;
  });

  it('edit has raw parts and the edit-only fields', async () => {
    const post = await cms.posts.get(1, { context: 'edit' });
    expectTypeOf(post).toEqualTypeOf<PostEdit>();
    expectTypeOf(post.title?.raw).toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<PostEdit['title']>['raw']>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<PostEdit['content']>['raw']>().toEqualTypeOf<string>();
    expectTypeOf(post.password).toEqualTypeOf<string | undefined>();
    expectTypeOf(post.generated_slug).toEqualTypeOf<string | undefined>();
  });

  it('embed is the reduced record WordPress 6.5.5 embeds', async () => {
    const post = await cms.posts.get(1, { context: 'embed' });
    expectTypeOf(post).toEqualTypeOf<PostEmbed>();
    expectTypeOf<keyof PostEmbed>().toEqualTypeOf<
      'id' | 'date' | 'slug' | 'type' | 'link' | 'title' | 'author' | 'excerpt' | 'featured_media' | '_links'
    >();
    // @ts-expect-error content is not sent in embed context
    post.content;
    expectTypeOf(await cms.pages.get(1, { context: 'embed' })).toEqualTypeOf<SitePageEmbed>();
  });

  it('a context not known statically gives the union of the records', async () => {
    const context = 'edit' as 'view' | 'edit';
    expectTypeOf(await cms.posts.get(1, { context })).toEqualTypeOf<PostView | PostEdit>();
  });

  it('applies to every read: lists, pages, media, menu items, blocks, templates, revisions, autosaves', async () => {
    expectTypeOf(cms.posts.list()).toEqualTypeOf<PagePromise<PostView>>();
    expectTypeOf(cms.posts.list({ context: 'edit', per_page: 5 })).toEqualTypeOf<PagePromise<PostEdit>>();
    expectTypeOf(await cms.media.get(1, { context: 'edit' })).toEqualTypeOf<MediaEdit>();
    expectTypeOf((await cms.menuItems.list()).items).toEqualTypeOf<MenuItemView[]>();
    // A reusable block's title is `raw` only, in view context too (WordPress 6.5.5).
    expectTypeOf(await cms.blocks.get(1)).toEqualTypeOf<BlockView>();
    expectTypeOf((await cms.blocks.get(1)).title?.raw).toEqualTypeOf<string | undefined>();
    expectTypeOf(await cms.templates.get('t//x')).toEqualTypeOf<Template>();
    expectTypeOf(await cms.templates.list({ context: 'edit' })).toEqualTypeOf<TemplateEdit[]>();
    expectTypeOf(cms.posts.revisions.list(1)).toEqualTypeOf<PagePromise<RevisionView>>();
    expectTypeOf(await cms.pages.revisions.get(1, 2, { context: 'edit' })).toEqualTypeOf<RevisionEdit>();
    expectTypeOf(await cms.posts.autosaves.list(1)).toEqualTypeOf<RevisionView[]>();
    expectTypeOf(await cms.posts.autosaves.get(1, 2, { context: 'edit' })).toEqualTypeOf<RevisionEdit>();
    // @ts-expect-error no raw in view context
    (await cms.pages.revisions.get(1, 2)).title?.raw;
  });

  it('refuses unknown contexts and query keys, nested ones included', () => {
    // @ts-expect-error not a context
    cms.posts.get(1, { context: 'admin' });
    // @ts-expect-error not a posts query parameter, next to a known one
    cms.posts.list({ per_page: 10, popularity: 1 });
    // @ts-expect-error exclude term queries take no operator
    cms.posts.list({ categories_exclude: { terms: [1], operator: 'AND' } });
  });
});

describe('_fields', () => {
  it('returns exactly the fields listed, each present', async () => {
    const post = await cms.posts.get(1, { _fields: ['id', 'title'] });
    expectTypeOf(post).toEqualTypeOf<Fields<PostView, 'id' | 'title'>>();
    expectTypeOf<keyof typeof post>().toEqualTypeOf<'id' | 'title'>();
    expectTypeOf(post.id).toEqualTypeOf<number>();
    expectTypeOf(post.title).toEqualTypeOf<{ rendered?: string | undefined }>();
    // @ts-expect-error not among the fields asked for
    post.slug;
  });

  it('narrows list items, and follows the context', async () => {
    const page = await cms.posts.list({ context: 'edit', _fields: ['title', 'password'] });
    expectTypeOf(page).toEqualTypeOf<Page<Fields<PostEdit, 'title' | 'password'>>>();
    expectTypeOf(page.items[0]?.title.raw).toEqualTypeOf<string | undefined>();
    // A field the context does not send is left out (WordPress does not send it either).
    const view = await cms.posts.get(1, { _fields: ['id', 'password'] });
    expectTypeOf<keyof typeof view>().toEqualTypeOf<'id'>();
  });

  it('a dotted name keeps its top-level field, every part optional', async () => {
    const post = await cms.posts.get(1, { _fields: ['id', 'title.rendered'] });
    expectTypeOf(post.title).toEqualTypeOf<{ rendered?: string | undefined }>();
    expectTypeOf<keyof typeof post>().toEqualTypeOf<'id' | 'title'>();
  });

  it('a query typed by its interface (not a literal) is accepted; its fields are not narrowed', async () => {
    const query: PostListQuery = { per_page: 5, _fields: ['id'] };
    const page = await cms.posts.list(query);
    expectTypeOf<(typeof page.items)[number]>().toMatchTypeOf<PostView | PostEdit | PostEmbed>();
    // Not narrowed to `id`: every field stays as optional as the record has it.
    expectTypeOf<(typeof page.items)[number]['title']>().toMatchTypeOf<{ rendered?: string | undefined } | undefined>();
  });

  it('refuses field names the record does not have', () => {
    // @ts-expect-error not a post field
    cms.posts.list({ _fields: ['id', 'titel'] });
    // @ts-expect-error menu_order is a page field
    cms.posts.get(1, { _fields: ['menu_order'] });
    cms.pages.get(1, { _fields: ['menu_order'] });
    // @ts-expect-error not a template field
    cms.templates.get('t//x', { _fields: ['sticky'] });
    const names: string[] = ['id'];
    // @ts-expect-error a plain string[] is not a list of field names (narrow it, e.g. `as const`)
    cms.posts.list({ _fields: names });
  });
});

describe('_embed', () => {
  it('true gives a typed _embedded with the relations the type embeds', async () => {
    const post = await cms.posts.get(1, { _embed: true });
    expectTypeOf(post).toEqualTypeOf<PostView & EmbeddedPart<PostShapes['relations']>>();
    const embedded = post._embedded;
    expectTypeOf(embedded?.author).toEqualTypeOf<(EmbeddedUser | EmbedError)[] | undefined>();
    expectTypeOf(embedded?.['wp:featuredmedia']).toEqualTypeOf<(EmbeddedMedia | EmbedError)[] | undefined>();
    expectTypeOf(embedded?.['wp:term']).toEqualTypeOf<(EmbeddedTerm[] | EmbedError)[] | undefined>();
    // @ts-expect-error posts have no `up` relation (a page's parent)
    embedded?.up;
  });

  it('a list of relations gives only those', async () => {
    const page = await cms.posts.list({ _embed: ['author'] });
    const embedded = page.items[0]?._embedded;
    expectTypeOf(embedded).toEqualTypeOf<Pick<import('@viewlink/schemas').Embedded, 'author'> | undefined>();
    // @ts-expect-error not asked for
    embedded?.['wp:term'];
    // @ts-expect-error not a relation posts embed
    cms.posts.list({ _embed: ['up'] });
    cms.pages.list({ _embed: ['up', 'author'] });
  });

  it('combines with _fields and context', async () => {
    const post = await cms.posts.get(1, { context: 'edit', _fields: ['id', 'title'], _embed: ['wp:featuredmedia'] });
    expectTypeOf<keyof typeof post>().toEqualTypeOf<'id' | 'title' | '_embedded'>();
    expectTypeOf(post.title.raw).toEqualTypeOf<string>();
    expectTypeOf(post._embedded?.['wp:featuredmedia']).toEqualTypeOf<(EmbeddedMedia | EmbedError)[] | undefined>();
  });
});

describe('hovers stay short and named', () => {
  it('the list method is a named call signature', () => {
    expectTypeOf(cms.posts.list).toEqualTypeOf<ListRecords<PostShapes>>();
  });
});
