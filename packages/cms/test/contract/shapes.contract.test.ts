/**
 * The targets agree on the shape of what the client reads: the field names of a record as
 * created (edit context) and as listed (view context), per content type.
 */
import { describe, expect, it } from 'vitest';
import { clientFor, targets, templateWithRevision, unique } from './targets.js';

type Shape = Record<string, string[]>;

async function shapes(target: ReturnType<typeof targets>[number]): Promise<Shape> {
  const cms = clientFor(target);
  const keys = (record: unknown) =>
    Object.keys(record as object)
      .filter((key) => key !== '_links')
      .sort();
  const post = await cms.posts.create({ title: unique('shape'), content: 'x', status: 'publish' });
  const page = await cms.pages.create({ title: unique('shape'), status: 'publish' });
  const block = await cms.blocks.create({ title: unique('shape'), content: 'x', status: 'publish' });
  const item = await cms.menuItems.create({ title: unique('shape'), url: 'https://example.com/', status: 'publish' });
  const listedPost = (await cms.posts.list({ include: [post.id] })).items[0];
  await cms.posts.update(post.id, { content: 'y' });
  const revision = (await cms.posts.revisions.list(post.id)).items[0];
  const autosave = await cms.posts.autosaves.create(post.id, { content: 'z' });
  await templateWithRevision(cms);
  const template = await cms.templates.get('twentytwentyfour//index', { context: 'edit' });
  const templateRevision = (await cms.templates.revisions.list('twentytwentyfour//index')).items[0];
  const result: Shape = {
    'post (create)': keys(post),
    'post (list, view)': keys(listedPost),
    'post revision (list)': keys(revision),
    'post autosave (create)': keys(autosave),
    'template (get, edit)': keys(template),
    'template revision (list)': keys(templateRevision),
    'page (create)': keys(page),
    'block (create)': keys(block),
    'menu item (create)': keys(item),
    'post trash': keys(await cms.posts.delete(post.id)),
    'post force delete': keys(await cms.posts.delete(post.id, { force: true })),
  };
  await cms.pages.delete(page.id, { force: true });
  await cms.blocks.delete(block.id, { force: true });
  await cms.menuItems.delete(item.id, { force: true });
  return result;
}

describe('record shapes: the targets agree', () => {
  it('field names per record type are the same on every target', async () => {
    const all = targets();
    const results = [];
    for (const target of all) results.push({ name: target.name, shape: await shapes(target) });
    const [first, ...rest] = results;
    if (!first) throw new Error('no target');
    // Per record type: the fields only one side has (empty on both sides when the targets agree).
    const differences: Record<string, Record<string, string[]>> = {};
    for (const other of rest) {
      for (const [type, fields] of Object.entries(first.shape)) {
        const theirs = other.shape[type] ?? [];
        const onlyFirst = fields.filter((f) => !theirs.includes(f));
        const onlyOther = theirs.filter((f) => !fields.includes(f));
        if (onlyFirst.length > 0 || onlyOther.length > 0) {
          differences[type] = { [`only on ${first.name}`]: onlyFirst, [`only on ${other.name}`]: onlyOther };
        }
      }
    }
    expect(differences).toEqual({});
  });
});
