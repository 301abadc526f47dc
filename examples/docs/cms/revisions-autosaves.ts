import type { CmsClient } from '@viewlink/cms';

declare const cms: CmsClient;
declare const postId: number;
declare const pageId: number;

const revisions = await cms.posts.revisions.list(postId);
const one = await cms.posts.revisions.get(postId, revisions.items[0]!.id);
await cms.posts.revisions.delete(postId, one.id, { force: true }); // force is required

await cms.pages.autosaves.create(pageId, { content: 'work in progress' });
const autosaves = await cms.pages.autosaves.list(pageId);

await cms.templates.revisions.list('twentytwentyfour//index');
await cms.templates.autosaves.create('twentytwentyfour//index', { content: '<!-- wp:paragraph -->...' });

export { autosaves };
