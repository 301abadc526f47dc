/**
 * Revisions (list, get, delete with force) of posts, pages and blocks; autosaves (create, list,
 * get) of posts, pages, blocks and menu items; revisions and autosaves of a `theme//slug` template,
 * whose autosaves WordPress keeps one per user, as a post's.
 */
import { ValidationError } from '@viewlink/cms';
import { describe, expect, it } from 'vitest';
import { clientFor, failure, targets, unique } from './targets.js';

/** WordPress stamps dates in seconds: a wait that makes the next autosave the newer one. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));
/** What the checks read of a template autosave (its own number is `wp_id`). */
type TemplateAutosave = { wp_id: number; author: number; content: { raw: string } };

const TEMPLATE = 'twentytwentyfour//index';
const paragraph = (text: string) => `<!-- wp:paragraph --><p>${text}</p><!-- /wp:paragraph -->`;

describe.each(targets())('revisions and autosaves on $name', (target) => {
  const cms = clientFor(target);

  describe.each(['posts', 'pages', 'blocks'] as const)('%s', (type) => {
    it('an update creates a revision; list, get; delete with force is 403 rest_cannot_delete', async () => {
      const resource = cms[type];
      const record = await resource.create({ title: unique(type), content: 'v1', status: 'publish' });
      await resource.update(record.id, { content: 'v2' });
      const revisions = await resource.revisions.list(record.id);
      expect(revisions.total).toBe(revisions.items.length);
      expect(revisions.items.length).toBeGreaterThanOrEqual(1);
      const latest = revisions.items[0];
      if (!latest) throw new Error('no revision');
      expect(latest).toMatchObject({ parent: record.id, content: { rendered: expect.stringContaining('v2') } });
      const one = await resource.revisions.get(record.id, latest.id, { context: 'edit' });
      expect(one).toMatchObject({ id: latest.id, parent: record.id, content: { raw: 'v2' } });
      // Without force the client refuses before sending (revisions cannot be trashed).
      expect(
        await failure(() => resource.revisions.delete(record.id, latest.id, {} as unknown as { force: true })),
      ).toBeInstanceOf(ValidationError);
      // WordPress 6.5.5 maps `delete_post` on a post/page/block revision to `do_not_allow`: even an
      // administrator gets 403 rest_cannot_delete (template revisions can be deleted, below).
      expect(await failure(() => resource.revisions.delete(record.id, latest.id, { force: true }))).toMatchObject({
        status: 403,
        code: 'rest_cannot_delete',
      });
      await resource.delete(record.id, { force: true });
    });

    it('autosaves: create, list, get', async () => {
      const resource = cms[type];
      const record = await resource.create({ title: unique(type), content: 'saved', status: 'publish' });
      const autosave = await resource.autosaves.create(record.id, { content: 'autosaved draft' });
      // A published record gets a separate autosave revision whose parent is the record.
      expect(autosave).toMatchObject({ parent: record.id, content: { raw: 'autosaved draft' } });
      expect(autosave.id).not.toBe(record.id);
      const list = await resource.autosaves.list(record.id);
      expect(list.map((a) => a.id)).toEqual([autosave.id]);
      expect(await resource.autosaves.get(record.id, autosave.id)).toMatchObject({
        id: autosave.id,
        parent: record.id,
      });
      // WordPress 6.5.5 answers the newest autosave whatever the id (wp_get_post_autosave($parent)).
      expect(await resource.autosaves.get(record.id, autosave.id + 100_000)).toMatchObject({ id: autosave.id });
      await resource.delete(record.id, { force: true });
    });

    it('an autosave is a revision: listed (newest first) and read by the revisions routes, not deletable', async () => {
      const resource = cms[type];
      const record = await resource.create({ title: unique(type), content: 'v1', status: 'publish' });
      await resource.update(record.id, { content: 'v2' });
      const autosave = await resource.autosaves.create(record.id, { content: 'autosaved' });
      const revisions = await resource.revisions.list(record.id, { context: 'edit' });
      expect(revisions.total).toBe(2);
      expect(revisions.items.map((revision) => revision.slug)).toEqual([
        `${record.id}-autosave-v1`,
        `${record.id}-revision-v1`,
      ]);
      expect(revisions.items[0]).toMatchObject({ id: autosave.id, content: { raw: 'autosaved' } });
      expect(await resource.revisions.get(record.id, autosave.id)).toMatchObject({
        id: autosave.id,
        parent: record.id,
      });
      expect(await failure(() => resource.revisions.delete(record.id, autosave.id, { force: true }))).toMatchObject({
        status: 403,
        code: 'rest_cannot_delete',
      });
      await resource.delete(record.id, { force: true });
    });
  });

  it('menu items: autosaves create, list, get', async () => {
    const item = await cms.menuItems.create({ title: unique('menu'), url: 'https://example.com/', status: 'publish' });
    const autosave = await cms.menuItems.autosaves.create(item.id, { title: 'autosaved' });
    // (WordPress 6.5.5 keeps no title in a menu-item autosave: title.raw is '', so it is not compared.)
    expect(autosave).toMatchObject({ parent: item.id });
    expect(autosave.id).not.toBe(item.id);
    const list = await cms.menuItems.autosaves.list(item.id);
    expect(list.map((a) => a.id)).toEqual([autosave.id]);
    expect(await cms.menuItems.autosaves.get(item.id, autosave.id)).toMatchObject({ id: autosave.id, parent: item.id });
    await cms.menuItems.delete(item.id, { force: true });
  });

  it('a create stores no revision, each update one (a published post; a new template)', async () => {
    const post = await cms.posts.create({ title: unique('rev'), content: 'v1', status: 'publish' });
    expect((await cms.posts.revisions.list(post.id)).total).toBe(0);
    await cms.posts.update(post.id, { content: 'v2' });
    expect((await cms.posts.revisions.list(post.id)).total).toBe(1);
    await cms.posts.delete(post.id, { force: true });
    const slug = unique('tpl');
    const { id } = await cms.templates.create({ slug, title: slug, content: paragraph('v1') });
    const templateId = String(id); // `theme//slug`
    expect((await cms.templates.revisions.list(templateId)).items).toHaveLength(0);
    await cms.templates.update(templateId, { content: paragraph('v2') });
    expect((await cms.templates.revisions.list(templateId)).items).toHaveLength(1);
    await cms.templates.delete(templateId, { force: true });
  });

  it('deleting a template deletes its revisions and autosaves: a template made again under its id has none', async () => {
    const slug = unique('tpl');
    const templateId = String((await cms.templates.create({ slug, title: slug, content: paragraph('v1') })).id);
    await cms.templates.update(templateId, { content: paragraph('v2') });
    await cms.templates.autosaves.create(templateId, { content: paragraph('auto') });
    expect((await cms.templates.revisions.list(templateId)).items.length).toBeGreaterThan(0);
    expect(await cms.templates.autosaves.list(templateId)).toHaveLength(1);
    // The autosave is among the revisions, newest first (WordPress keeps it as a revision).
    const listed = (await cms.templates.revisions.list(templateId, { context: 'edit' })).items as unknown as {
      content: { raw: string };
    }[];
    expect(listed.map((revision) => revision.content.raw)).toEqual([paragraph('auto'), paragraph('v2')]);
    await cms.templates.delete(templateId, { force: true });
    expect(await failure(() => cms.templates.autosaves.list(templateId))).toMatchObject({
      status: 404,
      code: 'rest_post_invalid_parent',
    });
    // WordPress deletes the template's post with its children (wp_delete_post); the same id is a new post.
    await cms.templates.create({ slug, title: slug, content: paragraph('again') });
    try {
      expect((await cms.templates.revisions.list(templateId)).items).toEqual([]);
      expect(await cms.templates.autosaves.list(templateId)).toEqual([]);
    } finally {
      await cms.templates.delete(templateId, { force: true });
    }
  });

  it("templates: one autosave per template and user: two administrators' both listed, newest first; a user's next replaces theirs", async () => {
    const slug = unique('tpl-autosaves');
    const { id } = await cms.templates.create({ slug, title: slug, content: paragraph('live') });
    const template = String(id);
    const second = clientFor(target, 'admin2');
    const autosave = async (client: typeof cms, text: string) =>
      (await client.templates.autosaves.create(template, { content: paragraph(text) })) as unknown as TemplateAutosave;
    const listed = async (client: typeof cms) =>
      ((await client.templates.autosaves.list(template, { context: 'edit' })) as unknown as TemplateAutosave[]).map(
        (a) => [a.wp_id, a.author, a.content.raw],
      );
    try {
      const first = await autosave(cms, 'admin 1');
      await nextSecond();
      const other = await autosave(second, 'admin2');
      expect(other.wp_id).not.toBe(first.wp_id);
      expect(other.author).not.toBe(first.author);
      // Every user's autosave, newest first, whoever asks; a read by id answers the newest.
      for (const reader of [cms, second])
        expect(await listed(reader)).toEqual([
          [other.wp_id, other.author, paragraph('admin2')],
          [first.wp_id, first.author, paragraph('admin 1')],
        ]);
      expect(await cms.templates.autosaves.get(template, first.wp_id)).toMatchObject({ wp_id: other.wp_id });
      await nextSecond();
      // The first administrator's next autosave replaces theirs (same wp_id); the other's stays.
      const again = await autosave(cms, 'admin 2');
      expect(again.wp_id).toBe(first.wp_id);
      expect(await listed(cms)).toEqual([
        [first.wp_id, first.author, paragraph('admin 2')],
        [other.wp_id, other.author, paragraph('admin2')],
      ]);
    } finally {
      await cms.templates.delete(template, { force: true });
    }
  });

  it('templates are for administrators: an editor gets 403 on every template route, rest_cannot_read on history reads', async () => {
    const slug = unique('tpl-editor');
    const { id } = await cms.templates.create({ slug, title: slug, content: paragraph('live') });
    const template = String(id);
    const editor = clientFor(target, 'editor');
    const manage = { status: 403, code: 'rest_cannot_manage_templates' };
    try {
      const saved = (await cms.templates.autosaves.create(template, { content: paragraph('auto') })) as unknown as {
        wp_id: number;
      };
      expect(await failure(() => editor.templates.list())).toMatchObject(manage);
      expect(await failure(() => editor.templates.get(template))).toMatchObject(manage);
      expect(await failure(() => editor.templates.update(template, { content: paragraph('x') }))).toMatchObject(manage);
      expect(
        await failure(() => editor.templates.autosaves.create(template, { content: paragraph('x') })),
      ).toMatchObject(manage);
      // The history routes check the template's post (edit_post), which an editor may not edit either.
      const read = { status: 403, code: 'rest_cannot_read' };
      expect(await failure(() => editor.templates.revisions.list(template))).toMatchObject(read);
      expect(await failure(() => editor.templates.autosaves.list(template))).toMatchObject(read);
      expect(await failure(() => editor.templates.autosaves.get(template, saved.wp_id))).toMatchObject(read);
    } finally {
      await cms.templates.delete(template, { force: true });
    }
  });

  it(`templates: ${TEMPLATE} update creates revisions; list, get, delete with force; autosaves create, list`, async () => {
    await cms.templates.update(TEMPLATE, { content: paragraph(unique('tpl')) });
    const text = unique('tpl');
    const updated = await cms.templates.update(TEMPLATE, { content: paragraph(text) });
    expect(updated).toMatchObject({ id: TEMPLATE, source: 'custom' });
    const revisions = await cms.templates.revisions.list(TEMPLATE);
    expect(revisions.items.length).toBeGreaterThanOrEqual(1);
    // A template revision's `id` is the template's `theme//slug` id; its own number is `wp_id`.
    const first = revisions.items[0] as { id: unknown; wp_id: number; parent: number };
    expect(first).toMatchObject({ id: TEMPLATE, wp_id: expect.any(Number), content: { raw: paragraph(text) } });
    const one = await cms.templates.revisions.get(TEMPLATE, first.wp_id, { context: 'edit' });
    expect(one).toMatchObject({ id: TEMPLATE, wp_id: first.wp_id, parent: first.parent });
    const autosave = await cms.templates.autosaves.create(TEMPLATE, { content: paragraph('auto') });
    expect(autosave).toMatchObject({ id: TEMPLATE, wp_id: expect.any(Number), content: { raw: paragraph('auto') } });
    const autosaves = await cms.templates.autosaves.list(TEMPLATE);
    expect(autosaves.map((a) => (a as { wp_id: number }).wp_id)).toContain((autosave as { wp_id: number }).wp_id);
    expect(await cms.templates.autosaves.get(TEMPLATE, (autosave as { wp_id: number }).wp_id)).toMatchObject({
      id: TEMPLATE,
      wp_id: (autosave as { wp_id: number }).wp_id,
    });
    expect(await cms.templates.autosaves.get(TEMPLATE, 999_999)).toMatchObject({
      wp_id: (autosave as { wp_id: number }).wp_id,
    });
    expect(await cms.templates.revisions.delete(TEMPLATE, first.wp_id, { force: true })).toMatchObject({
      deleted: true,
    });
    expect(await failure(() => cms.templates.revisions.get(TEMPLATE, first.wp_id))).toMatchObject({ status: 404 });
  });
});
