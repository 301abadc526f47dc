/**
 * The record and shapes types of posts, pages, blocks, media, menu items, templates and
 * revisions, each spelled out as users meet it, so that folding their declarations into one
 * generic definition (issue 22, item 2's twins) cannot change what any name means.
 */

import type { ContextQuery, ItemQuery, PagesQuery, PostsQuery, Revision, RevisionsQuery } from '@viewlink/schemas';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  BlockEdit,
  BlockEmbed,
  BlockGetFilters,
  BlockListFilters,
  BlockRevisionEmbed,
  BlockRevisionShapes,
  BlockRevisionView,
  BlockShapes,
  BlockView,
  CmsClient,
  ContentEdit,
  ContentShapes,
  ContentView,
  ExcerptEdit,
  ExcerptView,
  MediaEdit,
  MediaEmbed,
  MediaGetFilters,
  MediaListFilters,
  MediaShapes,
  MediaView,
  MenuItemEdit,
  MenuItemEmbed,
  MenuItemGetFilters,
  MenuItemListFilters,
  MenuItemShapes,
  MenuItemView,
  PageGetFilters,
  PageListFilters,
  PagePromise,
  PageShapes,
  Post,
  PostEdit,
  PostEmbed,
  PostGetFilters,
  PostListFilters,
  PostShapes,
  PostView,
  RecordShapes,
  RenderedEdit,
  RenderedView,
  RevisionEdit,
  RevisionEmbed,
  RevisionGetFilters,
  RevisionListFilters,
  RevisionReadShapes,
  RevisionShapes,
  RevisionView,
  SitePage,
  SitePageEdit,
  SitePageEmbed,
  SitePageView,
  Template,
  TemplateEdit,
  TemplateEmbed,
  TemplateGetFilters,
  TemplateListFilters,
  TemplateRevisionListFilters,
  TemplateRevisionShapes,
  TemplateShapes,
} from '../src/index.js';

/** The four `{ raw, rendered }` fields as the view context sends them. */
type ViewParts = {
  guid?: RenderedView | undefined;
  title?: RenderedView | undefined;
  content?: ContentView | undefined;
  excerpt?: ExcerptView | undefined;
};
/** The same fields as the edit context sends them. */
type EditParts = {
  guid?: RenderedEdit | undefined;
  title?: RenderedEdit | undefined;
  content?: ContentEdit | undefined;
  excerpt?: ExcerptEdit | undefined;
};
type Parts = keyof ViewParts;
type EditOnly = 'password' | 'permalink_template' | 'generated_slug';
/** A shapes interface as each resource used to declare it. */
type ShapesOf<V, E, M, R, L, G> = {
  readonly view: V;
  readonly edit: E;
  readonly embed: M;
  readonly relations: R;
  readonly listFilters: L;
  readonly getFilters: G;
};
type PostEmbedFields = 'id' | 'date' | 'slug' | 'type' | 'link' | 'title' | 'author' | 'excerpt' | 'featured_media';

// `.branded`: compared field by field (an interface is never *identical* to an intersection).
describe('records in each context', () => {
  it('posts and pages: view without the edit-only fields, rendered parts as HTML; edit with raw', () => {
    expectTypeOf<PostView>().branded.toEqualTypeOf<Omit<Post, EditOnly | Parts> & ViewParts>();
    expectTypeOf<PostEdit>().branded.toEqualTypeOf<Omit<Post, Parts> & EditParts>();
    expectTypeOf<PostEmbed>().toEqualTypeOf<Pick<PostView, PostEmbedFields | '_links'>>();
    expectTypeOf<SitePageView>().branded.toEqualTypeOf<Omit<SitePage, EditOnly | Parts> & ViewParts>();
    expectTypeOf<SitePageEdit>().branded.toEqualTypeOf<Omit<SitePage, Parts> & EditParts>();
    expectTypeOf<SitePageEmbed>().toEqualTypeOf<Pick<SitePageView, PostEmbedFields | '_links'>>();
    // Written by hand per resource before: the parts, their docs' subjects, and what an edit record drops.
    expectTypeOf<PostView['title']>().toEqualTypeOf<{ rendered?: string | undefined } | undefined>();
    expectTypeOf<NonNullable<PostEdit['content']>['raw']>().toEqualTypeOf<string>();
    expectTypeOf<PostEdit['password']>().toEqualTypeOf<Post['password']>();
    expectTypeOf<SitePageEdit['parent']>().toEqualTypeOf<SitePage['parent']>();
  });

  it('revisions and autosaves: the same parts over a revision, no preview link in view context', () => {
    expectTypeOf<RevisionView>().branded.toEqualTypeOf<Omit<Revision, 'preview_link' | Parts> & ViewParts>();
    expectTypeOf<RevisionEdit>().branded.toEqualTypeOf<Omit<Revision, Parts> & EditParts>();
    expectTypeOf<RevisionEmbed>().toEqualTypeOf<
      Pick<RevisionView, 'author' | 'date' | 'id' | 'parent' | 'slug' | 'title' | 'excerpt' | '_links'>
    >();
    expectTypeOf<BlockRevisionView>().branded.toEqualTypeOf<
      Omit<Revision, 'preview_link' | 'guid'> & Pick<ViewParts, 'guid'>
    >();
  });
});

