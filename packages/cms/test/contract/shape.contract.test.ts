/**
 * `context`, `_fields` and `_embed` on the server (issue 13, item 4; the types are pinned in
 * ../shape.test-d.ts): through the typed methods, `edit` records carry `raw` parts and `view`
 * records do not, `embed` records have exactly the fields the client's `*Embed` types list,
 * `_fields` returns exactly the fields asked for and those validate, and `_embed` returns the
 * author, the featured media and the terms in `_embedded`, as the client types them.
 */
import type { MediaEmbed, PostEmbed, RevisionEmbed, SitePageEmbed } from '@viewlink/cms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from './png.js';
import { clientFor, targets, unique } from './targets.js';

/** Fields of each record type in embed context, as the client's types list them. */
const POST_EMBED = [
  '_links',
  'author',
  'date',
  'excerpt',
  'featured_media',
  'id',
  'link',
  'slug',
  'title',
  'type',
] as const satisfies readonly (keyof PostEmbed)[];
const PAGE_EMBED = POST_EMBED satisfies readonly (keyof SitePageEmbed)[];
const MEDIA_EMBED = [
  '_links',
  'alt_text',
  'author',
  'caption',
  'date',
  'featured_media',
  'id',
  'link',
  'media_details',
  'media_type',
  'mime_type',
  'slug',
  'source_url',
  'title',
  'type',
] as const satisfies readonly (keyof MediaEmbed)[];
const REVISION_EMBED = [
  '_links',
  'author',
  'date',
  'excerpt',
  'id',
  'parent',
  'slug',
  'title',
] as const satisfies readonly (keyof RevisionEmbed)[];

const keys = (record: object) => Object.keys(record).sort();

