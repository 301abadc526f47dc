import { describe, expectTypeOf, it } from 'vitest';
import type { CmsClient, Deleted, Media, MenuItem, Page, PagePromise, Post, PostView, Template } from '../src/index.js';

declare const cms: CmsClient;

describe('CmsClient types', () => {
  it('lists posts as an awaitable, async-iterable page promise', () => {
    const list = cms.posts.list({ per_page: 100, orderby: 'title', order: 'asc' });
    // Without `context`, `_fields` or `_embed`: the view-context record (see shape.test-d.ts).
    expectTypeOf(list).toEqualTypeOf<PagePromise<PostView>>();
    expectTypeOf<Awaited<typeof list>>().toEqualTypeOf<Page<PostView>>();
    expectTypeOf(list).toMatchTypeOf<AsyncIterable<PostView>>();
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

  it('refuses unknown keys and fields of other types at compile time', () => {
    // @ts-expect-error not a posts query parameter
    cms.posts.list({ popularity: 1 });
    // @ts-expect-error parent is a page field, not a post field
    cms.posts.create({ title: 'x', parent: 1 });
    // @ts-expect-error sticky is a post field, not a page field
    cms.pages.update(1, { sticky: true });
    // @ts-expect-error rendered is read-only
    cms.posts.update(1, { title: { rendered: 'x' } });
    // @ts-expect-error exclude term queries take no operator
    cms.posts.list({ categories_exclude: { terms: [1], operator: 'AND' } });
    cms.posts.list({ categories: { terms: [1], operator: 'AND', include_children: true }, tags_exclude: [3] });
    // @ts-expect-error media statuses are inherit, private, trash
    cms.media.list({ status: ['publish'] });
  });

  it('item GETs take excerpt_length and password only on posts, pages and blocks', () => {
    cms.posts.get(1, { context: 'edit', excerpt_length: 20, password: 'p' });
    cms.pages.get(1, { excerpt_length: 20 });
    cms.blocks.get(1, { password: 'p' });
    cms.media.get(1, { context: 'embed' });
    // @ts-expect-error media item GETs take context only
    cms.media.get(1, { excerpt_length: 20 });
    // @ts-expect-error menu item GETs take context only
    cms.menuItems.get(1, { password: 'p' });
  });

  it('menu item updates need none of the create defaults', () => {
    expectTypeOf(cms.menuItems.update(1, { title: 'Renamed' })).toEqualTypeOf<Promise<MenuItem>>();
    // @ts-expect-error target is _blank or empty
    cms.menuItems.update(1, { target: '_self' });
  });

  it('types media edits and uploads', () => {
    cms.media.edit(1, {
      src: 'https://x/a.png',
      modifiers: [{ type: 'crop', args: { left: 0, top: 0, width: 50, height: 50 } }],
    });
    // @ts-expect-error src is required
    cms.media.edit(1, { modifiers: [{ type: 'rotate', args: { angle: 90 } }] });
    // @ts-expect-error unknown modifier type
    cms.media.edit(1, { src: 'https://x/a.png', modifiers: [{ type: 'zoom', args: {} }] });
    // @ts-expect-error post-process only knows create-image-subsizes
    cms.media.postProcess(1, { action: 'resize' });
    expectTypeOf(cms.media.upload(new Blob(['x']), { filename: 'a.txt' })).toEqualTypeOf<Promise<Media>>();
  });

  it('types template deletes like content deletes', () => {
    expectTypeOf(cms.templates.delete('t//x')).toEqualTypeOf<Promise<Template>>();
    expectTypeOf(cms.templates.delete('t//x', { force: true })).toEqualTypeOf<Promise<Deleted<Template>>>();
  });

  it('types oEmbed queries', () => {
    cms.oembed.embed({ url: 'https://x/p', maxwidth: 400 });
    // @ts-expect-error url is required
    cms.oembed.embed({ maxwidth: 400 });
    // @ts-expect-error format is json or xml
    cms.oembed.proxy({ url: 'https://x/p', format: 'yaml' });
  });
});
