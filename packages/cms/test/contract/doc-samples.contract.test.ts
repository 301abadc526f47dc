/**
 * The stock-WordPress samples of the guides and the README (issue 24, item 2), run as they are
 * printed against the real WordPress 6.5.5: each is imported with the environment it reads
 * (`WP_URL`, `WP_USER`, `WP_APP_PASSWORD`; `.wp/env.json` for docs/wordpress.md's) and its exports
 * checked. On the fake there is nothing to run: the samples drive a stock WordPress through the
 * `compat: 'wordpress'` profile, which is what they document. A sample written for any client
 * (a function taking it) runs on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, targets, templateWithRevision, unique } from './targets.js';

const samples = new URL('../../../../examples/', import.meta.url);
/** Imports one sample file (its top-level code runs once, as `node file.ts` would run it). */
const run = (path: string) => import(/* @vite-ignore */ new URL(path, samples).href);

describe.each(targets())('the stock-WordPress samples on $name', (target) => {
  const onWordPress = target.name === 'wordpress';
  const cms = clientFor(target);
  const saved = { ...process.env };
  beforeAll(() => {
    if (!onWordPress) return;
    process.env.WP_URL = target.baseUrl;
    process.env.WP_USER = target.admin.username;
    process.env.WP_APP_PASSWORD = target.admin.applicationPassword;
  });
  afterAll(() => {
    for (const name of ['WP_URL', 'WP_USER', 'WP_APP_PASSWORD']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('docs/cms.md "A stock WordPress": discovery, and a block round trip with the spec names', async () => {
    if (!onWordPress) return;
    const { read, report } = await run('docs/cms/stock-wordpress.ts');
    expect(report.missingNamespaces).toEqual(expect.arrayContaining(['seo', 'forms']));
    expect(report.batchableRoutes).toContain('POST /cms/v2/posts');
    expect(read.meta.pattern_sync_status).toBe('unsynced');
    expect(read.wp_pattern_sync_status).toBe('unsynced');
  });

  it('docs/wordpress.md: the client of the local site, with the profile', async () => {
    if (!onWordPress) return;
    const { latest, wp } = await run('docs/wordpress/wordpress-client.ts');
    expect(typeof latest.total).toBe('number');
    expect(String(await wp.restRoot())).toBe(target.restRoot);
  });

  it('docs/cms.md: template revisions read by wp_id', async () => {
    if (!onWordPress) return;
    // The sample reads the revisions of a saved template.
    await templateWithRevision(cms);
    const { revision, revisions } = await run('docs/cms/template-revisions.ts');
    expect(revisions.items.length).toBeGreaterThan(0);
    expect(revision).toMatchObject({ id: 'twentytwentyfour//index', wp_id: revisions.items[0].wp_id });
  });

  it('docs/cms.md "Revisions and autosaves": what the sample does works on both (no post revision delete)', async () => {
    const post = await cms.posts.create({ title: unique('rev'), content: 'v1', status: 'publish' });
    await cms.posts.update(post.id, { content: 'v2' });
    const page = await cms.pages.create({ title: unique('page'), status: 'publish' });
    // The sample lists the index template's revisions: saved here, not by another file first.
    await templateWithRevision(cms);
    try {
      const { revisionsAndAutosaves } = await run('docs/cms/revisions-autosaves.ts');
      const { one, autosaves } = await revisionsAndAutosaves(cms, post.id, page.id);
      expect(one).toMatchObject({ parent: post.id });
      expect(autosaves[0]).toMatchObject({ parent: page.id });
    } finally {
      await cms.posts.delete(post.id, { force: true });
      await cms.pages.delete(page.id, { force: true });
    }
  });

  it('docs/cms.md "A small browser bundle": PostsClient and PagesClient with the profile, and the README sample', async () => {
    if (!onWordPress) return;
    const title = unique('sample');
    const created = await cms.posts.create({ title, status: 'publish' });
    try {
      const { page, post, about } = await run('docs/cms/posts-client.ts');
      expect(page.items.map((p: { id: number }) => p.id)).toContain(created.id);
      expect(post.title.rendered).toBe(page.items[0].title.rendered);
      expect(Array.isArray(about.items)).toBe(true);
      await run('readme/cms.ts');
    } finally {
      await cms.posts.delete(created.id, { force: true });
    }
  });

  it('packages/cms/README.md (the npm page): a draft created with the profile, then every published post read', async () => {
    if (!onWordPress) return;
    const { draft } = await run('readme/packages/cms.ts');
    try {
      expect(draft).toMatchObject({ status: 'draft', title: { raw: 'Hello' } });
    } finally {
      await cms.posts.delete(draft.id, { force: true });
    }
  });
});