describe.each(targets())('context, _fields and _embed on $name', (target) => {
  const cms = clientFor(target);
  const cleanup: (() => Promise<unknown>)[] = [];
  let postId = 0;
  let pageId = 0;
  let childId = 0;
  let mediaId = 0;
  let revisionId = 0;
  let authorId = 0;

  beforeAll(async () => {
    const title = unique('shape');
    const media = await cms.media.upload(png(4, 4), { filename: `${title}.png`, contentType: 'image/png' });
    mediaId = media.id;
    cleanup.push(() => cms.media.delete(mediaId, { force: true }));
    const post = await cms.posts.create({
      title,
      content: `<!-- wp:paragraph --><p>${title}</p><!-- /wp:paragraph -->`,
      excerpt: 'An excerpt',
      status: 'publish',
      featured_media: mediaId,
    });
    postId = post.id;
    authorId = post.author as number;
    cleanup.push(() => cms.posts.delete(postId, { force: true }));
    await cms.posts.update(postId, { content: 'second' });
    revisionId = (await cms.posts.revisions.list(postId)).items[0]?.id as number;
    const page = await cms.pages.create({ title: `${title} parent`, status: 'publish' });
    pageId = page.id;
    const child = await cms.pages.create({ title: `${title} child`, status: 'publish', parent: pageId } as never);
    childId = child.id;
    cleanup.push(
      () => cms.pages.delete(childId, { force: true }),
      () => cms.pages.delete(pageId, { force: true }),
    );
  }, 120_000);

  afterAll(async () => {
    for (const step of cleanup) await step().catch(() => undefined);
  });

  describe('context', () => {
    it('view (the default) sends no raw parts and no edit-only fields', async () => {
      const post = await cms.posts.get(postId);
      expect(post.title).not.toHaveProperty('raw');
      expect(post.content).not.toHaveProperty('raw');
      expect(post).not.toHaveProperty('password');
      expect(post).not.toHaveProperty('generated_slug');
      const [listed] = (await cms.posts.list({ include: [postId] })).items;
      expect(listed?.title).not.toHaveProperty('raw');
    });

    it('edit sends raw parts and the edit-only fields', async () => {
      const post = await cms.posts.get(postId, { context: 'edit' });
      expect(typeof post.title?.raw).toBe('string');
      expect(post.content?.raw).toBe('second');
      expect(typeof post.generated_slug).toBe('string');
      expect(post).toHaveProperty('password');
      const media = await cms.media.get(mediaId, { context: 'edit' });
      expect(typeof media.caption?.raw).toBe('string');
      const revision = await cms.posts.revisions.get(postId, revisionId, { context: 'edit' });
      expect(typeof revision.content?.raw).toBe('string');
    });

    it('embed sends exactly the fields of the client embed types', async () => {
      expect(keys(await cms.posts.get(postId, { context: 'embed' }))).toEqual([...POST_EMBED].sort());
      expect(keys(await cms.pages.get(pageId, { context: 'embed' }))).toEqual([...PAGE_EMBED].sort());
      expect(keys(await cms.media.get(mediaId, { context: 'embed' }))).toEqual([...MEDIA_EMBED].sort());
      const revision = await cms.posts.revisions.get(postId, revisionId, { context: 'embed' });
      expect(keys(revision)).toEqual([...REVISION_EMBED].sort());
      const embedded = await cms.posts.get(postId, { context: 'embed' });
      expect(embedded.title).toEqual({ rendered: expect.any(String) });
    });
  });

  describe('_fields', () => {
    it('returns exactly the fields asked for, on items and lists', async () => {
      const post = await cms.posts.get(postId, { _fields: ['id', 'title'] });
      expect(keys(post)).toEqual(['id', 'title']);
      expect(post.id).toBe(postId);
      const page = await cms.posts.list({ include: [postId], _fields: ['slug', 'status'] });
      expect(page.items.map(keys)).toEqual([['slug', 'status']]);
    });

    it('follows the context: edit with _fields sends the raw part', async () => {
      const post = await cms.posts.get(postId, { context: 'edit', _fields: ['content'] });
      expect(post).toEqual({ content: expect.objectContaining({ raw: 'second' }) });
    });

    it('a dotted name returns that part of the field', async () => {
      const post = await cms.posts.get(postId, { _fields: ['id', 'title.rendered'] });
      expect(post).toEqual({ id: postId, title: { rendered: expect.any(String) } });
    });

    it('narrows every read: pages, media, menu items, blocks, templates, revisions, autosaves', async () => {
      expect(keys(await cms.pages.get(pageId, { _fields: ['parent'] }))).toEqual(['parent']);
      expect(keys(await cms.media.get(mediaId, { _fields: ['source_url'] }))).toEqual(['source_url']);
      const revisions = await cms.posts.revisions.list(postId, { _fields: ['id', 'parent'] });
      expect(revisions.items.every((r) => keys(r).join() === 'id,parent' && r.parent === postId)).toBe(true);
      expect(keys(await cms.posts.revisions.get(postId, revisionId, { _fields: ['title'] }))).toEqual(['title']);
      const autosave = await cms.posts.autosaves.create(postId, { content: 'autosaved' });
      const autosaves = await cms.posts.autosaves.list(postId, { _fields: ['id'] });
      expect(autosaves).toEqual([{ id: autosave.id }]);
      const templates = await cms.templates.list({ _fields: ['id', 'slug'] });
      expect(templates.length).toBeGreaterThan(0);
      expect(templates.every((t) => keys(t).join() === 'id,slug')).toBe(true);
      const menuItem = await cms.menuItems.create({ title: unique('item'), url: 'https://example.com/' });
      cleanup.push(() => cms.menuItems.delete(menuItem.id, { force: true }));
      expect(keys(await cms.menuItems.get(menuItem.id, { _fields: ['url'] }))).toEqual(['url']);
      const block = await cms.blocks.create({ title: unique('block'), content: 'x', status: 'publish' });
      cleanup.push(() => cms.blocks.delete(block.id, { force: true }));
      expect(keys(await cms.blocks.get(block.id, { _fields: ['slug'] }))).toEqual(['slug']);
    });
  });

  describe('_embed', () => {
    it('true embeds the author, the featured media and the terms', async () => {
      const post = await cms.posts.get(postId, { _embed: true });
      const embedded = post._embedded;
      const [author] = embedded?.author ?? [];
      expect(author).toMatchObject({ id: authorId, name: expect.any(String), link: expect.any(String) });
      const [media] = embedded?.['wp:featuredmedia'] ?? [];
      expect(media).toMatchObject({ id: mediaId, source_url: expect.any(String), media_type: 'image' });
      const terms = embedded?.['wp:term'] ?? [];
      // One list per taxonomy linked (categories, tags); the post is in the default category.
      expect(terms.length).toBeGreaterThan(0);
      const categories = terms.find((list) => Array.isArray(list) && list.some((t) => t.taxonomy === 'category'));
      expect(categories).toEqual([expect.objectContaining({ taxonomy: 'category', name: expect.any(String) })]);
    });

    it('a list of relations embeds only those, on lists too', async () => {
      const page = await cms.posts.list({ include: [postId], _embed: ['author'] });
      expect(Object.keys(page.items[0]?._embedded ?? {})).toEqual(['author']);
      const child = await cms.pages.get(childId, { _embed: ['up'] });
      expect(child._embedded?.up?.[0]).toMatchObject({ id: pageId });
    });

    it('with _fields: the fields asked for and `_embedded`', async () => {
      const post = await cms.posts.get(postId, { _fields: ['id', 'title'], _embed: ['wp:featuredmedia'] });
      expect(post.id).toBe(postId);
      expect(post._embedded?.['wp:featuredmedia']?.[0]).toMatchObject({ id: mediaId });
      expect(keys(post).filter((key) => key !== '_links')).toEqual(['_embedded', 'id', 'title']);
    });

    it('without _embed there is no _embedded', async () => {
      expect(await cms.posts.get(postId)).not.toHaveProperty('_embedded');
    });
  });
});
