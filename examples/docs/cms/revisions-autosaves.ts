import type { CmsClient } from '@viewlink/cms';

/** Revisions and autosaves of a post, a page and a template. */
export async function revisionsAndAutosaves(cms: CmsClient, postId: number, pageId: number) {
  const revisions = await cms.posts.revisions.list(postId);
  const one = await cms.posts.revisions.get(postId, revisions.items[0]!.id);
  // Post, page and block revisions stay: WordPress lets no one delete them (403
  // rest_cannot_delete, even for an administrator). A template's revisions can be deleted.

  await cms.pages.autosaves.create(pageId, { content: 'work in progress' });
  const autosaves = await cms.pages.autosaves.list(pageId);

  const template = 'twentytwentyfour//index';
  const oldest = (await cms.templates.revisions.list(template)).items.at(-1);
  if (oldest?.wp_id !== undefined) await cms.templates.revisions.delete(template, oldest.wp_id, { force: true }); // force is required
  await cms.templates.autosaves.create(template, { content: '<!-- wp:paragraph -->...' });

  return { one, autosaves };
}