describe('shapes: records, relations and read queries of each resource', () => {
  it('names the same records, relations and filters as each resource declared them', () => {
    expectTypeOf<PostShapes>().toEqualTypeOf<
      ShapesOf<
        PostView,
        PostEdit,
        PostEmbed,
        'author' | 'wp:featuredmedia' | 'wp:term' | 'replies',
        PostListFilters,
        PostGetFilters
      >
    >();
    expectTypeOf<PageShapes>().toEqualTypeOf<
      ShapesOf<
        SitePageView,
        SitePageEdit,
        SitePageEmbed,
        'author' | 'wp:featuredmedia' | 'up' | 'replies',
        PageListFilters,
        PageGetFilters
      >
    >();
    expectTypeOf<BlockShapes>().toEqualTypeOf<
      ShapesOf<BlockView, BlockEdit, BlockEmbed, never, BlockListFilters, BlockGetFilters>
    >();
    expectTypeOf<MediaShapes>().toEqualTypeOf<
      ShapesOf<MediaView, MediaEdit, MediaEmbed, 'author' | 'replies', MediaListFilters, MediaGetFilters>
    >();
    expectTypeOf<MenuItemShapes>().toEqualTypeOf<
      ShapesOf<
        MenuItemView,
        MenuItemEdit,
        MenuItemEmbed,
        'wp:term' | 'wp:menu-item-object',
        MenuItemListFilters,
        MenuItemGetFilters
      >
    >();
    expectTypeOf<TemplateShapes>().toEqualTypeOf<
      ShapesOf<Template, TemplateEdit, TemplateEmbed, never, TemplateListFilters, TemplateGetFilters>
    >();
    expectTypeOf<TemplateRevisionShapes>().toEqualTypeOf<
      ShapesOf<Template, TemplateEdit, TemplateEmbed, never, TemplateRevisionListFilters, TemplateGetFilters>
    >();
    expectTypeOf<RevisionShapes>().toEqualTypeOf<
      ShapesOf<RevisionView, RevisionEdit, RevisionEmbed, never, RevisionListFilters, RevisionGetFilters>
    >();
    expectTypeOf<BlockRevisionShapes>().toEqualTypeOf<
      ShapesOf<BlockRevisionView, RevisionEdit, BlockRevisionEmbed, never, RevisionListFilters, RevisionGetFilters>
    >();
  });

  it('the filters are the generated queries without the shaping keys', () => {
    type Shaping = 'context' | '_fields' | '_embed';
    expectTypeOf<PostListFilters>().toEqualTypeOf<Omit<PostsQuery, Shaping>>();
    expectTypeOf<PageListFilters>().toEqualTypeOf<Omit<PagesQuery, Shaping>>();
    expectTypeOf<PostGetFilters>().toEqualTypeOf<Omit<ItemQuery, Shaping>>();
    expectTypeOf<RevisionListFilters>().toEqualTypeOf<Omit<RevisionsQuery, Shaping>>();
    expectTypeOf<RevisionGetFilters>().toEqualTypeOf<Omit<ContextQuery, Shaping>>();
  });

  it('the constraints, named without arguments, take any records and queries', () => {
    type Any = ShapesOf<object, object, object, string, object, object>;
    expectTypeOf<ContentShapes>().toEqualTypeOf<Any>();
    expectTypeOf<RevisionReadShapes>().toEqualTypeOf<Any>();
    expectTypeOf<RecordShapes>().toEqualTypeOf<Omit<Any, 'listFilters' | 'getFilters'>>();
    expectTypeOf<PostShapes>().toMatchTypeOf<ContentShapes>();
    expectTypeOf<TemplateRevisionShapes>().toMatchTypeOf<RevisionReadShapes>();
  });
});

describe('reads typed by the shapes', () => {
  const cms = {} as CmsClient;
  it('follow context, _fields and _embed on posts, pages, blocks, templates, revisions and autosaves', async () => {
    expectTypeOf(cms.posts.list({ context: 'embed' })).toEqualTypeOf<PagePromise<PostEmbed>>();
    expectTypeOf(cms.pages.list({ context: 'edit' })).toEqualTypeOf<PagePromise<SitePageEdit>>();
    expectTypeOf(await cms.pages.get(1, { _fields: ['id', 'menu_order'] })).toEqualTypeOf<{
      id: number;
      menu_order: number;
    }>();
    expectTypeOf(cms.blocks.list({ context: 'edit' })).toEqualTypeOf<PagePromise<BlockEdit>>();
    expectTypeOf(await cms.templates.get('t//x', { context: 'embed' })).toEqualTypeOf<TemplateEmbed>();
    expectTypeOf(cms.templates.revisions.list('t//x', { context: 'edit' })).toEqualTypeOf<PagePromise<TemplateEdit>>();
    expectTypeOf(cms.blocks.revisions.list(1)).toEqualTypeOf<PagePromise<BlockRevisionView>>();
    expectTypeOf(await cms.blocks.autosaves.get(1, 2, { context: 'embed' })).toEqualTypeOf<BlockRevisionEmbed>();
    expectTypeOf(await cms.pages.autosaves.list(1, { _fields: ['id'] })).toEqualTypeOf<{ id: number }[]>();
    const post = await cms.posts.get(1, { _embed: ['up' as never, 'author'] });
    expectTypeOf(post._embedded).not.toBeAny();
  });
});
