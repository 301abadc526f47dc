/**
 * `@viewlink/cms/preview` (issue 24, item 3) on both targets: a draft reads as saved (anonymous
 * readers get nothing), a published post with a newer autosave reads with the autosave's title
 * and content, and a user who may not edit gets the server's error. With autosaves of two users:
 * the autosaves route lists both (newest first, each with its `author`); by default the preview
 * applies the newest of any user, as WordPress's own preview (`_set_preview()`) does;
 * `autosaveAuthor` narrows it to one user (`'me'`: the application password's, from `/users/me`).
 */
import { DraftPreview } from '@viewlink/cms/preview';
import { describe, expect, it } from 'vitest';
import { clientFor, failure, targets, unique } from './targets.js';

describe.each(targets())('draft previews on $name', (target) => {
  const cms = clientFor(target);
  const preview = (as: 'admin' | 'subscriber' | 'editor' = 'admin') =>
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

  it("two users' autosaves: both listed; the newest applies by default, autosaveAuthor picks one", async () => {
    const title = unique('two-editors');
    const post = await cms.posts.create({ title, content: '<p>live</p>', status: 'publish' });
    const asEditor = clientFor(target, 'editor');
    try {
      const admin = await cms.request('GET /cms/v2/posts/{id}', { id: post.id, context: 'edit' });
      const adminId = Number(admin.author);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const byAdmin = (await cms.posts.autosaves.create(post.id, { title: `${title} admin` })) as { id: number };
      // WordPress stamps in seconds: the editor's autosave is the newer one.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const byEditor = (await asEditor.posts.autosaves.create(post.id, { title: `${title} editor` })) as {
        id: number;
        author: number;
      };
      expect(byEditor.author).not.toBe(adminId);
      // The autosaves route lists every user's autosave, newest first, whoever asks.
      for (const reader of [cms, asEditor]) {
        const listed = await reader.posts.autosaves.list(post.id, { context: 'edit' });
        expect(listed.map((a) => [a.id, a.author])).toEqual([
          [byEditor.id, byEditor.author],
          [byAdmin.id, adminId],
        ]);
      }
      // WordPress's preview applies the newest autosave of any user: the admin's reader shows the editor's.
      expect((await preview().post(post.id)).preview).toMatchObject({ autosaveId: byEditor.id });
      expect((await preview().post(post.id)).title).toMatchObject({ raw: `${title} editor` });
      // Narrowed to one user: by id, or the reader's own user.
      expect((await preview().post(post.id, { autosaveAuthor: adminId })).title).toMatchObject({
        raw: `${title} admin`,
      });
      const mine = await preview().post(post.id, { autosaveAuthor: 'me' });
      expect(mine.preview).toMatchObject({ source: 'autosave', autosaveId: byAdmin.id, autosaveAuthor: adminId });
      const editors = await preview('editor').post(post.id, { autosaveAuthor: 'me' });
      expect(editors.preview).toMatchObject({ autosaveId: byEditor.id, autosaveAuthor: byEditor.author });
    } finally {
      await cms.posts.delete(post.id, { force: true });
    }
  });
});
