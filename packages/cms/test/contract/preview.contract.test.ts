/**
 * `@viewlink/cms/preview` (issue 24, item 3) on both targets: a draft reads as saved (anonymous
 * readers get nothing), a published post with a newer autosave reads with the autosave's title
 * and content, and a user who may not edit gets the server's error.
 */
import { DraftPreview } from '@viewlink/cms/preview';
import { describe, expect, it } from 'vitest';
import { clientFor, failure, targets, unique } from './targets.js';

describe.each(targets())('draft previews on $name', (target) => {
  const cms = clientFor(target);
  const preview = (as: 'admin' | 'subscriber' = 'admin') =>
    new DraftPreview({
      baseUrl: target.baseUrl,
      restRoot: target.restRoot,
      namespaces: target.namespaces,
      ...(target.compat ? { compat: target.compat } : {}),
      retry: false,
      auth: { username: target[as].username, applicationPassword: target[as].applicationPassword },
    });

  it('a draft reads as saved; anonymous readers cannot see it', async () => {
    const title = unique('draft');
    const draft = await cms.posts.create({ title, content: '<p>draft body</p>', status: 'draft' });
    try {
      const read = await preview().post(draft.id);
      expect(read).toMatchObject({ id: draft.id, status: 'draft', title: { raw: title } });
      expect(read.preview).toMatchObject({ source: 'record', autosaveId: undefined });
      expect(await failure(() => clientFor(target, 'anonymous').posts.get(draft.id))).toMatchObject({ status: 401 });
    } finally {
      await cms.posts.delete(draft.id, { force: true });
    }
  });

  it("a published post with a newer autosave reads with the autosave's title and content; others get 403", async () => {
    const title = unique('live');
    const post = await cms.posts.create({ title, content: '<p>live body</p>', status: 'publish' });
    const page = await cms.pages.create({ title, content: '<p>live page</p>', status: 'publish' });
    try {
      // WordPress stamps in seconds: the autosave must be at least a second newer than the record.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const autosave = (await cms.posts.autosaves.create(post.id, {
        title: `${title} edited`,
        content: '<p>unsaved edit</p>',
      })) as { id: number };
      await cms.pages.autosaves.create(page.id, { title: `${title} page edited`, content: '<p>page edit</p>' });
      const read = await preview().post(post.id);
      expect(read).toMatchObject({
        id: post.id,
        status: 'publish',
        title: { raw: `${title} edited` },
        content: { raw: '<p>unsaved edit</p>' },
      });
      expect(read.preview).toMatchObject({ source: 'autosave', autosaveId: autosave.id });
      // The live post is unchanged for readers.
      expect((await clientFor(target, 'anonymous').posts.get(post.id)).title?.rendered).toBe(title);
      expect(await preview().page(page.id)).toMatchObject({ title: { raw: `${title} page edited` } });
      expect(await failure(() => preview('subscriber').post(post.id))).toMatchObject({ status: 403 });
    } finally {
      await cms.posts.delete(post.id, { force: true });
      await cms.pages.delete(page.id, { force: true });
    }
  });
});
