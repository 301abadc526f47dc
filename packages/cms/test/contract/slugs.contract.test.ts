/**
 * What a headless site's routes read, on both targets: a post by its slug (`/blog/[slug]`), an
 * author's posts, and a slug that matches nothing. WordPress 6.5.5 stores a slug without accents
 * and other non-ASCII letters percent-encoded in lowercase; a `slug` query is lowercased but keeps
 * its accents. The fake once ignored `slug` and `author` and answered every post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, targets, unique } from './targets.js';

describe.each(targets())('slugs and authors of a headless site on $name', (target) => {
  const cms = clientFor(target);
  const editor = clientFor(target, 'editor');
  const marker = unique('slugs');
  const ids: number[] = [];
  const posts = { accented: { id: 0, slug: '' }, japanese: { id: 0, slug: '' }, byEditor: 0 };
  beforeAll(async () => {
    const accented = await cms.posts.create({
      title: `${marker} Café`,
      slug: `${marker}-Café Über`,
      status: 'publish',
    });
    const japanese = await cms.posts.create({ title: `${marker} 日本語`, status: 'publish' });
    const byEditor = await editor.posts.create({ title: `${marker} by the editor`, status: 'publish' });
    posts.accented = { id: accented.id, slug: accented.slug ?? '' };
    posts.japanese = { id: japanese.id, slug: japanese.slug ?? '' };
    posts.byEditor = byEditor.id;
    ids.push(accented.id, japanese.id, byEditor.id);
  });
  afterAll(async () => {
    for (const id of ids) await cms.posts.delete(id, { force: true }).catch(() => undefined);
  });
  const idsOf = async (query: Parameters<typeof cms.posts.list>[0]) =>
    (await cms.posts.list({ ...query, _fields: ['id'] })).items.map((post) => post.id).sort((a, b) => a - b);

  it('stores a slug without accents, and other letters percent-encoded in lowercase', () => {
    expect(posts.accented.slug).toBe(`${marker}-cafe-uber`);
    expect(posts.japanese.slug).toBe(`${marker}-%e6%97%a5%e6%9c%ac%e8%aa%9e`);
  });

  it('finds one post by its stored slug, by its unicode spelling, and in any case', async () => {
    expect(await idsOf({ slug: [posts.accented.slug] })).toEqual([posts.accented.id]);
    expect(await idsOf({ slug: [posts.accented.slug.toUpperCase()] })).toEqual([posts.accented.id]);
    expect(await idsOf({ slug: [posts.japanese.slug] })).toEqual([posts.japanese.id]);
    expect(await idsOf({ slug: [`${marker}-日本語`] })).toEqual([posts.japanese.id]);
    expect(await idsOf({ slug: [posts.accented.slug, posts.japanese.slug] })).toEqual(
      [posts.accented.id, posts.japanese.id].sort((a, b) => a - b),
    );
  });

  it('a slug query keeps its accents: the accented spelling finds nothing', async () => {
    expect(await idsOf({ slug: [`${marker}-café-über`] })).toEqual([]);
  });

  it('a slug that matches nothing is an empty first page, not an error', async () => {
    const page = await cms.posts.list({ slug: [`${marker}-no-such-post`] });
    expect([page.items, page.total, page.totalPages, page.nextPage]).toEqual([[], 0, 0, undefined]);
  });

  it('author narrows the list to that author', async () => {
    const me = await editor.requestRaw<{ id: number }>({ method: 'GET', path: '/cms/v2/users/me' });
    expect(await idsOf({ search: marker, author: [me.data.id] })).toEqual([posts.byEditor]);
  });
});
