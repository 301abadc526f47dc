/**
 * CRUD of posts, pages, blocks and menu items; trash versus force delete, and the error on
 * deleting an already-trashed record.
 */
import { NotFoundError } from '@viewlink/cms';
import { describe, expect, it } from 'vitest';
import { clientFor, failure, targets, unique } from './targets.js';

describe.each(targets())('content CRUD on $name', (target) => {
  const cms = clientFor(target);

  it('posts: create, get (edit context), list, update, trash, force delete', async () => {
    const title = unique('post');
    const created = await cms.posts.create({ title, content: 'Hello', status: 'publish' });
    expect(created).toMatchObject({ type: 'post', status: 'publish', title: { raw: title } });
    expect(created.id).toBeGreaterThan(0);
    const got = await cms.posts.get(created.id, { context: 'edit' });
    expect(got).toMatchObject({ id: created.id, status: 'publish', title: { raw: title } });
    const page = await cms.posts.list({ search: title });
    expect(page.items.map((p) => p.id)).toEqual([created.id]);
    expect(page).toMatchObject({ total: 1, totalPages: 1 });
    const updated = await cms.posts.update(created.id, { title: `${title} (edited)` });
    expect(updated).toMatchObject({ id: created.id, title: { raw: `${title} (edited)` } });

    const trashed = await cms.posts.delete(created.id);
    expect(trashed).toMatchObject({ id: created.id, status: 'trash' });
    // Trashed records leave the default list but an editor can still read them.
    expect((await cms.posts.list({ search: title })).items).toEqual([]);
    expect(await cms.posts.get(created.id, { context: 'edit' })).toMatchObject({ status: 'trash' });

    const deleted = await cms.posts.delete(created.id, { force: true });
    expect(deleted).toMatchObject({ deleted: true, previous: { id: created.id, status: 'trash' } });
    const gone = await failure(() => cms.posts.get(created.id));
    expect(gone).toBeInstanceOf(NotFoundError);
    expect(gone).toMatchObject({ status: 404, code: 'rest_post_invalid_id' });
  });

  it('posts: deleting an already-trashed post without force is 410 rest_already_trashed', async () => {
    const post = await cms.posts.create({ title: unique('trash-twice'), status: 'publish' });
    await cms.posts.delete(post.id);
    const error = await failure(() => cms.posts.delete(post.id));
    expect(error).toMatchObject({ status: 410, code: 'rest_already_trashed' });
    await cms.posts.delete(post.id, { force: true });
  });

  it('pages: create with parent and menu_order, update, trash, force delete', async () => {
    const parent = await cms.pages.create({ title: unique('parent'), status: 'publish' });
    const child = await cms.pages.create({ title: unique('child'), status: 'draft', parent: parent.id, menu_order: 3 });
    expect(child).toMatchObject({ type: 'page', parent: parent.id, menu_order: 3, status: 'draft' });
    expect(await cms.pages.get(child.id, { context: 'edit' })).toMatchObject({ id: child.id, parent: parent.id });
    expect(await cms.pages.update(child.id, { status: 'publish' })).toMatchObject({ status: 'publish' });
    expect(await cms.pages.delete(child.id)).toMatchObject({ status: 'trash' });
    expect(await failure(() => cms.pages.delete(child.id))).toMatchObject({
      status: 410,
      code: 'rest_already_trashed',
    });
    expect(await cms.pages.delete(child.id, { force: true })).toMatchObject({ deleted: true });
    expect(await cms.pages.delete(parent.id, { force: true })).toMatchObject({ deleted: true });
    expect(await failure(() => cms.pages.get(parent.id))).toMatchObject({ status: 404, code: 'rest_post_invalid_id' });
  });

  it('blocks: create, get, list, update, trash, force delete', async () => {
    const title = unique('block');
    const content = '<!-- wp:paragraph --><p>Reusable</p><!-- /wp:paragraph -->';
    const block = await cms.blocks.create({ title, content, status: 'publish' });
    expect(block).toMatchObject({ type: 'wp_block', status: 'publish' });
    expect(await cms.blocks.get(block.id, { context: 'edit' })).toMatchObject({
      id: block.id,
      title: { raw: title },
      content: { raw: content },
    });
    expect((await cms.blocks.list({ search: title })).items.map((b) => b.id)).toEqual([block.id]);
    expect(await cms.blocks.update(block.id, { title: `${title}!` })).toMatchObject({ title: { raw: `${title}!` } });
    expect(await cms.blocks.delete(block.id)).toMatchObject({ status: 'trash' });
    expect(await cms.blocks.delete(block.id, { force: true })).toMatchObject({ deleted: true });
  });

  it('menu items: create, get, list, update; trash is refused with 501, force delete works', async () => {
    const title = unique('menu');
    const item = await cms.menuItems.create({ title, url: 'https://example.com/', status: 'publish' });
    expect(item).toMatchObject({ type: 'custom', url: 'https://example.com/', status: 'publish' });
    expect(await cms.menuItems.get(item.id)).toMatchObject({ id: item.id });
    expect((await cms.menuItems.list({ search: title })).items.map((i) => i.id)).toContain(item.id);
    const updated = await cms.menuItems.update(item.id, { title: `${title}!`, attr_title: 'Go' });
    expect(updated).toMatchObject({ title: { raw: `${title}!` }, attr_title: 'Go' });
    expect(await failure(() => cms.menuItems.delete(item.id))).toMatchObject({
      status: 501,
      code: 'rest_trash_not_supported',
    });
    expect(await cms.menuItems.delete(item.id, { force: true })).toMatchObject({ deleted: true });
  });

  it('menu items: description is plain text on create and update; one item is hidden from anonymous readers', async () => {
    const item = await cms.menuItems.create({
      title: unique('menu'),
      url: 'https://example.com/',
      description: 'Home',
    });
    expect(item.description).toBe('Home');
    expect((await cms.menuItems.update(item.id, { description: 'Front page' })).description).toBe('Front page');
    expect(await failure(() => clientFor(target, 'anonymous').menuItems.get(item.id))).toMatchObject({
      status: 401,
      code: 'rest_cannot_view',
    });
    await cms.menuItems.delete(item.id, { force: true });
  });
});
